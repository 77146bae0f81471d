import { useState } from 'react';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { countOf } from '../../../lib/count-words.ts';

const NO_GROUP = 0;

interface MoveGroupDialogProps {
  /** The checked contacts to move; open while set. */
  contactIds: number[] | null;
  groups: readonly { id: number; name: string }[];
  onMove: (contactIds: number[], groupId: number | null) => Promise<void>;
  onClose: () => void;
}

function MoveForm({
  contactIds,
  groups,
  onMove,
}: { contactIds: number[] } & Pick<MoveGroupDialogProps, 'groups' | 'onMove'>) {
  const [groupId, setGroupId] = useState<number | null>(null);
  const [isMoving, setMoving] = useState(false);
  return (
    <>
      <p className="mb-3 text-sm text-slate-700">Move {countOf(contactIds.length, 'checked contact')} to:</p>
      <Select
        label="Group"
        placeholder="Choose a group"
        value={groupId}
        options={[{ id: NO_GROUP, label: 'No group' }, ...groups.map((group) => ({ id: group.id, label: group.name }))]}
        onChange={setGroupId}
      />
      <DialogActions>
        <Button slot="close" variant="secondary">
          Cancel
        </Button>
        <Button
          isDisabled={groupId === null}
          isPending={isMoving}
          onPress={async () => {
            if (groupId === null) return;
            setMoving(true);
            try {
              await onMove(contactIds, groupId === NO_GROUP ? null : groupId);
            } finally {
              setMoving(false);
            }
          }}
        >
          Move
        </Button>
      </DialogActions>
    </>
  );
}

/** Move Checked Group: the checked contacts go to the chosen group. */
export function MoveGroupDialog({ contactIds, groups, onMove, onClose }: MoveGroupDialogProps) {
  return (
    <Dialog
      title="Move Checked Group"
      size="sm"
      isOpen={contactIds !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {contactIds && <MoveForm contactIds={contactIds} groups={groups} onMove={onMove} />}
    </Dialog>
  );
}
