import { Button } from '../../../components/ui/button.tsx';

export type BottomAction =
  | 'addContact'
  | 'copy'
  | 'cut'
  | 'paste'
  | 'uncheckAll'
  | 'sendSelected'
  | 'friendRequests'
  | 'nicknameExisting'
  | 'nicknameNew'
  | 'moveGroup';

const ACTIONS: readonly { action: BottomAction; label: string; primary?: boolean }[] = [
  { action: 'addContact', label: 'Add Contact', primary: true },
  { action: 'copy', label: 'Copy' },
  { action: 'cut', label: 'Cut' },
  { action: 'paste', label: 'Paste' },
  { action: 'uncheckAll', label: 'Uncheck All' },
  { action: 'sendSelected', label: 'Send Selected Items' },
  { action: 'friendRequests', label: 'Send Friend Requests' },
  { action: 'nicknameExisting', label: 'Modify Nickname (Use Existing Name)' },
  { action: 'nicknameNew', label: 'Modify Nickname (New)' },
  { action: 'moveGroup', label: 'Move Checked Group' },
];

/** The buttons below the table, in the spec's order. */
export function ContactActions({
  onAction,
  clipboardCount,
}: {
  onAction: (action: BottomAction) => void;
  clipboardCount: number;
}) {
  return (
    <div role="group" aria-label="Contact actions" className="flex flex-wrap gap-2">
      {ACTIONS.map(({ action, label, primary }) => (
        <Button
          key={action}
          variant={primary ? 'primary' : 'secondary'}
          className="h-9 px-3"
          onPress={() => onAction(action)}
        >
          {label}
          {action === 'paste' && clipboardCount > 0 && (
            <span aria-hidden="true" className="rounded-full bg-brand-100 px-1.5 text-xs text-brand-900">
              {clipboardCount}
            </span>
          )}
        </Button>
      ))}
    </div>
  );
}
