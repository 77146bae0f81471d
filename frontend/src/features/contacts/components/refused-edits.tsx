import { StaleSaveNotice } from '../../../components/ui/stale-save-notice.tsx';
import { fieldLabel } from './contact-fields.ts';
import { nameOf } from './contact-row.tsx';
import type { RefusedEdit } from './use-contact-edits.ts';

interface RefusedEditsProps {
  refused: readonly RefusedEdit<object>[];
  /** The book's groups by id, to show a group edit by name. */
  groupNames?: ReadonlyMap<number, string>;
  onReapply: (contactId: number) => void;
  onDismiss: (contactId: number) => void;
}

/** The table's edits refused because someone else changed those contacts meanwhile, each to re-apply or discard. */
export function RefusedEdits({ refused, groupNames = new Map(), onReapply, onDismiss }: RefusedEditsProps) {
  if (refused.length === 0) return null;
  const shown = (field: string, value: unknown) =>
    field === 'groupId'
      ? value === null
        ? 'No group'
        : (groupNames.get(value as number) ?? `Group ${String(value)}`)
      : String(value ?? '');
  return (
    <div className="flex flex-col gap-2">
      {refused.map(({ contact, conflictingFields, edits }) => (
        <StaleSaveNotice
          key={contact.id}
          title={`Someone else changed ${nameOf(contact)} while you were editing.`}
          changedFields={conflictingFields.map(fieldLabel)}
          shownNow="The row shows the values saved now."
          edits={Object.entries(edits).map(([field, mine]) => ({
            label: fieldLabel(field),
            current: shown(field, contact[field as keyof typeof contact]),
            mine: shown(field, mine),
          }))}
          onReapply={() => onReapply(contact.id)}
          onDiscard={() => onDismiss(contact.id)}
        />
      ))}
    </div>
  );
}
