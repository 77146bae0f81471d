import { DEFAULT_COLUMNS } from './column-layout.ts';

const COLUMN_NAMES = new Map<string, string>(DEFAULT_COLUMNS.map((column) => [column.id, column.name]));

/** A contact field (as the API or a CSV mapping names it) by the name of its column in the table (spec §3). */
export function fieldLabel(field: string): string {
  return field === 'groupId' || field === 'group' ? 'Group' : (COLUMN_NAMES.get(field) ?? field);
}
