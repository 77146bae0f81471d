import { isDeepStrictEqual } from 'node:util';

/**
 * Records several staff edit (contacts, models, templates) carry a version. The database keeps it: the trigger
 * `record_version` (Migration20261202000000_record_versions) runs before every update of a versioned table, so an
 * entity's flush, a raw statement and an import alike raise the version by one when they change a versioned
 * column, and write that version beside each column they changed (`field_versions`). A save names the version it
 * was made on; the fields changed after it are then known without keeping old values.
 */
export interface VersionedRecord {
  version: number;
  /** By column: the version at which the column last changed (columns never changed are missing). */
  fieldVersions: Readonly<Record<string, number>>;
}

/** The trigger a versioned table declares, over the columns whose changes count (derived and bookkeeping columns do not). */
export function recordVersionTrigger(table: string, columns: readonly string[]) {
  const quoted = columns.map((column) => `"${column}"`).join(', ');
  const names = columns.map((column) => `'${column}'`).join(', ');
  return {
    name: 'record_version',
    timing: 'before' as const,
    events: ['update' as const],
    expression: `create trigger "record_version" before update of ${quoted} on "${table}" for each row execute function "record_version_fn"(${names});`,
  };
}

/** One value a save would write: the field as the API names it, its column, what is stored and what would be. */
export interface FieldWrite {
  field: string;
  column: string;
  current: unknown;
  next: unknown;
}

/**
 * The fields a save made on `baseVersion` would overwrite although someone changed them after that version: the
 * fields it writes with a value other than the stored one, whose column changed later than the save's version.
 * Fields changed meanwhile that the save leaves alone, or sets to what is stored, are no conflict. A save without
 * a version (a client of the spec's calls) is not checked.
 */
export function conflictingFields(
  record: VersionedRecord,
  baseVersion: number | undefined,
  writes: readonly FieldWrite[],
): string[] {
  if (baseVersion === undefined || baseVersion >= record.version) return [];
  return writes
    .filter(
      (write) =>
        (record.fieldVersions[write.column] ?? 0) > baseVersion && !isDeepStrictEqual(write.current, write.next),
    )
    .map((write) => write.field);
}
