import { ApiError } from './api-error.ts';

/** A record a save found changed by someone else since the version it was made on (409, back end: record versions). */
export interface StaleRecord<T> {
  /** The fields the save would have overwritten. */
  conflictingFields: string[];
  /** The record as it is now, with its version. */
  current: T;
}

/** The record a refused save of one record found, or null when the failure is of another kind. */
export function staleRecordOf<T>(error: unknown): StaleRecord<T> | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const details = error.body?.details;
  if (!details?.current) return null;
  return { conflictingFields: details.conflictingFields ?? [], current: details.current as T };
}

/** The stale rows of a refused save of many (PUT contacts: none of them was saved), or null for another failure. */
export function staleRecordsOf<T>(error: unknown): (StaleRecord<T> & { id: number })[] | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  const rows = error.body?.details?.staleRecords;
  if (!rows || rows.length === 0) return null;
  return rows.map((row) => ({ id: row.id, conflictingFields: row.conflictingFields, current: row.current as T }));
}

/** The fields of `mine` that differ from `base`: a staff member's own edit of a form loaded from `base`. */
export function editedFields<T extends object>(base: T, mine: T): (keyof T)[] {
  return (Object.keys(mine) as (keyof T)[]).filter(
    (field) => JSON.stringify(mine[field]) !== JSON.stringify(base[field]),
  );
}
