import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';

/** The delete-contact confirmation (a row's Delete, or Delete Selected). */
export function DeleteContactsDialog({ contactIds, onCancel, onConfirm }: { contactIds: number[] | null; onCancel: () => void; onConfirm: (ids: number[]) => Promise<void> }) {
  return (
    <ConfirmDialog
      subject={contactIds}
      title="Delete Contacts"
      question="Are you sure you want to delete the selected contacts?"
      describe={(ids) => `${ids.length} contact(s)`}
      confirmLabel="Delete"
      busyLabel="Deleting…"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
