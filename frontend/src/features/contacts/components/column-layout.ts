import type { CSSProperties } from 'react';
import type { Freeze } from '../../../components/ui/data-table.tsx';
import type { ColumnSetting } from '../api/column-settings.ts';

/** Spec §9: at least 20 when typed, at least 50 when dragged. */
export const MIN_TYPED_WIDTH = 20;
export const MIN_DRAGGED_WIDTH = 50;
export const MAX_WIDTH = 2000;

/** The default columns (spec §3: 19 to 21, widths 50 to 200), in order. */
export const DEFAULT_COLUMNS: readonly ColumnSetting[] = [
  { id: 'check', name: 'Check', width: 50, visible: true },
  { id: 'id', name: 'ID', width: 70, visible: true },
  { id: 'Group', name: 'Group', width: 120, visible: true },
  { id: 'chatWindowName', name: 'Chat Window Name', width: 150, visible: true },
  { id: 'contactName', name: 'Name', width: 120, visible: true },
  { id: 'phoneNumber', name: 'Phone Number', width: 140, visible: true },
  { id: 'email', name: 'Email', width: 180, visible: true },
  { id: 'definition1', name: 'Definition 1', width: 120, visible: true },
  { id: 'definition2', name: 'Definition 2', width: 120, visible: true },
  { id: 'definition3', name: 'Definition 3', width: 120, visible: true },
  { id: 'memo', name: 'Memo', width: 150, visible: true },
  { id: 'startStatus', name: 'Start Status', width: 100, visible: true },
  { id: 'completionStatus', name: 'Completion Status', width: 100, visible: true },
  { id: 'checklistConfirm', name: 'Checklist Confirmation', width: 130, visible: true },
  { id: 'kakaoTalk', name: 'KakaoTalk Chat Name', width: 150, visible: true },
  { id: 'modifyChat', name: 'Modified Chat Name', width: 150, visible: true },
  { id: 'editConversation', name: 'Edit Conversation', width: 90, visible: true },
  { id: 'addFriend', name: 'Add Friend', width: 80, visible: true },
  { id: 'edit', name: 'Edit', width: 70, visible: true },
  { id: 'delete', name: 'Delete', width: 80, visible: true },
];

export type ColumnId = (typeof DEFAULT_COLUMNS)[number]['id'];

/**
 * The columns to show: the saved ones in their saved order with their widths (clamped), unknown ones dropped,
 * and columns added since the save appended with their defaults.
 */
export function resolveColumns(saved: readonly ColumnSetting[] | null | undefined): ColumnSetting[] {
  if (!saved) return DEFAULT_COLUMNS.map((column) => ({ ...column }));
  const defaults = new Map(DEFAULT_COLUMNS.map((column) => [column.id, column]));
  const seen = new Set<string>();
  const kept: ColumnSetting[] = [];
  for (const column of saved) {
    const fallback = defaults.get(column.id);
    if (!fallback || seen.has(column.id)) continue;
    seen.add(column.id);
    kept.push({
      id: column.id,
      name: fallback.name,
      width: clampWidth(column.width, MIN_TYPED_WIDTH) ?? fallback.width,
      visible: column.visible,
    });
  }
  return [...kept, ...DEFAULT_COLUMNS.filter((column) => !seen.has(column.id)).map((column) => ({ ...column }))];
}

/** A width as a whole number of at least `min`, or null when it is no number. */
export function clampWidth(width: number, min: number): number | null {
  if (!Number.isFinite(width)) return null;
  return Math.min(MAX_WIDTH, Math.max(min, Math.round(width)));
}

export const WIDTH_MESSAGE = `Column width must be a whole number of at least ${MIN_TYPED_WIDTH}`;

/** Why a typed width is refused, or null (spec §5: an integer, at least 20 in the input). */
export function typedWidthProblem(text: string): string | null {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= MIN_TYPED_WIDTH && value <= MAX_WIDTH ? null : WIDTH_MESSAGE;
}

/** A column resized by dragging by `delta` pixels from `startWidth`, never under 50. */
export function draggedWidth(startWidth: number, delta: number): number {
  return clampWidth(startWidth + delta, MIN_DRAGGED_WIDTH) ?? startWidth;
}

export function withWidth(columns: readonly ColumnSetting[], id: string, width: number): ColumnSetting[] {
  return columns.map((column) => (column.id === id ? { ...column, width } : column));
}

/** Columns that stay in view while the table scrolls sideways: selection and name at the start, the row's actions at the end. */
const FROZEN_SIDES: Readonly<Record<string, Freeze>> = {
  check: 'start',
  contactName: 'start',
  edit: 'end',
  delete: 'end',
};

export interface FrozenColumn {
  side: Freeze;
  /** Distance from its side: the widths of the frozen columns between it and that side. */
  offset: number;
}

/** Where each frozen column of the shown ones stays, in pixels from its side. */
export function frozenColumns(columns: readonly ColumnSetting[]): Map<string, FrozenColumn> {
  const frozen = new Map<string, FrozenColumn>();
  let fromStart = 0;
  for (const column of columns) {
    if (FROZEN_SIDES[column.id] !== 'start') continue;
    frozen.set(column.id, { side: 'start', offset: fromStart });
    fromStart += column.width;
  }
  let fromEnd = 0;
  for (const column of [...columns].reverse()) {
    if (FROZEN_SIDES[column.id] !== 'end') continue;
    frozen.set(column.id, { side: 'end', offset: fromEnd });
    fromEnd += column.width;
  }
  return frozen;
}

/** A column's width, and for a frozen one its distance from its side. */
export function columnStyle(width: number, frozenAt: FrozenColumn | undefined): CSSProperties {
  if (!frozenAt) return { width };
  return frozenAt.side === 'start' ? { width, left: frozenAt.offset } : { width, right: frozenAt.offset };
}
