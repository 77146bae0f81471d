import { useId, useState } from 'react';
import { Label, TextArea, TextField } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog.tsx';
import { toast } from '../../../lib/toast.tsx';
import { saveMemo } from '../api/update-post.ts';
import type { Post } from '../api/use-dashboard-posts.ts';

const MEMO_MAX_LENGTH = 2000;

function MemoForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const formId = useId();
  const [memo, setMemo] = useState(post.memo ?? '');
  const [isSaving, setSaving] = useState(false);
  // A failure is shown in the dialog it answers, beside the memo still typed, not in a toast away from it.
  const [failure, setFailure] = useState<string | null>(null);

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      await saveMemo(post.postId, memo);
      toast.success('Memo updated successfully');
      onDone();
    } catch {
      setFailure('Failed to update memo.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      id={formId}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {post.data.postTitle && <p className="mb-3 text-sm text-slate-600">{post.data.postTitle}</p>}
      <TextField
        value={memo}
        onChange={setMemo}
        maxLength={MEMO_MAX_LENGTH}
        autoFocus
        className="flex flex-col gap-1.5"
      >
        <Label className="text-sm font-medium text-slate-800">Memo</Label>
        <TextArea
          rows={6}
          className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs outline-none
            focus:border-brand-600 focus:ring-2 focus:ring-brand-600/40"
        />
      </TextField>
      <p className="mt-1 text-right text-xs text-slate-600">
        {memo.length}/{MEMO_MAX_LENGTH}
      </p>
      {failure && <Alert>{failure}</Alert>}
      <DialogFormActions form={formId} isSaving={isSaving} />
    </form>
  );
}

/** Memo dialog titled Add Memo or Update Memo (spec §2). */
export function MemoDialog({ post, onClose }: { post: Post | null; onClose: () => void }) {
  return (
    <Dialog
      title={post?.memo ? 'Update Memo' : 'Add Memo'}
      isOpen={!!post}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      {post && <MemoForm key={post.postId} post={post} onDone={onClose} />}
    </Dialog>
  );
}
