import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { countOf } from '../../../lib/count-words.ts';

/** The send-selected confirmation: the checked contacts go to the message sender. */
export function SendSelectedDialog({
  contactIds,
  onSend,
  onClose,
}: {
  contactIds: number[] | null;
  onSend: (ids: number[]) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      title="Send Selected Items"
      role="alertdialog"
      size="sm"
      isOpen={contactIds !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      <p className="text-sm text-slate-700">
        Send {countOf(contactIds?.length ?? 0, 'selected contact')} to the message sender?
      </p>
      <DialogActions>
        <Button slot="close" variant="secondary" autoFocus>
          Cancel
        </Button>
        <Button onPress={() => contactIds && onSend(contactIds)}>Send</Button>
      </DialogActions>
    </Dialog>
  );
}

/** Leaving (or switching books) with edits not saved yet. */
export function UnsavedChangesDialog({
  isOpen,
  count,
  onStay,
  onLeave,
}: {
  isOpen: boolean;
  count: number;
  onStay: () => void;
  onLeave: () => void;
}) {
  return (
    <Dialog
      title="Unsaved changes"
      role="alertdialog"
      size="sm"
      isOpen={isOpen}
      onOpenChange={(open) => !open && onStay()}
    >
      <p className="text-sm text-slate-700">
        {count === 1 ? '1 contact has' : `${countOf(count, 'contact')} have`} changes that are not saved. Leave without
        saving them?
      </p>
      <DialogActions>
        <Button variant="secondary" onPress={onStay} autoFocus>
          Stay
        </Button>
        <Button variant="danger" onPress={onLeave}>
          Leave without saving
        </Button>
      </DialogActions>
    </Dialog>
  );
}
