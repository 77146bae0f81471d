import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.tsx';
import { useSelectedMailAccountId } from '../../../lib/use-selected-mail-account.ts';
import { selectModels, useSelectedModels } from '../../models/index.ts';
import type { Post } from '../api/use-dashboard-posts.ts';
import { ModelPickerDialog } from '../../models/index.ts';
import type { SendAction } from './post-card.tsx';
import { SendEmailChoiceDialog } from './send-email-choice-dialog.tsx';
import { SendEmailDialog, type SendMode } from './send-email-dialog.tsx';
import { countOf } from '../../../lib/count-words.ts';

/** Spec §5: Quick Message needs the post's phone. */
export const NO_PHONE_MESSAGE = '전화번호가 누락되었습니다. 전화번호가 없는 경우 메시지를 보낼 수 없습니다.';

/** The picker adds to what the post already has: models are removed one at a time in the send dialog. */
function PickerForPost({ post, onClose }: { post: Post | null; onClose: () => void }) {
  const current = useSelectedModels(post?.postId ?? null);
  return (
    <ModelPickerDialog
      isOpen={post !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
      postId={post?.postId ?? null}
      onFinish={(models) => {
        if (!post) return;
        const ids = [
          ...new Set([...(current.data ?? []).map((model) => model.id), ...models.map((model) => model.id)]),
        ];
        selectModels(post.postId, ids).then(
          () => toast.success(`${countOf(ids.length, 'model')} selected for ${post.postId}`),
          () => toast.error('Failed to save the selected models. Please try again.'),
        );
      }}
    />
  );
}

/**
 * The card buttons that send: Send Email (which asks: Simple or Specify), Simple, Specify, Select Models, Quick Message (spec §2). E-mails go
 * from `accountId` (the dashboard's account), else from the stored account.
 */
export function usePostSendActions(accountId?: number | null) {
  const navigate = useNavigate();
  const storedIdText = useSelectedMailAccountId();
  const storedId = storedIdText && /^\d+$/.test(storedIdText) ? Number(storedIdText) : null;
  const senderId = accountId ?? storedId;
  const [sending, setSending] = useState<{ post: Post; mode: SendMode } | null>(null);
  const [pickingFor, setPickingFor] = useState<Post | null>(null);
  /** Send Email asks which way first: Simple or Specify (the two spec'd ways an e-mail is written). */
  const [choosingFor, setChoosingFor] = useState<Post | null>(null);

  const onSendAction = (action: SendAction, post: Post) => {
    switch (action) {
      case 'Send Email':
        setChoosingFor(post);
        break;
      case 'Specify':
        setSending({ post, mode: 'specify' });
        break;
      case 'Simple':
        setSending({ post, mode: 'simple' });
        break;
      case 'Select Models':
        setPickingFor(post);
        break;
      case 'Quick Message': {
        const phone = post.data.phoneCall?.trim();
        if (!phone) toast.error(NO_PHONE_MESSAGE);
        else void navigate(paths.messageSender(phone));
        break;
      }
    }
  };

  const dialogs = (
    <>
      <SendEmailChoiceDialog
        post={choosingFor}
        onClose={() => setChoosingFor(null)}
        onChoose={(post, mode) => {
          setChoosingFor(null);
          setSending({ post, mode });
        }}
      />
      <SendEmailDialog
        post={sending?.post ?? null}
        mode={sending?.mode ?? 'specify'}
        accountId={senderId}
        onClose={() => setSending(null)}
        onSelectModels={setPickingFor}
      />
      <PickerForPost post={pickingFor} onClose={() => setPickingFor(null)} />
    </>
  );
  return { onSendAction, dialogs };
}
