import { Button } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { errorMessage } from '../../../lib/api-error.ts';
import { useDuplicateGroups } from '../api/use-duplicates.ts';
import { DUPLICATE_MESSAGES } from './duplicate-merge.ts';

interface DuplicateGroupsPanelProps {
  addressBookId: number;
  /** The phone searched now, as its digits, to mark its group. */
  activeDigits: string | null;
  onPick: (phoneNumber: string) => void;
}

/** The whole book's scan: every phone shared by several contacts, largest first; choosing one searches it. */
export function DuplicateGroupsPanel({ addressBookId, activeDigits, onPick }: DuplicateGroupsPanelProps) {
  const { data, error, isLoading } = useDuplicateGroups(addressBookId);
  return (
    <section
      aria-labelledby="duplicate-groups-heading"
      className="rounded-lg border border-slate-200 bg-slate-50/60 p-3"
    >
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="duplicate-groups-heading" className="text-sm font-semibold text-slate-900">
          Duplicate phone numbers in this address book
        </h3>
        {data && (
          <p className="text-xs text-slate-600">
            {data.duplicated} of {data.contacts} contacts share a phone number with another
          </p>
        )}
      </div>
      {isLoading && (
        <p role="status" className="text-sm text-slate-600">
          Scanning the address book…
        </p>
      )}
      {error && (
        <Alert>
          {DUPLICATE_MESSAGES.processingFailed(errorMessage(error, 'the address book could not be scanned'))}
        </Alert>
      )}
      {data && data.groups.length === 0 && <p className="text-sm text-slate-600">No duplicate phone numbers.</p>}
      {data && data.groups.length > 0 && (
        <ul aria-label="Duplicate phone numbers" className="flex max-h-28 flex-wrap gap-2 overflow-y-auto p-0.5">
          {data.groups.map((group) => {
            const isActive = group.phoneDigits === activeDigits;
            return (
              <li key={group.phoneDigits}>
                <Button
                  aria-current={isActive ? 'true' : undefined}
                  onPress={() => onPick(group.phoneNumber)}
                  className={`inline-flex cursor-pointer items-center gap-2 rounded-full border px-3 py-1 text-sm ${focusRing} ${
                    isActive
                      ? 'border-brand-700 bg-brand-700 text-white'
                      : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
                  }`}
                >
                  {/* Named by what it shows, "010-1234-5678 4 contacts". */}
                  <span className="font-medium">{group.phoneNumber}</span>{' '}
                  <span
                    className={`rounded-full px-1.5 text-xs font-semibold ${isActive ? 'bg-white/20' : 'bg-slate-200 text-slate-800'}`}
                  >
                    {group.count} <span className="sr-only">contacts</span>
                  </span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
