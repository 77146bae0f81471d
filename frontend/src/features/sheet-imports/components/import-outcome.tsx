import { Label, ProgressBar } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import type { ImportKind, ImportProgress, ImportResult } from '../api/sheet-import.ts';

const NOUN: Record<ImportKind, string> = { posts: 'posts', models: 'models' };

/** The running import's progress bar: rows written of all rows, or indeterminate while the sheet is read. */
export function ImportProgressBar({ kind, progress }: { kind: ImportKind; progress: ImportProgress | null }) {
  const counts = progress?.progress;
  const determinate = !!counts && counts.total > 0;
  const stateText =
    !progress || progress.state === 'waiting'
      ? 'Waiting to start…'
      : counts
        ? `${counts.done} of ${counts.total} rows`
        : 'Reading the sheet…';
  return (
    <ProgressBar
      value={determinate ? counts.done : undefined}
      maxValue={determinate ? counts.total : 100}
      isIndeterminate={!determinate}
      valueLabel={stateText}
      className="flex flex-col gap-1.5"
    >
      {({ percentage }) => (
        <>
          <div className="flex justify-between gap-3 text-sm">
            <Label className="font-medium text-slate-800">Loading {NOUN[kind]}…</Label>
            <span className="text-slate-700">{stateText}</span>
          </div>
          <div className="h-2.5 overflow-hidden rounded-full bg-slate-200">
            <div
              className={`h-full rounded-full bg-brand-700 transition-[width] duration-300 ${determinate ? '' : 'w-1/3 animate-pulse'}`}
              style={determinate ? { width: `${percentage ?? 0}%` } : undefined}
            />
          </div>
        </>
      )}
    </ProgressBar>
  );
}

/** The success banner with the import's report: counts, rejected rows with their numbers and reasons, ignored headers. */
export function ImportReportBanner({ result }: { result: ImportResult }) {
  const { report } = result;
  return (
    <Alert tone="success">
      <p className="font-semibold">{result.message}</p>
      <p className="mt-1">
        {report.total} rows read: {report.created} created, {report.updated} updated, {report.unchanged} unchanged,{' '}
        {report.rejected.length} rejected.
      </p>
      {report.rejected.length > 0 && (
        <div className="mt-2">
          <p className="font-semibold">Rejected rows</p>
          <ul
            className="mt-1 max-h-40 list-disc overflow-y-auto pl-5 text-emerald-950"
            tabIndex={0}
            aria-label="Rejected rows"
          >
            {report.rejected.map((rejected) => (
              <li key={rejected.row}>
                Row {rejected.row}: {rejected.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {report.unknownHeaders.length > 0 && <p className="mt-2">Ignored columns: {report.unknownHeaders.join(', ')}</p>}
    </Alert>
  );
}

/** A titled error (e.g. Load Posts Error) with its message. */
export function TitledError({ title, message }: { title: string; message: string }) {
  return (
    <Alert>
      <p className="font-semibold">{title}</p>
      <p>{message}</p>
    </Alert>
  );
}
