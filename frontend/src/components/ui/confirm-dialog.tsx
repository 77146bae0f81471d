import { type ReactNode, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';

interface ConfirmDialogProps<T> {
  /** What is to be acted on; the dialog is open while it is set. */
  subject: T | null;
  title: string;
  question: ReactNode;
  /** The subject as staff recognise it, shown under the question. */
  describe: (subject: T) => ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onConfirm: (subject: T) => Promise<void>;
}

/** A destructive action's confirmation: Cancel has the focus; the action shows its progress while it runs. */
export function ConfirmDialog<T>({ subject, title, question, describe, confirmLabel, busyLabel, onCancel, onConfirm }: ConfirmDialogProps<T>) {
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog title={title} role="alertdialog" size="sm" isOpen={subject !== null} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <p className="text-sm text-slate-700">{question}</p>
      {subject !== null && <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">{describe(subject)}</p>}
      <DialogActions>
        <Button slot="close" variant="secondary" autoFocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          isPending={isBusy}
          onPress={async () => {
            if (subject === null) return;
            setBusy(true);
            try {
              await onConfirm(subject);
            } finally {
              setBusy(false);
            }
          }}
        >
          {isBusy ? busyLabel : confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
