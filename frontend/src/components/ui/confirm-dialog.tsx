import { type ReactNode, useState } from 'react';
import { Button } from './button.tsx';
import { Dialog, DialogActions } from './dialog.tsx';

interface ConfirmDialogProps<T> {
  /** What is to be acted on; the dialog is open while it is set. */
  subject: T | null;
  title: string;
  /** The question, or the question about this subject (naming it). */
  question: ReactNode | ((subject: T) => ReactNode);
  /** The subject as staff recognise it, shown under the question. */
  describe?: (subject: T) => ReactNode;
  confirmLabel: string;
  busyLabel: string;
  onCancel: () => void;
  onConfirm: (subject: T) => Promise<void>;
}

/** A destructive action's confirmation: Cancel has the focus; the action shows its progress while it runs. */
export function ConfirmDialog<T>({
  subject,
  title,
  question,
  describe,
  confirmLabel,
  busyLabel,
  onCancel,
  onConfirm,
}: ConfirmDialogProps<T>) {
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog
      title={title}
      role="alertdialog"
      size="sm"
      isOpen={subject !== null}
      onOpenChange={(isOpen) => !isOpen && onCancel()}
    >
      {subject !== null && (
        <>
          <p className="text-sm text-slate-700">{typeof question === 'function' ? question(subject) : question}</p>
          {describe && (
            <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">{describe(subject)}</p>
          )}
        </>
      )}
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

interface ConfirmDeleteDialogProps<T> {
  /** What is to be deleted; the dialog is open while it is set. */
  subject: T | null;
  title: string;
  /** The question naming the subject: "Delete 김민준?", "Delete the template 'Audition notice'?". */
  question: (subject: T) => string;
  /** More about the subject when its name alone may not tell it apart. */
  describe?: (subject: T) => ReactNode;
  onCancel: () => void;
  /** Runs on Delete only; the dialog shows Deleting… meanwhile. */
  onConfirm: (subject: T) => Promise<void>;
}

/** A deletion's confirmation naming what goes: Cancel (focused) keeps it, Delete deletes it. */
export function ConfirmDeleteDialog<T>({
  subject,
  title,
  question,
  describe,
  onCancel,
  onConfirm,
}: ConfirmDeleteDialogProps<T>) {
  return (
    <ConfirmDialog
      subject={subject}
      title={title}
      question={(item: T) => <span className="font-medium text-slate-900">{question(item)}</span>}
      describe={describe}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
