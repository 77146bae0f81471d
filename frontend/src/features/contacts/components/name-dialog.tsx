import { useId, useState } from 'react';
import { Dialog, DialogFormActions } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';

interface NameDialogProps {
  title: string;
  label: string;
  isOpen: boolean;
  /** The name trimmed; resolves to a message to show under the field, or null when done. */
  onSubmit: (name: string) => Promise<string | null>;
  onClose: () => void;
}

function NameForm({ label, onSubmit, onClose }: Omit<NameDialogProps, 'title' | 'isOpen'>) {
  const formId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [isSaving, setSaving] = useState(false);
  return (
    <form
      id={formId}
      onSubmit={async (event) => {
        event.preventDefault();
        const trimmed = name.trim();
        if (!trimmed) return setError(`Please enter a ${label.toLowerCase()}`);
        setSaving(true);
        try {
          const problem = await onSubmit(trimmed);
          if (problem) setError(problem);
          else onClose();
        } finally {
          setSaving(false);
        }
      }}
    >
      <TextField label={label} value={name} onChange={setName} error={error} isRequired autoFocus />
      <DialogFormActions form={formId} isSaving={isSaving} />
    </form>
  );
}

/** Add Group, and creating an address book: one trimmed, required name. */
export function NameDialog({ title, isOpen, onClose, ...form }: NameDialogProps) {
  return (
    <Dialog title={title} size="sm" isOpen={isOpen} onOpenChange={(open) => !open && onClose()}>
      {isOpen && <NameForm {...form} onClose={onClose} />}
    </Dialog>
  );
}
