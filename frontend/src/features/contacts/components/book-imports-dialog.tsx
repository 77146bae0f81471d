import { formatKoreanDateTime } from '@job-casting/rules';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { bodyCell, headCell, tableClass, tableRow, TableScroll } from '../../../components/ui/data-table.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { restoreImport, revertImport, useBookImports, type BookImport } from '../api/contact-imports.ts';
import { revalidateBook, revalidateBookImports } from '../api/contacts-keys.ts';
import { reasonOf } from './contact-toast.ts';
import { IMPORT_MODES, reportText, restoreQuestion, revertQuestion } from './import-modes.ts';

type Pending = { action: 'revert' | 'restore'; item: BookImport };

const MODE_LABELS = new Map(IMPORT_MODES.map((mode) => [mode.id as string, mode.label]));

function statusText(item: BookImport): string {
  if (item.revertedAt)
    return `Reverted ${formatKoreanDateTime(item.revertedAt)}${item.revertedBy ? ` by ${item.revertedBy}` : ''}`;
  if (item.state === 'completed') return 'Imported';
  if (item.state === 'failed') return 'Stopped (partly imported)';
  return 'Importing…';
}

function ImportRows({ imports, onAsk }: { imports: readonly BookImport[]; onAsk: (pending: Pending) => void }) {
  return (
    <TableScroll label="Imports of the book" maxHeight="max-h-[60vh]">
      <table className={tableClass}>
        <thead>
          <tr>
            <th className={headCell('start')}>File</th>
            <th className={headCell()}>Imported at</th>
            <th className={headCell()}>By</th>
            <th className={headCell()}>Matches</th>
            <th className={`${headCell()} text-right`}>Added</th>
            <th className={`${headCell()} text-right`}>Updated</th>
            <th className={headCell()}>Status</th>
            <th className={headCell('end')}>
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {imports.map((item) => {
            const finished = item.state === 'completed' || item.state === 'failed';
            return (
              <tr key={item.id} className={tableRow}>
                <td className={`${bodyCell('start')} max-w-64 truncate font-medium`} title={item.fileName}>
                  {item.fileName}
                </td>
                <td className={`${bodyCell()} whitespace-nowrap tabular-nums`}>
                  {formatKoreanDateTime(item.createdAt)}
                </td>
                <td className={`${bodyCell()} whitespace-nowrap`}>{item.userName ?? '—'}</td>
                <td className={`${bodyCell()} whitespace-nowrap`}>{MODE_LABELS.get(item.mode) ?? item.mode}</td>
                <td className={`${bodyCell()} text-right tabular-nums`}>{item.imported}</td>
                <td className={`${bodyCell()} text-right tabular-nums`}>{item.updated}</td>
                <td className={`${bodyCell()} whitespace-nowrap`}>{statusText(item)}</td>
                <td className={`${bodyCell('end')} text-right whitespace-nowrap`}>
                  {item.revertedAt ? (
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`Restore ${item.fileName}`}
                      onPress={() => onAsk({ action: 'restore', item })}
                    >
                      Restore
                    </Button>
                  ) : (
                    finished && (
                      <Button
                        size="sm"
                        variant="secondary"
                        aria-label={`Revert ${item.fileName}`}
                        onPress={() => onAsk({ action: 'revert', item })}
                      >
                        Revert
                      </Button>
                    )
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}

/**
 * The book's recent CSV imports, each revertible as EspoCRM's are: Revert removes the contacts it added (kept, so
 * Restore brings them back) and gives the contacts it updated their values from before; fields changed since stay.
 */
export function BookImportsDialog({
  bookId,
  bookName,
  isOpen,
  onClose,
}: {
  bookId: number | null;
  bookName: string;
  isOpen: boolean;
  onClose: () => void;
}) {
  const imports = useBookImports(isOpen ? bookId : null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const act = async ({ action, item }: Pending) => {
    if (bookId === null) return;
    try {
      const report = await (action === 'revert' ? revertImport : restoreImport)(bookId, item.id);
      setOutcome({ tone: 'success', text: reportText(report) });
    } catch (failure) {
      setOutcome({ tone: 'error', text: reasonOf(failure) });
    }
    setPending(null);
    await Promise.all([revalidateBookImports(bookId), revalidateBook(bookId)]);
  };

  return (
    <>
      <Dialog
        title="Recent Imports"
        size="lg"
        isOpen={isOpen}
        onOpenChange={(open) => {
          if (open) return;
          setOutcome(null);
          onClose();
        }}
      >
        <p className="mb-3 text-sm text-slate-600">
          CSV imports into <span className="font-medium text-slate-900">{bookName}</span>, the latest first. Reverting
          removes the contacts an import added and gives the contacts it updated their earlier values; fields changed
          since are kept. A revert can be restored.
        </p>
        {outcome && (
          <div className="mb-3">
            <Alert tone={outcome.tone}>{outcome.text}</Alert>
          </div>
        )}
        {imports.error ? (
          <Alert>{reasonOf(imports.error)}</Alert>
        ) : !imports.data ? (
          <Loading label="Loading imports…" />
        ) : imports.data.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-sm text-slate-600">
            No CSV imports into this address book yet.
          </p>
        ) : (
          <ImportRows imports={imports.data} onAsk={setPending} />
        )}
        <DialogActions>
          <Button slot="close" variant="secondary">
            Close
          </Button>
        </DialogActions>
      </Dialog>
      <ConfirmDialog
        subject={pending}
        title={pending?.action === 'restore' ? 'Restore Import' : 'Revert Import'}
        question={
          pending ? (pending.action === 'revert' ? revertQuestion(pending.item) : restoreQuestion(pending.item)) : ''
        }
        describe={({ item }) => `${item.fileName} · ${formatKoreanDateTime(item.createdAt)}`}
        confirmLabel={pending?.action === 'restore' ? 'Restore' : 'Revert'}
        busyLabel={pending?.action === 'restore' ? 'Restoring…' : 'Reverting…'}
        onCancel={() => setPending(null)}
        onConfirm={act}
      />
    </>
  );
}
