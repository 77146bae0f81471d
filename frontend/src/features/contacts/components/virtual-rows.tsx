import {
  Fragment,
  type ReactNode,
  type Ref,
  useCallback,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { putRowsInOrder } from './row-order.ts';
import { rowsBySlot, rowWindow, windowSlots } from './row-window.ts';

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
  /** Rows rendered beyond each edge of the view; every rendered row is updated on a long scroll, so a few. */
  overscan?: number;
  label: string;
  /** Sticky above the rows (the column headers). */
  header: ReactNode;
  /** One row: an element with role row and its aria-rowindex (index + 2), which orders the rows. */
  renderRow: (index: number, top: number) => ReactNode;
  /** The first row in view changed (for the page x / y line). */
  onFirstRowChange?: (index: number) => void;
}

/**
 * A windowed table body: a tall spacer holds the height of every row, and only the rows in view (plus overscan)
 * are rendered, absolutely positioned. Scroll events are coalesced to one render per animation frame.
 *
 * Rows are keyed by slot (index modulo the window's size): as the window moves, a row that stays keeps its component
 * and elements, and a row that leaves hands them to one that enters. React updates rows instead of mounting new ones,
 * which took over 50 ms when a wheel turn or a page jump replaced every row. Rendered in slot order, the rows are put
 * back in index order in the DOM afterwards (putRowsInOrder), for Tab and screen readers.
 */
export function VirtualRows({
  ref,
  rowCount,
  rowHeight,
  height,
  width,
  overscan = 4,
  label,
  header,
  renderRow,
  onFirstRowChange,
}: VirtualRowsProps) {
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

  useImperativeHandle(
    ref,
    () => ({
      scrollToRow: (index: number) => {
        if (scroller.current) scroller.current.scrollTop = index * rowHeight;
      },
    }),
    [rowHeight],
  );

  const body = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const group = body.current;
    if (!group) return;
    // With focus in the table the order matters at once (the next Tab). Otherwise the rows move in a task of their
    // own: moving them costs a style and layout pass that would make a scroll's render task too long.
    if (group.contains(group.ownerDocument.activeElement)) {
      putRowsInOrder(group);
      return;
    }
    const timer = setTimeout(() => putRowsInOrder(group));
    return () => clearTimeout(timer);
  });

  const rows = rowsBySlot(
    rowWindow(scrollTop, height, rowHeight, rowCount, overscan),
    windowSlots(height, rowHeight, overscan),
  );

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
      <div ref={body} role="rowgroup" className="relative" style={{ height: rowCount * rowHeight, width }}>
        {rows.map(({ index, slot }) => (
          <Fragment key={slot}>{renderRow(index, index * rowHeight)}</Fragment>
        ))}
      </div>
    </div>
  );
}
