import type { Schemas } from '@job-casting/contracts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

interface DeleteUserDialogProps {
  user: Schemas['UserDto'] | null;
  onCancel: () => void;
  onConfirm: (user: Schemas['UserDto']) => Promise<void>;
}

export function DeleteUserDialog({ user, onCancel, onConfirm }: DeleteUserDialogProps) {
  return (
    <ConfirmDialog
      subject={user}
      title="Confirm Deletion"
      question="Are you sure you want to delete this user? This action cannot be undone."
      describe={(subject) => `${subject.name} · ${subject.email}`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
