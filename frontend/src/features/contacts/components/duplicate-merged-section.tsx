import { Button } from '../../../components/ui/button.tsx';
import { type DuplicateContact, useMergedContacts } from '../api/use-duplicates.ts';
import { rowName } from './duplicate-results-table.tsx';

interface DuplicateMergedSectionProps {
  survivor: DuplicateContact | null;
  isBusy: boolean;
  onUndo: (survivor: DuplicateContact, merged: DuplicateContact[]) => void;
}

/** The contacts merged into the default (kept by the server as deleted rows), with Undo merge to bring them back. */
export function DuplicateMergedSection({ survivor, isBusy, onUndo }: DuplicateMergedSectionProps) {
  const { data: merged } = useMergedContacts(survivor?.id ?? null);
  if (!survivor || !merged || merged.length === 0) return null;
  return (
    <section
      aria-labelledby="merged-contacts-heading"
      className="rounded-lg border border-emerald-200 bg-emerald-50/60 p-3"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="merged-contacts-heading" className="text-sm font-semibold text-emerald-900">
          Merged contacts: {merged.length} merged into {rowName(survivor)}
        </h3>
        <Button variant="secondary" size="sm" isDisabled={isBusy} onPress={() => onUndo(survivor, merged)}>
          Undo merge
        </Button>
      </div>
      <ul className="mt-2 space-y-0.5 text-sm text-slate-700">
        {merged.map((contact) => (
          <li key={contact.id}>
            <span className="font-medium text-slate-900">{rowName(contact)}</span>
            {[contact.phoneNumber, contact.email]
              .filter(Boolean)
              .map((value) => ` · ${value}`)
              .join('')}
          </li>
        ))}
      </ul>
    </section>
  );
}
