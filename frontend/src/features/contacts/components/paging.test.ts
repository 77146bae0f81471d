import { describe, expect, it } from 'vitest';
import { firstRowOfPage, pageCount, pageOfRow } from './paging.ts';
import { rowWindow } from './row-window.ts';

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
