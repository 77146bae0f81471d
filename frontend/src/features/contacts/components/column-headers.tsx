import { type PointerEvent as ReactPointerEvent, useEffect, useRef, useState } from 'react';
import { frozenCell } from '../../../components/ui/data-table.tsx';
import type { ColumnSetting } from '../api/column-settings.ts';
import { columnStyle, draggedWidth, type FrozenColumn, MIN_DRAGGED_WIDTH } from './column-layout.ts';

interface ColumnHeadersProps {
  columns: readonly ColumnSetting[];
  frozen: ReadonlyMap<string, FrozenColumn>;
  height: number;
  allChecked: boolean;
  someChecked: boolean;
  onSelectAll: (checked: boolean) => void;
  /** A column's width after dragging (or arrow keys on its handle). */
  onResize: (id: string, width: number) => void;
}

function SelectAll({
  allChecked,
  someChecked,
  onSelectAll,
}: Pick<ColumnHeadersProps, 'allChecked' | 'someChecked' | 'onSelectAll'>) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = someChecked && !allChecked;
  }, [someChecked, allChecked]);
  return (
    <input
      ref={box}
      type="checkbox"
      aria-label="Select All"
      checked={allChecked}
      onChange={(event) => onSelectAll(event.currentTarget.checked)}
      className="size-4 accent-brand-700"
    />
  );
}

/** The header row: names, Select All, and a handle per column to drag its width (at least 50). */
export function ColumnHeaders({
  columns,
  frozen,
  height,
  allChecked,
  someChecked,
  onSelectAll,
  onResize,
}: ColumnHeadersProps) {
  const [dragging, setDragging] = useState<{ id: string; width: number } | null>(null);

  const startDrag = (column: ColumnSetting, event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    const startX = event.clientX;
    const target = event.currentTarget;
    target.setPointerCapture(event.pointerId);
    let width = column.width;
    const move = (moveEvent: PointerEvent) => {
      width = draggedWidth(column.width, moveEvent.clientX - startX);
      setDragging({ id: column.id, width });
    };
    const up = () => {
      target.removeEventListener('pointermove', move);
      target.removeEventListener('pointerup', up);
      target.removeEventListener('pointercancel', up);
      setDragging(null);
      if (width !== column.width) onResize(column.id, width);
    };
    target.addEventListener('pointermove', move);
    target.addEventListener('pointerup', up);
    target.addEventListener('pointercancel', up);
  };

  return (
    <div
      role="row"
      aria-rowindex={1}
      style={{ height }}
      className="flex items-stretch border-b border-slate-300 bg-slate-100 text-xs font-semibold text-slate-700"
    >
      {columns.map((column) => {
        const width = dragging?.id === column.id ? dragging.width : column.width;
        const frozenAt = frozen.get(column.id);
        return (
          <div
            key={column.id}
            role="columnheader"
            style={columnStyle(width, frozenAt)}
            className={`flex shrink-0 items-center px-2 ${frozenAt ? frozenCell(frozenAt.side) : 'relative'}`}
          >
            {column.id === 'check' ? (
              <SelectAll allChecked={allChecked} someChecked={someChecked} onSelectAll={onSelectAll} />
            ) : (
              <span className="truncate">{column.name}</span>
            )}
            <div
              role="separator"
              aria-orientation="vertical"
              aria-label={`Resize ${column.name}`}
              aria-valuenow={width}
              aria-valuemin={MIN_DRAGGED_WIDTH}
              tabIndex={0}
              onPointerDown={(event) => startDrag(column, event)}
              onKeyDown={(event) => {
                if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
                event.preventDefault();
                onResize(column.id, draggedWidth(column.width, event.key === 'ArrowLeft' ? -10 : 10));
              }}
              className="absolute top-0 right-0 h-full w-2 cursor-col-resize touch-none border-r border-slate-300 hover:bg-brand-200 focus-visible:bg-brand-300 focus-visible:outline-none"
            />
          </div>
        );
      })}
    </div>
  );
}
