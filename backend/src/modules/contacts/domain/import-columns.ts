// The columns an import may change on a contact it matches, and what its revert and restore put back.
import { CONTACT_TEXT_FIELD_NAMES, CONTACT_TEXT_FIELDS } from './contact-fields.js';

/** A contact column an import writes on a matched contact, with the field name the API gives it. */
export interface ImportedColumn {
  column: string;
  field: string;
  /** An integer column (the group); the others are text. */
  integer?: true;
}

/** The contact's text fields and its group: the row's non-empty cells replace them (phone digits never change). */
export const IMPORTED_COLUMNS: readonly ImportedColumn[] = [
  ...CONTACT_TEXT_FIELD_NAMES.map((field) => ({ column: CONTACT_TEXT_FIELDS[field].column, field })),
  { column: 'group_id', field: 'groupId', integer: true },
];

const FIELD_OF_COLUMN = new Map(IMPORTED_COLUMNS.map(({ column, field }) => [column, field]));

/** The API's names of recorded columns (as `before` and `after` key them), in the table's order. */
export function fieldsOfColumns(columns: readonly string[]): string[] {
  const wanted = new Set(columns);
  return IMPORTED_COLUMNS.filter(({ column }) => wanted.has(column)).map(({ column }) => FIELD_OF_COLUMN.get(column)!);
}

/** A column in the SQL of the import's writes: quoted, known (never text from a request). */
export function quoted(column: string): string {
  if (!FIELD_OF_COLUMN.has(column)) throw new Error(`Not an imported contact column: ${column}`);
  return `"${column}"`;
}
