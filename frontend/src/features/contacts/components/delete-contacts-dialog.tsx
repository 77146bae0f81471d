import { ConfirmDeleteDialog } from '../../../components/ui/confirm-dialog.tsx';

/** The contacts a deletion takes: their ids, and their names as the table shows them. */
export interface ContactsToDelete {
  ids: number[];
  names: string[];
}

/** How many names the question spells out before "and N more". */
const NAMED = 5;

/** "Delete 김민준?" for one contact; several are named too, the first few of them. */
export function deleteQuestion({ ids, names }: ContactsToDelete): string {
  if (ids.length === 1 && names.length === 1) return `Delete ${names[0]}?`;
  const shown = names.slice(0, NAMED).join(', ');
  const more = ids.length - Math.min(names.length, NAMED);
  return `Delete ${ids.length} contacts${shown ? `: ${shown}${more > 0 ? ` and ${more} more` : ''}` : ''}?`;
}

/** The delete-contact confirmation (a row's Delete, or Delete Selected), naming the contacts. */
export function DeleteContactsDialog({
  target,
  onCancel,
  onConfirm,
}: {
  target: ContactsToDelete | null;
  onCancel: () => void;
  onConfirm: (ids: number[]) => Promise<void>;
}) {
  return (
    <ConfirmDeleteDialog
      subject={target}
      title="Delete Contacts"
      question={deleteQuestion}
      onCancel={onCancel}
      onConfirm={(subject) => onConfirm(subject.ids)}
    />
  );
}
