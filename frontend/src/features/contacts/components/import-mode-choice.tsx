import { useEffect, useState } from 'react';
import { Label, Radio, RadioGroup, Text } from 'react-aria-components';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { useDebouncedValue } from '../../../lib/use-debounced-value.ts';
import { fetchImportMatches, type ImportMatches, type ImportMode } from '../api/contact-imports.ts';
import { reasonOf } from './contact-toast.ts';
import { IMPORT_MODES, modeOutcome } from './import-modes.ts';

/** Typing a book's name waits this long before its matches are counted. */
const MATCH_DEBOUNCE_MS = 400;

type Counts = { book: string; matches: ImportMatches } | { book: string; error: string };

function Count({ label, value }: { label: string; value: number | null }) {
  return (
    <div className="rounded-lg border border-slate-200 px-3 py-2">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900 tabular-nums">{value ?? '–'}</dd>
    </div>
  );
}

/**
 * How rows matching a contact of the book (by phone digits) are imported, with the preview's counts for the book
 * named: new rows, rows matching a contact, rejected lines.
 */
export function ImportModeChoice({
  importId,
  book,
  rejected,
  mode,
  onModeChange,
}: {
  importId: string;
  book: string;
  rejected: number;
  mode: ImportMode;
  onModeChange: (mode: ImportMode) => void;
}) {
  const [debouncedBook] = useDebouncedValue(book.trim(), MATCH_DEBOUNCE_MS);
  const [counts, setCounts] = useState<Counts | null>(null);

  useEffect(() => {
    if (!debouncedBook) return;
    let live = true;
    fetchImportMatches(importId, debouncedBook).then(
      (matches) => live && setCounts({ book: debouncedBook, matches }),
      (failure: unknown) => live && setCounts({ book: debouncedBook, error: reasonOf(failure) }),
    );
    return () => {
      live = false;
    };
  }, [importId, debouncedBook]);

  const current = counts && counts.book === book.trim() ? counts : null;
  const matches = current && 'matches' in current ? current.matches : null;
  // Rejected lines are the file's own: known without the book.
  return (
    <section aria-label="Matching contacts" className="mt-4 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start gap-x-6 gap-y-3">
        <RadioGroup
          value={mode}
          onChange={(value) => onModeChange(value as ImportMode)}
          className="flex min-w-64 flex-1 flex-col gap-1.5"
        >
          <Label className="text-sm font-medium text-slate-800">Rows whose phone matches a contact of the book</Label>
          {IMPORT_MODES.map((option) => (
            <Radio
              key={option.id}
              value={option.id}
              className={`flex cursor-pointer items-start gap-2 rounded-md py-0.5 text-sm text-slate-800 ${focusRing}`}
            >
              {({ isSelected }) => (
                <>
                  <span
                    aria-hidden="true"
                    className={`mt-0.5 size-4 shrink-0 rounded-full border-2 ${isSelected ? 'border-brand-700 bg-brand-700 ring-2 ring-inset ring-white' : 'border-slate-400'}`}
                  />
                  <span>
                    <span className="font-medium">{option.label}</span>
                    <Text slot="description" className="block text-xs text-slate-600">
                      {option.description}
                    </Text>
                  </span>
                </>
              )}
            </Radio>
          ))}
        </RadioGroup>
        <div className="flex flex-col gap-2">
          <dl aria-label="Rows by match" aria-busy={!current || undefined} className="grid grid-cols-3 gap-2">
            <Count label="New" value={matches?.newRows ?? null} />
            <Count label="Matching a contact" value={matches?.matchingRows ?? null} />
            <Count label="Rejected" value={rejected} />
          </dl>
          <p className="text-xs text-slate-600" aria-live="polite">
            {!book.trim()
              ? 'Name the address book to count the matches.'
              : !current
                ? 'Counting matches…'
                : 'error' in current
                  ? current.error
                  : modeOutcome(mode, current.matches)}
          </p>
        </div>
      </div>
    </section>
  );
}
