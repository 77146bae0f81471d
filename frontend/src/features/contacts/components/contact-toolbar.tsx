import { memo, useEffect, useState } from 'react';
import { FileTrigger, Switch } from 'react-aria-components';
import { Button } from '../../../components/ui/button.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Select } from '../../../components/ui/select.tsx';
import type { AddressBook } from '../api/contacts-keys.ts';
import { type FirstRowStore, pageCount, pageOfRow } from './paging.ts';
import { countOf } from '../../../lib/count-words.ts';

interface ContactToolbarProps {
  books: readonly AddressBook[];
  bookId: number | null;
  onBookChange: (id: number) => void;
  onNewBook: () => void;
  autosave: boolean;
  onAutosaveChange: (on: boolean) => void;
  unsaved: number;
  isSaving: boolean;
  onSave: () => void;
  onCsvFile: (file: File) => void;
  /** The book's recent imports, to revert one. */
  onImports: () => void;
  /** The table's first row in view, for the page x / y line. */
  firstRow: FirstRowStore;
  /** How many rows the table holds. */
  total: number;
  onPage: (page: number) => void;
  onColumnSettings: () => void;
}

function SaveState({ autosave, unsaved, isSaving }: Pick<ContactToolbarProps, 'autosave' | 'unsaved' | 'isSaving'>) {
  const text = isSaving
    ? 'Saving…'
    : unsaved > 0
      ? countOf(unsaved, 'unsaved change')
      : autosave
        ? 'All changes saved'
        : 'No unsaved changes';
  return (
    <span
      role="status"
      className={`text-xs ${unsaved > 0 && !isSaving ? 'font-semibold text-amber-800' : 'text-slate-600'}`}
    >
      {text}
    </span>
  );
}

/** Previous / next page and "page x / y", following the table's scrolling. */
function Pager({ firstRow, total, onPage }: Pick<ContactToolbarProps, 'firstRow' | 'total' | 'onPage'>) {
  // Plain state rather than useSyncExternalStore, whose synchronous updates would pull the table's render into the
  // scroll frame; this one joins the table's own update.
  const [first, setFirst] = useState(firstRow.get);
  useEffect(() => firstRow.subscribe(setFirst), [firstRow]);
  return <PageButtons page={pageOfRow(first, total)} pages={pageCount(total)} onPage={onPage} />;
}

const PageButtons = memo(function PageButtons({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage: (page: number) => void;
}) {
  return (
    <nav aria-label="Pages" className="flex items-center gap-2">
      <Button variant="secondary" className="px-3" isDisabled={page <= 1} onPress={() => onPage(page - 1)}>
        <span aria-hidden="true">‹</span> Previous page
      </Button>
      <span className="text-sm tabular-nums text-slate-700">
        page {page} / {pages}
      </span>
      <Button variant="secondary" className="px-3" isDisabled={page >= pages} onPress={() => onPage(page + 1)}>
        Next page <span aria-hidden="true">›</span>
      </Button>
    </nav>
  );
});

/** The tab's top: address-book selector, autosave toggle, CSV upload and recent imports, previous/next page, column settings. */
export function ContactToolbar(props: ContactToolbarProps) {
  const {
    books,
    bookId,
    onBookChange,
    onNewBook,
    autosave,
    onAutosaveChange,
    unsaved,
    isSaving,
    onSave,
    onCsvFile,
    onImports,
    firstRow,
    total,
    onPage,
    onColumnSettings,
  } = props;
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div className="w-60">
        <Select
          label="Address book"
          placeholder={books.length === 0 ? 'No address books yet' : 'Choose an address book'}
          value={bookId}
          options={books.map((book) => ({ id: book.id, label: `${book.name} (${book.contactCount})` }))}
          onChange={onBookChange}
          isDisabled={books.length === 0}
        />
      </div>
      <Button variant="secondary" onPress={onNewBook}>
        New Address Book
      </Button>
      <div className="flex items-center gap-2">
        <Switch
          isSelected={autosave}
          onChange={onAutosaveChange}
          className={`group flex h-10 cursor-pointer items-center gap-2 rounded-lg text-sm font-medium text-slate-800 ${focusRing}`}
        >
          <span
            aria-hidden="true"
            className="flex h-6 w-10 items-center rounded-full bg-slate-300 p-0.5 transition group-data-selected:bg-brand-700"
          >
            <span className="size-5 rounded-full bg-white shadow transition group-data-selected:translate-x-4" />
          </span>
          Autosave {autosave ? 'on' : 'off'}
        </Switch>
        {!autosave && (
          <Button onPress={onSave} isDisabled={unsaved === 0} isPending={isSaving}>
            Save
          </Button>
        )}
        <SaveState autosave={autosave} unsaved={unsaved} isSaving={isSaving} />
      </div>
      <FileTrigger
        acceptedFileTypes={['.csv', 'text/csv']}
        onSelect={(files) => {
          const file = files?.[0];
          if (file) onCsvFile(file);
        }}
      >
        <Button variant="secondary" isDisabled={bookId === null}>
          CSV Upload
        </Button>
      </FileTrigger>
      <Button variant="secondary" isDisabled={bookId === null} onPress={onImports}>
        Recent Imports
      </Button>
      <Pager firstRow={firstRow} total={total} onPage={onPage} />
      <Button variant="secondary" onPress={onColumnSettings}>
        Column Settings
      </Button>
    </div>
  );
}
