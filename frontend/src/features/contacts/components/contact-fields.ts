import { DEFAULT_COLUMNS } from './column-layout.ts';

const COLUMN_NAMES = new Map<string, string>(DEFAULT_COLUMNS.map((column) => [column.id, column.name]));

/** A contact field (as the API names it) by the name of its column in the table. */
export function fieldLabel(field: string): string {
  return field === 'groupId' ? 'Group' : (COLUMN_NAMES.get(field) ?? field);
}
