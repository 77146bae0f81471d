import { useDeferredValue, useMemo, useState } from 'react';
import {
  Cell,
  Checkbox,
  Column,
  Link,
  Row,
  Table,
  TableBody,
  TableHeader,
  type Selection,
} from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, buttonClass } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { useModels, type Model } from '../api/models.ts';
import {
  EMPTY_FILTERS,
  filterModels,
  hasActiveFilters,
  mergeSelection,
  type ModelFilters,
} from '../domain/model-filters.ts';

const rowLink = buttonClass('secondary', '', 'xs');
const columnClass =
  'sticky top-0 z-10 bg-slate-50 px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-700 outline-none';
const cellClass = `px-3 py-2 text-sm text-slate-800 ${focusRing}`;

function SelectionCheckbox() {
  return (
    <Checkbox slot="selection" className={`group flex cursor-pointer items-center justify-center rounded ${focusRing}`}>
      {({ isSelected, isIndeterminate }) => (
        <span
          aria-hidden="true"
          className="flex size-5 items-center justify-center rounded border border-slate-400 bg-white text-white
            group-data-selected:border-brand-700 group-data-selected:bg-brand-700 group-data-indeterminate:border-brand-700 group-data-indeterminate:bg-brand-700"
        >
          {isIndeterminate ? (
            <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
              <path d="M4 8h8" />
            </svg>
          ) : (
            isSelected && (
              <svg viewBox="0 0 16 16" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="2.5">
                <path d="M3.5 8.5 6.5 11.5 12.5 4.5" />
              </svg>
            )
          )}
        </span>
      )}
    </Checkbox>
  );
}

function RowLinks({ model }: { model: Model }) {
  const name = model.nameEng || model.comcardNo;
  return (
    <div className="flex gap-1.5">
      {model.additionalPic && (
        <Link
          href={model.additionalPic}
          target="_blank"
          rel="noopener noreferrer"
          className={rowLink}
          aria-label={`Additional pictures of ${name} (opens in a new tab)`}
        >
          Additional
        </Link>
      )}
      {model.htmlUrl && (
        <Link
          href={model.htmlUrl}
          target="_blank"
          rel="noopener noreferrer"
          className={rowLink}
          aria-label={`Portfolio of ${name} (opens in a new tab)`}
        >
          Portfolio
        </Link>
      )}
      {model.download && (
        // Cross-origin files ignore the suggested name; the direct link still starts the download in a new tab.
        <Link
          href={model.download}
          target="_blank"
          rel="noopener noreferrer"
          download={`comcard_${model.comcardNo}.pdf`}
          className={rowLink}
          aria-label={`Download comcard of ${name} (opens in a new tab)`}
        >
          Download
        </Link>
      )}
    </div>
  );
}

function ModelTable({
  models,
  selected,
  onSelectionChange,
}: {
  models: Model[];
  selected: ReadonlySet<number>;
  onSelectionChange: (keys: Selection) => void;
}) {
  return (
    <div className="max-h-[50vh] overflow-auto rounded-lg border border-slate-200">
      <Table
        aria-label="Model cards"
        selectionMode="multiple"
        selectedKeys={selected}
        onSelectionChange={onSelectionChange}
        className="w-full border-separate border-spacing-0 text-sm"
      >
        <TableHeader>
          <Column className={`${columnClass} w-10`}>
            <SelectionCheckbox />
          </Column>
          <Column isRowHeader className={columnClass}>
            Comcard ID
          </Column>
          <Column className={columnClass}>Profile</Column>
          <Column className={columnClass}>English Name</Column>
          <Column className={columnClass}>Korean Name</Column>
          <Column className={columnClass}>Nationality</Column>
          <Column className={columnClass}>Stage</Column>
          <Column className={columnClass}>Links</Column>
        </TableHeader>
        <TableBody
          items={models}
          renderEmptyState={() => <p className="py-10 text-center text-sm text-slate-600">No models found</p>}
        >
          {(model) => (
            <Row
              id={model.id}
              textValue={`${model.comcardNo} ${model.nameEng ?? ''}`}
              className={`cursor-pointer border-b border-slate-100 hover:bg-slate-50 data-selected:bg-brand-50 ${focusRing}`}
            >
              <Cell className={cellClass}>
                <SelectionCheckbox />
              </Cell>
              <Cell className={`${cellClass} font-mono text-xs font-medium whitespace-nowrap text-slate-900`}>
                {model.comcardNo}
              </Cell>
              <Cell className={cellClass}>
                {(model.thumbnailUrl ?? model.image) && (
                  <img
                    src={model.thumbnailUrl ?? model.image ?? undefined}
                    alt={`Profile of ${model.nameEng || model.comcardNo}`}
                    loading="lazy"
                    decoding="async"
                    referrerPolicy="no-referrer"
                    className="block h-auto max-h-20 w-auto max-w-16 rounded object-contain"
                  />
                )}
              </Cell>
              <Cell className={cellClass}>{model.nameEng}</Cell>
              <Cell className={cellClass}>{model.nameKor}</Cell>
              <Cell className={cellClass}>{model.national}</Cell>
              <Cell className={cellClass}>{model.stage}</Cell>
              <Cell className={cellClass}>
                <RowLinks model={model} />
              </Cell>
            </Row>
          )}
        </TableBody>
      </Table>
    </div>
  );
}

function PickerBody({ postId, onFinish }: { postId: string | null; onFinish: (models: Model[]) => void }) {
  const models = useModels(true);
  const [filters, setFilters] = useState<ModelFilters>(EMPTY_FILTERS);
  // Ids in the order they were selected; the body mounts on each opening, so a new opening starts empty.
  const [selected, setSelected] = useState<ReadonlySet<number>>(() => new Set());
  // Typing stays quick with a few hundred rows: the table catches up when React has time.
  const deferredFilters = useDeferredValue(filters);
  const filtered = useMemo(() => filterModels(models.data ?? [], deferredFilters), [models.data, deferredFilters]);

  const setFilter = (name: keyof ModelFilters) => (value: string) =>
    setFilters((current) => ({ ...current, [name]: value }));

  const finish = () => {
    const byId = new Map((models.data ?? []).map((model) => [model.id, model]));
    const chosen = [...selected].flatMap((id) => byId.get(id) ?? []);
    setSelected(new Set());
    onFinish(chosen);
  };

  let content;
  if (models.error) {
    content = <Alert>{errorMessage(models.error, 'Failed to load model cards')}</Alert>;
  } else if (!models.data) {
    content = <Loading label="Loading model cards…" />;
  } else {
    content = (
      <ModelTable
        models={filtered}
        selected={selected}
        onSelectionChange={(keys) =>
          setSelected((current) =>
            mergeSelection(
              current,
              keys,
              filtered.map((model) => model.id),
            ),
          )
        }
      />
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {postId && (
        <p>
          <span className="rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
            Post ID: {postId}
          </span>
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Search"
          type="search"
          value={filters.search}
          onChange={setFilter('search')}
          placeholder="Comcard, name, nationality, stage"
          autoFocus
        />
        <TextField label="Comcard ID" value={filters.comcardNo} onChange={setFilter('comcardNo')} />
        <TextField label="Nationality" value={filters.national} onChange={setFilter('national')} />
        <TextField label="Stage" value={filters.stage} onChange={setFilter('stage')} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-700" aria-live="polite">
          {filtered.length} models · {selected.size} selected
        </p>
        <Button
          variant="secondary"
          size="sm"
          isDisabled={!hasActiveFilters(filters)}
          onPress={() => setFilters(EMPTY_FILTERS)}
        >
          Reset Filters
        </Button>
      </div>
      {content}
      <DialogActions>
        <Button slot="close" variant="secondary">
          Close
        </Button>
        <Button isDisabled={selected.size === 0} onPress={finish}>
          Finish Selection
        </Button>
      </DialogActions>
    </div>
  );
}

interface ModelPickerDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The post the models are picked for, shown as a badge. */
  postId?: string | null;
  /** The selected models, in the order they were selected; the dialog closes after it. */
  onFinish: (models: Model[]) => void;
}

/** 콤카드 데이터: pick model cards for a post by search, column filters and row selection. */
export function ModelPickerDialog({ isOpen, onOpenChange, postId = null, onFinish }: ModelPickerDialogProps) {
  return (
    <Dialog title="콤카드 데이터" size="lg" isOpen={isOpen} onOpenChange={onOpenChange}>
      <PickerBody
        postId={postId}
        onFinish={(models) => {
          onFinish(models);
          onOpenChange(false);
        }}
      />
    </Dialog>
  );
}
