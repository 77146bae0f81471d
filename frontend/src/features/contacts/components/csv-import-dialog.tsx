import { useEffect, useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import {
  fetchContactImport,
  startContactImport,
  uploadContactCsv,
  type ImportJob,
  type ImportMode,
  type ImportPreview,
} from '../api/contact-imports.ts';
import { revalidateBook, revalidateBookImports } from '../api/contacts-keys.ts';
import { fieldLabel } from './contact-fields.ts';
import { contactToast, reasonOf } from './contact-toast.ts';
import { ImportModeChoice } from './import-mode-choice.tsx';
import { importButtonLabel } from './import-modes.ts';
import { importedText, isFinished, POLL_MS, progressPercent } from './import-progress.ts';

type Step =
  | { kind: 'reading' }
  | { kind: 'failed'; message: string }
  | { kind: 'preview'; preview: ImportPreview }
  | { kind: 'importing'; job: ImportJob };

const th = 'px-2 py-1.5 text-left text-xs font-semibold text-slate-700';
const td = 'px-2 py-1 align-top';

function RejectedLines({ lines, count }: { lines: readonly { line: number; reason: string }[]; count: number }) {
  if (count === 0) return null;
  return (
    <section aria-label="Rejected lines" className="mt-3">
      <h3 className="mb-1 text-sm font-semibold text-slate-900">Rejected lines: {count}</h3>
      {/* Focusable, so that a keyboard can scroll a long list. */}
      <div tabIndex={0} className={`max-h-40 overflow-auto rounded-lg border border-slate-200 ${focusRing}`}>
        <table className="w-full text-sm">
          <thead className="sticky top-0 bg-slate-100">
            <tr>
              <th className={th}>Line</th>
              <th className={th}>Reason</th>
            </tr>
          </thead>
          <tbody>
            {lines.map((rejected) => (
              <tr key={`${rejected.line}-${rejected.reason}`} className="border-t border-slate-100">
                <td className={`${td} tabular-nums`}>{rejected.line}</td>
                <td className={td}>{rejected.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PreviewView({
  preview,
  bookName,
  onStart,
}: {
  preview: ImportPreview;
  bookName: string;
  onStart: (book: string, mode: ImportMode) => Promise<void>;
}) {
  const [book, setBook] = useState(bookName);
  const [mode, setMode] = useState<ImportMode>('add');
  const [isStarting, setStarting] = useState(false);
  const mapped = preview.columns.filter((column) => column.field);
  return (
    <>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">File</dt>
        <dd className="font-medium text-slate-900">{preview.fileName}</dd>
        <dt className="text-slate-600">Encoding</dt>
        <dd className="font-medium text-slate-900">{preview.encoding}</dd>
        <dt className="text-slate-600">Rows</dt>
        <dd className="font-medium text-slate-900">
          {preview.totalRows} rows, {preview.rejectedCount} rejected
        </dd>
      </dl>
      {preview.problems.length > 0 && (
        <div className="mt-3">
          <Alert>
            {preview.problems.map((problem) => (
              <p key={`${problem.line}-${problem.reason}`}>
                Line {problem.line}: {problem.reason}
              </p>
            ))}
          </Alert>
        </div>
      )}
      {preview.unknownColumns.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          Not imported (unknown columns): {preview.unknownColumns.join(', ')}
        </p>
      )}
      {preview.suspicious && (
        <div className="mt-3">
          <Alert tone="info">
            Some characters could not be read in this encoding; check the sample before importing.
          </Alert>
        </div>
      )}
      <section aria-label="Column mapping" className="mt-3">
        <h3 className="mb-1 text-sm font-semibold text-slate-900">Columns</h3>
        <ul className="flex flex-wrap gap-1.5 text-xs">
          {preview.columns.map((column) => (
            <li
              key={column.header}
              className={`rounded-full px-2 py-1 ${column.field ? 'bg-brand-50 text-brand-900' : 'bg-slate-100 text-slate-600 line-through'}`}
            >
              {column.header} → {column.field ? fieldLabel(column.field) : 'not imported'}
            </li>
          ))}
        </ul>
      </section>
      <section aria-label="First rows" className="mt-3">
        <h3 className="mb-1 text-sm font-semibold text-slate-900">First rows</h3>
        <div tabIndex={0} className={`max-h-56 overflow-auto rounded-lg border border-slate-200 ${focusRing}`}>
          <table className="w-full text-sm">
            <thead className="sticky top-0 bg-slate-100">
              <tr>
                <th className={th}>Line</th>
                {mapped.map((column) => (
                  <th key={column.header} className={th}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {preview.sample.map((row) => (
                <tr key={row.line} className="border-t border-slate-100">
                  <td className={`${td} tabular-nums`}>{row.line}</td>
                  {mapped.map((column) => (
                    <td key={column.header} className={td}>
                      {row.contact[column.field!] ?? ''}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>
      <RejectedLines lines={preview.rejected} count={preview.rejectedCount} />
      <div className="mt-4">
        <TextField
          label="Import into address book"
          value={book}
          onChange={setBook}
          isRequired
          description="A new name creates a new address book."
        />
      </div>
      <ImportModeChoice
        importId={preview.id}
        book={book}
        rejected={preview.rejectedCount}
        mode={mode}
        onModeChange={setMode}
      />
      <DialogActions>
        <Button slot="close" variant="secondary">
          Cancel
        </Button>
        <Button
          isDisabled={!book.trim() || preview.validRows === 0}
          isPending={isStarting}
          onPress={async () => {
            setStarting(true);
            try {
              await onStart(book.trim(), mode);
            } finally {
              setStarting(false);
            }
          }}
        >
          {importButtonLabel(mode, preview.validRows)}
        </Button>
      </DialogActions>
    </>
  );
}

function ProgressView({ job }: { job: ImportJob }) {
  const percent = progressPercent(job.progress);
  if (!isFinished(job.state)) {
    return (
      <div className="flex flex-col gap-2">
        <p className="text-sm text-slate-700">
          Importing… {job.progress.done} / {job.progress.total}
        </p>
        <div
          role="progressbar"
          aria-label="Import progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-3 overflow-hidden rounded-full bg-slate-200"
        >
          <div className="h-full bg-brand-700 transition-all" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <>
      {job.state === 'failed' ? (
        <Alert>An error occurred while processing: {job.error ?? 'the import failed'}</Alert>
      ) : (
        <Alert tone="success">{importedText(job)}</Alert>
      )}
      <RejectedLines lines={job.rejected} count={job.rejected.length} />
      <DialogActions>
        <Button slot="close">Close</Button>
      </DialogActions>
    </>
  );
}

function ImportFlow({ file, bookName }: { file: File; bookName: string }) {
  const [step, setStep] = useState<Step>({ kind: 'reading' });

  useEffect(() => {
    let live = true;
    uploadContactCsv(file).then(
      (preview) => live && setStep({ kind: 'preview', preview }),
      (failure: unknown) => {
        if (!live) return;
        contactToast.error('Failed to parse CSV');
        setStep({ kind: 'failed', message: reasonOf(failure) });
      },
    );
    return () => {
      live = false;
    };
  }, [file]);

  const jobId = step.kind === 'importing' && !isFinished(step.job.state) ? step.job.id : null;
  useEffect(() => {
    if (!jobId) return;
    const timer = setInterval(() => {
      fetchContactImport(jobId).then(
        (job) => {
          setStep({ kind: 'importing', job });
          if (isFinished(job.state) && job.addressBookId !== null)
            void Promise.all([revalidateBook(job.addressBookId), revalidateBookImports(job.addressBookId)]);
        },
        (failure: unknown) => contactToast.error(`An error occurred while processing: ${reasonOf(failure)}`),
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [jobId]);

  switch (step.kind) {
    case 'reading':
      return <Loading label="Reading the file…" />;
    case 'failed':
      return (
        <>
          <Alert>{step.message}</Alert>
          <DialogActions>
            <Button slot="close" variant="secondary">
              Close
            </Button>
          </DialogActions>
        </>
      );
    case 'preview':
      return (
        <PreviewView
          preview={step.preview}
          bookName={bookName}
          onStart={async (book, mode) => {
            try {
              setStep({ kind: 'importing', job: await startContactImport(step.preview.id, book, mode) });
            } catch (failure) {
              contactToast.error(`An error occurred while processing: ${reasonOf(failure)}`);
            }
          }}
        />
      );
    case 'importing':
      return <ProgressView job={step.job} />;
  }
}

/**
 * CSV upload: the file's preview (encoding, columns, first rows, rows new to the book or matching its contacts,
 * rejected lines) and the choice of what matching rows do, then the import's progress and report.
 */
export function CsvImportDialog({
  file,
  bookName,
  onClose,
}: {
  file: File | null;
  bookName: string;
  onClose: () => void;
}) {
  return (
    <Dialog title="CSV Upload" size="lg" isOpen={file !== null} onOpenChange={(open) => !open && onClose()}>
      {file && <ImportFlow file={file} bookName={bookName} />}
    </Dialog>
  );
}
