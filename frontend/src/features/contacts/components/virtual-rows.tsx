import { type ReactNode, type Ref, useCallback, useImperativeHandle, useRef, useState } from 'react';
import { rowWindow } from './row-window.ts';

export interface VirtualRowsHandle {
  scrollToRow: (index: number) => void;
}

interface VirtualRowsProps {
  ref?: Ref<VirtualRowsHandle>;
  rowCount: number;
  rowHeight: number;
  /** The scroll area's height in pixels. */
  height: number;
  width: number;
  overscan?: number;
  label: string;
  /** Sticky above the rows (the column headers). */
  header: ReactNode;
  renderRow: (index: number, top: number) => ReactNode;
  /** The first row in view changed (for the page x / y line). */
  onFirstRowChange?: (index: number) => void;
}

/**
 * A windowed table body: a tall spacer holds the height of every row, and only the rows in view (plus overscan)
 * are rendered, absolutely positioned. Scroll events are coalesced to one render per animation frame.
 */
export function VirtualRows({ ref, rowCount, rowHeight, height, width, overscan = 8, label, header, renderRow, onFirstRowChange }: VirtualRowsProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const frame = useRef(0);
  const [scrollTop, setScrollTop] = useState(0);

  const onScroll = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      const top = scroller.current?.scrollTop ?? 0;
      setScrollTop(top);
      onFirstRowChange?.(Math.floor(top / rowHeight));
    });
  }, [onFirstRowChange, rowHeight]);

  useImperativeHandle(ref, () => ({
    scrollToRow: (index: number) => {
      if (scroller.current) scroller.current.scrollTop = index * rowHeight;
    },
  }), [rowHeight]);

  const { start, end } = rowWindow(scrollTop, height, rowHeight, rowCount, overscan);
  const rows: ReactNode[] = [];
  for (let index = start; index < end; index++) rows.push(renderRow(index, index * rowHeight));

  return (
    <div
      ref={scroller}
      role="table"
      aria-label={label}
      aria-rowcount={rowCount + 1}
      tabIndex={-1}
      onScroll={onScroll}
      style={{ height }}
      className="relative overflow-auto rounded-lg border border-slate-200 bg-white outline-none"
    >
      <div role="rowgroup" className="sticky top-0 z-10" style={{ width }}>
        {header}
      </div>
      <div role="rowgroup" className="relative" style={{ height: rowCount * rowHeight, width }}>
        {rows}
      </div>
    </div>
  );
}
