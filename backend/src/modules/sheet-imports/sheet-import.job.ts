import type { SheetImportReport } from './domain/sheet-import-report.js';

/** What a sheet holds: casting posts (spec §7 GET posts/…) or model cards (GET sheets/…). */
export const SHEET_IMPORT_KINDS = ['posts', 'models'] as const;
export type SheetImportKind = (typeof SHEET_IMPORT_KINDS)[number];

/** The data of a `sheet-import` job; its id is the import id the client chose. */
export interface SheetImportJobData {
  kind: SheetImportKind;
  fileId: string;
  sheetName: string;
  accountId: number;
  requestedBy: number;
}

/**
 * A job's result. A refusal (no such sheet, a sheet without the needed columns, an account Google no longer
 * accepts) is a result, not a failure: it is not retried, and the caller hears its status and message.
 */
export type SheetImportOutcome =
  { ok: true; report: SheetImportReport } | { ok: false; status: number; message: string };

/** Rows written so far, reported after each batch; absent while the sheet is being read. */
export interface SheetImportProgress {
  done: number;
  total: number;
}

export const SHEET_IMPORT_JOB = 'import-sheet';
