import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMNS,
  draggedWidth,
  frozenColumns,
  resolveColumns,
  typedWidthProblem,
  withWidth,
} from './column-layout.ts';

describe('column settings', () => {
  it('has 19 to 21 default columns of 50 to 200 pixels', () => {
    expect(DEFAULT_COLUMNS.length).toBeGreaterThanOrEqual(19);
    expect(DEFAULT_COLUMNS.length).toBeLessThanOrEqual(21);
    expect(DEFAULT_COLUMNS.every((column) => column.width >= 50 && column.width <= 200)).toBe(true);
  });

  it('uses the default without saved settings', () => {
    expect(resolveColumns(null)).toEqual(DEFAULT_COLUMNS);
  });

  it('keeps the saved order, widths and visibility, drops unknown columns and appends new ones', () => {
    const columns = resolveColumns([
      { id: 'email', name: 'E', width: 300, visible: false },
      { id: 'gone', name: 'Gone', width: 80, visible: true },
      { id: 'id', name: 'ID', width: 5, visible: true },
    ]);
    expect(columns.slice(0, 2)).toEqual([
      { id: 'email', name: 'Email', width: 300, visible: false },
      { id: 'id', name: 'ID', width: 20, visible: true },
    ]);
    expect(columns).toHaveLength(DEFAULT_COLUMNS.length);
    expect(columns.some((column) => column.id === 'gone')).toBe(false);
  });

  it('accepts typed widths of at least 20 and dragged widths of at least 50', () => {
    expect(typedWidthProblem('20')).toBeNull();
    expect(typedWidthProblem('19')).not.toBeNull();
    expect(typedWidthProblem('12.5')).not.toBeNull();
    expect(typedWidthProblem('')).not.toBeNull();
    expect(draggedWidth(120, -100)).toBe(50);
    expect(draggedWidth(120, 30.4)).toBe(150);
    expect(withWidth(DEFAULT_COLUMNS, 'id', 99).find((column) => column.id === 'id')?.width).toBe(99);
  });

  it('keeps selection and name at the start and the row actions at the end, each past the frozen columns before it', () => {
    const columns = [
      { id: 'check', name: 'Check', width: 50, visible: true },
      { id: 'id', name: 'ID', width: 70, visible: true },
      { id: 'contactName', name: 'Name', width: 120, visible: true },
      { id: 'email', name: 'Email', width: 180, visible: true },
      { id: 'edit', name: 'Edit', width: 70, visible: true },
      { id: 'delete', name: 'Delete', width: 80, visible: true },
    ];
    expect(Object.fromEntries(frozenColumns(columns))).toEqual({
      check: { side: 'start', offset: 0 },
      contactName: { side: 'start', offset: 50 },
      edit: { side: 'end', offset: 80 },
      delete: { side: 'end', offset: 0 },
    });
    // A hidden Check column is not passed in: the name then stays at the very start.
    expect(frozenColumns(columns.slice(1)).get('contactName')).toEqual({ side: 'start', offset: 0 });
  });
});
