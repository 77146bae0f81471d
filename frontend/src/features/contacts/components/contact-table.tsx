import { type Ref, useCallback, useMemo, useSyncExternalStore } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import type { ColumnSetting } from '../api/column-settings.ts';
import type { Contact } from '../api/contacts-keys.ts';
import { ColumnHeaders } from './column-headers.tsx';
import { frozenColumns } from './column-layout.ts';
import { ContactRow, type RowHandlers } from './contact-row.tsx';
import type { PendingChanges } from './pending-changes.ts';
import { VirtualRows, type VirtualRowsHandle } from './virtual-rows.tsx';

const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 40;
const TABLE_HEIGHT = 560;
const MIN_TABLE_HEIGHT = 280;
/** What the page puts above and below the table (header, tabs, toolbar, counts, the action buttons). */
const AROUND_TABLE = 460;

const subscribeToResize = (onChange: () => void) => {
  window.addEventListener('resize', onChange);
  return () => window.removeEventListener('resize', onChange);
};

/**
 * The table's height: up to 560 px, less on a short window, so that the buttons under the table stay in sight
 * at 1366×768 as well.
 */
function useTableHeight(): number {
  const viewport = useSyncExternalStore(
    subscribeToResize,
    () => window.innerHeight,
    () => 900,
  );
  return Math.max(MIN_TABLE_HEIGHT, Math.min(TABLE_HEIGHT, viewport - AROUND_TABLE));
}

interface ContactTableProps {
  tableRef: Ref<VirtualRowsHandle>;
  rows: readonly Contact[];
  columns: readonly ColumnSetting[];
  pending: PendingChanges;
  cut: ReadonlySet<number>;
  handlers: RowHandlers;
  onSelectAll: (checked: boolean) => void;
  onDeleteSelected: () => void;
  onResize: (id: string, width: number) => void;
  onFirstRowChange: (index: number) => void;
}

/** The contact table: header line (checked and total), Select All, Delete Selected, and every row, windowed. */
export function ContactTable({
  tableRef,
  rows,
  columns,
  pending,
  cut,
  handlers,
  onSelectAll,
  onDeleteSelected,
  onResize,
  onFirstRowChange,
}: ContactTableProps) {
  const visible = useMemo(() => columns.filter((column) => column.visible), [columns]);
  const frozen = useMemo(() => frozenColumns(visible), [visible]);
  const width = visible.reduce((sum, column) => sum + column.width, 0);
  const checked = useMemo(() => rows.reduce((count, row) => count + (row.check ? 1 : 0), 0), [rows]);
  const tableHeight = useTableHeight();

  const renderRow = useCallback(
    (index: number, top: number) => {
      const contact = rows[index]!;
      return (
        <ContactRow
          contact={contact}
          index={index}
          top={top}
          height={ROW_HEIGHT}
          columns={visible}
          frozen={frozen}
          isCut={cut.has(contact.id)}
          isEdited={pending.has(contact.id)}
          handlers={handlers}
        />
      );
    },
    [rows, visible, frozen, cut, pending, handlers],
  );

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-slate-700" aria-live="polite">
          Checked <strong className="tabular-nums">{checked}</strong> / Total{' '}
          <strong className="tabular-nums">{rows.length}</strong>
        </p>
        <Button variant="danger" className="h-9" onPress={onDeleteSelected}>
          Delete Selected
        </Button>
      </div>
      <VirtualRows
        ref={tableRef}
        label="Contacts"
        rowCount={rows.length}
        rowHeight={ROW_HEIGHT}
        height={Math.min(tableHeight, HEADER_HEIGHT + Math.max(rows.length, 3) * ROW_HEIGHT + 16)}
        width={width}
        header={
          <ColumnHeaders
            columns={visible}
            frozen={frozen}
            height={HEADER_HEIGHT}
            allChecked={rows.length > 0 && checked === rows.length}
            someChecked={checked > 0}
            onSelectAll={onSelectAll}
            onResize={onResize}
          />
        }
        renderRow={renderRow}
        onFirstRowChange={onFirstRowChange}
      />
    </div>
  );
}
