import { describe, expect, it, vi } from 'vitest';
import { putRowsInOrder, rowsToKeep } from './row-order.ts';

describe('rowsToKeep', () => {
  it('keeps rows already in order', () => {
    expect([...rowsToKeep([3, 4, 5])]).toEqual(expect.arrayContaining([0, 1, 2]));
  });

  it('keeps the longer part of a rotated window, so only the rows that wrapped move', () => {
    // Slots 0..5 after scrolling down by two rows: the first two hold the rows that entered at the bottom.
    expect(rowsToKeep([16, 17, 12, 13, 14, 15])).toEqual(new Set([2, 3, 4, 5]));
    expect(rowsToKeep([12, 13, 14, 15, 10, 11])).toEqual(new Set([0, 1, 2, 3]));
  });

  it('always keeps the pinned row (the one with focus)', () => {
    const keep = rowsToKeep([16, 17, 12, 13, 14, 15], 0);
    expect(keep.has(0)).toBe(true);
    expect(keep).toEqual(new Set([0, 1]));
  });
});

function tableBody(indexes: number[]): HTMLElement {
  const body = document.createElement('div');
  for (const index of indexes) {
    const row = document.createElement('div');
    row.setAttribute('role', 'row');
    row.setAttribute('aria-rowindex', String(index));
    row.append(Object.assign(document.createElement('input'), { ariaLabel: `row ${index}` }));
    body.append(row);
  }
  document.body.append(body);
  return body;
}

const order = (body: HTMLElement) => Array.from(body.children, (row) => Number(row.getAttribute('aria-rowindex')));

describe('putRowsInOrder', () => {
  it('orders the rows by aria-rowindex with the fewest moves', () => {
    const body = tableBody([16, 17, 12, 13, 14, 15]);
    const moves = vi.spyOn(body, 'insertBefore');
    putRowsInOrder(body);
    expect(order(body)).toEqual([12, 13, 14, 15, 16, 17]);
    expect(moves).toHaveBeenCalledTimes(2);
    body.remove();
  });

  it('does not move the row holding focus', () => {
    const body = tableBody([16, 17, 12, 13, 14, 15]);
    const focused = body.children[1]!;
    focused.querySelector('input')!.focus();
    const moved: Node[] = [];
    vi.spyOn(body, 'insertBefore').mockImplementation(function (this: HTMLElement, node, child) {
      moved.push(node);
      return HTMLElement.prototype.insertBefore.call(this, node, child) as typeof node;
    });
    putRowsInOrder(body);
    expect(order(body)).toEqual([12, 13, 14, 15, 16, 17]);
    expect(moved).not.toContain(focused);
    expect(document.activeElement).toBe(focused.querySelector('input'));
    body.remove();
  });

  it('leaves rows in order alone', () => {
    const body = tableBody([4, 5, 6]);
    const moves = vi.spyOn(body, 'insertBefore');
    putRowsInOrder(body);
    expect(moves).not.toHaveBeenCalled();
    body.remove();
  });
});
