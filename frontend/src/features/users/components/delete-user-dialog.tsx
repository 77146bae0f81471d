import type { Schemas } from '@job-casting/contracts';
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';

interface DeleteUserDialogProps {
  user: Schemas['UserDto'] | null;
  onCancel: () => void;
  onConfirm: (user: Schemas['UserDto']) => Promise<void>;
}

export function DeleteUserDialog({ user, onCancel, onConfirm }: DeleteUserDialogProps) {
  const [isDeleting, setDeleting] = useState(false);

  return (
    <Dialog title="Confirm Deletion" role="alertdialog" size="sm" isOpen={!!user} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <p className="text-sm text-slate-700">Are you sure you want to delete this user? This action cannot be undone.</p>
      {user && (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {user.name} · {user.email}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button slot="close" variant="secondary" autoFocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          isPending={isDeleting}
          onPress={async () => {
            if (!user) return;
            setDeleting(true);
            try {
              await onConfirm(user);
            } finally {
              setDeleting(false);
            }
          }}
        >
          {isDeleting ? 'Deleting…' : 'Delete'}
        </Button>
      </div>
    </Dialog>
  );
}
