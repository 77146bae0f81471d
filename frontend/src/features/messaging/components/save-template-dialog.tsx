import { useId, useState } from 'react';
import { Form } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import { createMessageTemplate } from '../api/message-templates.ts';
import { FILE_MODE_WORDS } from './attachments.ts';
import type { MessageDraft } from './recipients.ts';

function SaveTemplateForm({ draft, onSaved }: { draft: MessageDraft; onSaved: () => void }) {
  const formId = useId();
  const [title, setTitle] = useState('');
  const [titleError, setTitleError] = useState<string>();
  const [isSaving, setSaving] = useState(false);
  // Problems are shown in the dialog they answer, not in a toast away from it.
  const [problem, setProblem] = useState<string | null>(null);

  const save = async () => {
    if (!title.trim()) return setTitleError('Please enter the template title.');
    if (!draft.message.trim()) return setProblem('Please enter the message content.');
    setSaving(true);
    setProblem(null);
    try {
      const saved = await createMessageTemplate({
        title: title.trim(),
        message: draft.message,
        fileType: FILE_MODE_WORDS[draft.fileType],
        files: draft.files.map((file) => file.id),
      });
      toast.success(saved.message ?? '새 템플릿이 추가되었습니다.');
      onSaved();
    } catch (failure) {
      setProblem(
        failure instanceof ApiError
          ? errorMessage(failure, 'Failed to save template')
          : 'An error occurred while saving the template.',
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form
      id={formId}
      validationBehavior="aria"
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <TextField
        label="Template title"
        value={title}
        onChange={(value) => {
          setTitle(value);
          setTitleError(undefined);
        }}
        error={titleError}
        autoFocus
      />
      {problem && <Alert>{problem}</Alert>}
      <DialogFormActions form={formId} isSaving={isSaving} />
    </Form>
  );
}

interface SaveTemplateDialogProps {
  /** Open while set: the editor's message and pictures to keep as a template. */
  draft: MessageDraft | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Save Template: the editor's message and pictures kept under a title (title input, Cancel and Save). */
export function SaveTemplateDialog({ draft, onClose, onSaved }: SaveTemplateDialogProps) {
  return (
    <Dialog title="Save Template" size="sm" isOpen={draft !== null} onOpenChange={(open) => !open && onClose()}>
      {draft && <SaveTemplateForm draft={draft} onSaved={onSaved} />}
    </Dialog>
  );
}
