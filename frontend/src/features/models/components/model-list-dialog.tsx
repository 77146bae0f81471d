import { memo, useCallback, useState } from 'react';
import { Link } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';
import { Dialog, DialogCloseActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import { deleteModel, modelName, reloadModels, useModels, type Model } from '../api/models.ts';
import { downloadModel } from '../lib/model-download.ts';
import { ModelForm, modelFormTitle } from './model-form.tsx';

/** What the dialog shows: the list, or the form for a new model (null) or an existing one. */
type View = { kind: 'list' } | { kind: 'form'; model: Model | null };

const linkClass = `rounded text-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 cursor-pointer ${focusRing}`;
/** Saved, but the list on screen may be stale: say so rather than show old rows silently. */
async function refreshAfterChange(): Promise<void> {
  try {
    await reloadModels();
  } catch (error) {
    toast.error(
      error instanceof Error && error.message
        ? `Failed to refresh list: ${error.message}`
        : 'Changes saved but failed to refresh list. Please reload the page.',
    );
  }
}

interface RowProps {
  model: Model;
  isDownloading: boolean;
  onDownload: (model: Model) => void;
  onEdit: (model: Model) => void;
  onDelete: (model: Model) => void;
}

/** Memoised: the list holds a few hundred rows, and a download or a confirmation should not redraw them all. */
const ModelRow = memo(function ModelRow({ model, isDownloading, onDownload, onEdit, onDelete }: RowProps) {
  const picture = model.thumbnailUrl ?? model.image;
  const name = modelName(model);
  return (
    <tr className={tableRow}>
      <th scope="row" className={`${bodyCell('start')} font-mono text-xs font-medium whitespace-nowrap text-slate-900`}>
        {model.comcardNo}
      </th>
      <td className={bodyCell()}>
        {picture ? (
          <img
            src={picture}
            alt={`Profile of ${name}`}
            loading="lazy"
            decoding="async"
            referrerPolicy="no-referrer"
            className="block h-auto max-h-48 w-auto max-w-50 rounded object-contain"
          />
        ) : (
          <span className="text-slate-500">—</span>
        )}
      </td>
      <td className={`${bodyCell()} whitespace-nowrap text-slate-900`}>{model.nameEng}</td>
      <td className={`${bodyCell()} whitespace-nowrap text-slate-900`}>{model.nameKor}</td>
      <td className={`${bodyCell()} whitespace-nowrap`}>{model.national}</td>
      <td className={`${bodyCell()} whitespace-nowrap`}>{model.stage}</td>
      <td className={bodyCell()}>
        {model.additionalPic && (
          <Link
            href={model.additionalPic}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
            aria-label={`View additional pictures of ${name} (opens in a new tab)`}
          >
            View
          </Link>
        )}
      </td>
      <td className={bodyCell()}>
        {model.htmlUrl && (
          <Link
            href={model.htmlUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={linkClass}
            aria-label={`Open the comcard of ${name} (opens in a new tab)`}
          >
            Open
          </Link>
        )}
      </td>
      <td className={bodyCell()}>
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Download ${name}`}
          isPending={isDownloading}
          onPress={() => onDownload(model)}
        >
          Download
        </Button>
      </td>
      <td className={bodyCell('end')}>
        <div className="flex gap-2">
          <Button variant="secondary" size="sm" aria-label={`Edit ${name}`} onPress={() => onEdit(model)}>
            Edit
          </Button>
          <Button variant="danger" size="sm" aria-label={`Delete ${name}`} onPress={() => onDelete(model)}>
            Delete
          </Button>
        </div>
      </td>
    </tr>
  );
});

const COLUMNS = [
  'Comcard No',
  'Profile',
  'English Name',
  'Korean Name',
  'Nationality',
  'Stage Name',
  'Additional',
  'Comcard',
  'Download',
  'Actions',
];

function ModelTable({
  models,
  onEdit,
  onDelete,
}: {
  models: Model[];
  onEdit: (model: Model) => void;
  onDelete: (model: Model) => void;
}) {
  const [downloadingId, setDownloadingId] = useState<number | null>(null);
  const onDownload = useCallback((model: Model) => {
    setDownloadingId(model.id);
    void downloadModel(model).finally(() => setDownloadingId(null));
  }, []);

  return (
    <TableScroll label="Model cards" maxHeight="max-h-[60vh]">
      <table className={tableClass}>
        <caption className="sr-only">Model cards</caption>
        <thead>
          <tr>
            {COLUMNS.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={headCell(index === 0 ? 'start' : index === COLUMNS.length - 1 ? 'end' : undefined)}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {models.map((model) => (
            <ModelRow
              key={model.id}
              model={model}
              isDownloading={downloadingId === model.id}
              onDownload={onDownload}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function ModelListBody({ onEdit, onAdd }: { onEdit: (model: Model) => void; onAdd: () => void }) {
  const models = useModels(true);
  const [toDelete, setToDelete] = useState<Model | null>(null);

  let content;
  if (models.error) {
    content = <Alert>{errorMessage(models.error, 'Failed to load model cards')}</Alert>;
  } else if (!models.data) {
    content = <Loading label="Loading model cards…" />;
  } else if (models.data.length === 0) {
    content = <p className="py-10 text-center text-sm text-slate-600">No models found</p>;
  } else {
    content = <ModelTable models={models.data} onEdit={onEdit} onDelete={setToDelete} />;
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {models.data ? `${models.data.length} models` : ''}
        </p>
        <Button onPress={onAdd}>Add New Model</Button>
      </div>
      {content}
      <DialogCloseActions />
      <ConfirmDialog
        subject={toDelete}
        title="Delete Model"
        question="이 모델을 삭제하시겠습니까?"
        describe={(model) => `${model.comcardNo} · ${modelName(model)}`}
        confirmLabel="Delete"
        busyLabel="Deleting…"
        onCancel={() => setToDelete(null)}
        onConfirm={async (model) => {
          try {
            await deleteModel(model.id);
          } catch {
            toast.error('Failed to delete model. Please try again.');
            return;
          } finally {
            setToDelete(null);
          }
          await refreshAfterChange();
        }}
      />
    </>
  );
}

/** The Model List (spec §2, dialogs): every model card, with add, edit, delete and download. */
export function ModelListDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
}) {
  const [view, setView] = useState<View>({ kind: 'list' });
  const showList = useCallback(() => setView({ kind: 'list' }), []);
  const edit = useCallback((model: Model | null) => setView({ kind: 'form', model }), []);

  return (
    <Dialog
      title={view.kind === 'form' ? modelFormTitle(view.model) : 'Model List'}
      size="lg"
      isOpen={isOpen}
      onOpenChange={(open) => {
        // The next opening starts at the list.
        if (!open) setView({ kind: 'list' });
        onOpenChange(open);
      }}
    >
      {view.kind === 'form' ? (
        <ModelForm
          key={view.model?.id ?? 'new'}
          model={view.model}
          onBack={showList}
          onSaved={() => {
            showList();
            void refreshAfterChange();
          }}
        />
      ) : (
        <ModelListBody onAdd={() => edit(null)} onEdit={edit} />
      )}
    </Dialog>
  );
}
