/**
 * The positions of the rows to leave in place when putting rows back in index order: the longest run already in
 * order, holding the pinned position when there is one (the row with focus, which a move would blur). Every
 * other row is moved.
 */
export function rowsToKeep(indexes: readonly number[], pinned = -1): Set<number> {
  const fits = (position: number) =>
    pinned < 0 ||
    position === pinned ||
    (position < pinned ? indexes[position]! < indexes[pinned]! : indexes[position]! > indexes[pinned]!);
  // Longest increasing run ending at each position, by dynamic programming (a window has a few dozen rows).
  const length: number[] = [];
  const previous: number[] = [];
  let best = -1;
  for (let position = 0; position < indexes.length; position++) {
    length[position] = 0;
    previous[position] = -1;
    if (!fits(position)) continue;
    length[position] = 1;
    for (let before = 0; before < position; before++) {
      if (length[before]! > 0 && indexes[before]! < indexes[position]! && length[before]! + 1 > length[position]!) {
        length[position] = length[before]! + 1;
        previous[position] = before;
      }
    }
    if (best < 0 || length[position]! > length[best]!) best = position;
  }
  const keep = new Set<number>();
  for (let position = best; position >= 0; position = previous[position]!) keep.add(position);
  return keep;
}

/**
 * Puts the row elements of a table body in the order of their aria-rowindex, moving as few as it can and never
 * the one holding focus. The virtual rows are reused out of order as the table scrolls; the DOM order is what
 * Tab and screen readers follow.
 */
export function putRowsInOrder(body: HTMLElement): void {
  const rows = Array.from(body.children);
  const indexes = rows.map((row) => Number(row.getAttribute('aria-rowindex')));
  if (indexes.every((index, position) => position === 0 || indexes[position - 1]! < index)) return;
  const active = body.ownerDocument.activeElement;
  const keep = rowsToKeep(
    indexes,
    rows.findIndex((row) => row.contains(active)),
  );
  const sorted = rows
    .map((row, position) => ({ row, index: indexes[position]!, stays: keep.has(position) }))
    .sort((a, b) => a.index - b.index);
  // From the last row back, each moved row goes just before the row that follows it.
  let next: Element | null = null;
  for (let at = sorted.length - 1; at >= 0; at--) {
    const { row, stays } = sorted[at]!;
    if (!stays && row.nextElementSibling !== next) body.insertBefore(row, next);
    next = row;
  }
}
