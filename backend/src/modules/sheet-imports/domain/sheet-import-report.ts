// The outcome of a sheet import, as the caller and the UI see it. Pure.

export interface RejectedRow {
  /** The row number as the sheet shows it (the header is row 1). */
  row: number;
  reason: string;
}

export interface SheetImportReport {
  /** Non-empty data rows read from the sheet. */
  total: number;
  created: number;
  updated: number;
  unchanged: number;
  rejected: RejectedRow[];
  /** Header texts that matched no field; their columns were ignored. */
  unknownHeaders: string[];
}

/** What a sheet turned into before saving: the records to upsert and the rows that could not be used. */
export interface ReadSheet<R> {
  total: number;
  records: R[];
  rejected: RejectedRow[];
  unknownHeaders: string[];
}

/** Raised when the sheet as a whole cannot be imported (no header row, a required column missing). */
export class SheetShapeError extends Error {}

/**
 * Reads a sheet's rows after its header row: skips blank rows, converts each row with `toRecord` (which throws
 * a RangeError with the reason for a row it cannot use), and refuses a key seen earlier in the same sheet.
 */
export function readRows<R>(
  rows: readonly (readonly unknown[])[],
  toRecord: (row: readonly unknown[]) => R,
  keyOf: (record: R) => string,
  describeKey: string,
): Omit<ReadSheet<R>, 'unknownHeaders'> {
  const records: R[] = [];
  const rejected: RejectedRow[] = [];
  const firstRowOf = new Map<string, number>();
  let total = 0;
  rows.forEach((row, index) => {
    const rowNumber = index + 2;
    if (row.every((cell) => String(cell ?? '').trim() === '')) return;
    total++;
    let record: R;
    try {
      record = toRecord(row);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error;
      rejected.push({ row: rowNumber, reason: error.message });
      return;
    }
    const key = keyOf(record);
    const first = firstRowOf.get(key);
    if (first !== undefined) {
      rejected.push({ row: rowNumber, reason: `The same ${describeKey} ${key} is already on row ${first}.` });
      return;
    }
    firstRowOf.set(key, rowNumber);
    records.push(record);
  });
  return { total, records, rejected };
}
