import { describe, expect, it } from 'vitest';
import { firstRowOfPage, pageCount, pageOfRow } from './paging.ts';
import { rowsBySlot, rowWindow, windowSlots } from './row-window.ts';

describe('paging', () => {
  it('counts pages of 100', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(100)).toBe(1);
    expect(pageCount(101)).toBe(2);
    expect(pageCount(50_000)).toBe(500);
  });

  it('maps rows to pages and back', () => {
    expect(pageOfRow(0, 250)).toBe(1);
    expect(pageOfRow(99, 250)).toBe(1);
    expect(pageOfRow(100, 250)).toBe(2);
    expect(pageOfRow(10_000, 250)).toBe(3);
    expect(firstRowOfPage(2, 250)).toBe(100);
    expect(firstRowOfPage(9, 250)).toBe(200);
    expect(firstRowOfPage(0, 250)).toBe(0);
  });
});

describe('rowWindow', () => {
  it('renders the visible rows and the overscan', () => {
    expect(rowWindow(0, 400, 40, 50_000, 5)).toEqual({ start: 0, end: 16 });
    expect(rowWindow(4000, 400, 40, 50_000, 5)).toEqual({ start: 95, end: 116 });
  });

  it('stays inside the rows there are', () => {
    expect(rowWindow(0, 400, 40, 3, 5)).toEqual({ start: 0, end: 3 });
    expect(rowWindow(1_000_000, 400, 40, 30, 5)).toEqual({ start: 24, end: 30 });
    expect(rowWindow(0, 400, 40, 0, 5)).toEqual({ start: 0, end: 0 });
  });
});

describe('rowsBySlot', () => {
  it('gives every row of any window its own slot, the index modulo the window size', () => {
    const slots = windowSlots(400, 40, 5);
    for (const scrollTop of [0, 40, 130, 4000, 4020, 1_000_000]) {
      const window = rowWindow(scrollTop, 400, 40, 30_000, 5);
      const rows = rowsBySlot(window, slots);
      expect(rows.map(({ index }) => index).sort((a, b) => a - b)).toEqual(
        Array.from({ length: window.end - window.start }, (_, i) => window.start + i),
      );
      expect(new Set(rows.map(({ slot }) => slot)).size).toBe(rows.length);
      for (const { index, slot } of rows) expect(index % slots).toBe(slot);
    }
  });

  it('keeps a row in its slot while it stays in the window', () => {
    const slots = windowSlots(400, 40, 5);
    const before = rowsBySlot(rowWindow(4000, 400, 40, 30_000, 5), slots);
    const after = rowsBySlot(rowWindow(4120, 400, 40, 30_000, 5), slots);
    const slotOf = new Map(after.map(({ index, slot }) => [index, slot]));
    for (const { index, slot } of before) if (slotOf.has(index)) expect(slotOf.get(index)).toBe(slot);
  });
});
