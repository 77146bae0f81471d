export interface RowWindow {
  /** First row rendered (inclusive). */
  start: number;
  /** Row after the last rendered (exclusive). */
  end: number;
}

/** Which rows a fixed-height list renders at this scroll position: the visible ones plus `overscan` on each side. */
export function rowWindow(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  rowCount: number,
  overscan: number,
): RowWindow {
  if (rowCount <= 0 || rowHeight <= 0) return { start: 0, end: 0 };
  const first = Math.floor(Math.max(0, scrollTop) / rowHeight);
  const visible = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(first, rowCount - 1) - overscan);
  const end = Math.min(rowCount, first + visible + overscan);
  return { start, end: Math.max(start, end) };
}

/**
 * How many rows a window holds at most (see rowWindow): keyed by index modulo this number, the rows of one
 * window never share a key.
 */
export function windowSlots(viewportHeight: number, rowHeight: number, overscan: number): number {
  if (rowHeight <= 0) return 1;
  return Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1 + 2 * overscan;
}

/** The rows of a window in the order of their slots (index modulo `slots`). */
export function rowsBySlot({ start, end }: RowWindow, slots: number): { index: number; slot: number }[] {
  const rows: { index: number; slot: number }[] = [];
  for (let slot = 0; slot < slots; slot++) {
    const index = start + ((slot - (start % slots) + slots) % slots);
    if (index < end) rows.push({ index, slot });
  }
  return rows;
}
