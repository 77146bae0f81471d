import { countOf } from '../../../lib/count-words.ts';

/** Spec brief: the import is polled every 500 ms. */
export const POLL_MS = 500;

/** An import that will not change any more. */
export function isFinished(state: string): boolean {
  return state === 'completed' || state === 'failed';
}

/** Progress as a whole percentage, 0 while the total is unknown. */
export function progressPercent(progress: { done: number; total: number }): number {
  if (progress.total <= 0) return 0;
  return Math.min(100, Math.round((progress.done / progress.total) * 100));
}

/** The report of a finished import, in its mode's words. */
export function importedText(job: {
  mode: string;
  imported: number;
  matchedRows: number;
  updated: number;
  rejected: readonly unknown[];
}): string {
  const rejected = `Rejected ${job.rejected.length}.`;
  if (job.mode === 'update')
    return `Added ${countOf(job.imported, 'contact')}, updated ${job.updated} from ${countOf(job.matchedRows, 'matching row')}. ${rejected}`;
  if (job.mode === 'skip')
    return `Added ${countOf(job.imported, 'contact')}, skipped ${countOf(job.matchedRows, 'matching row')}. ${rejected}`;
  return `Imported ${countOf(job.imported, 'contact')}. ${rejected}`;
}
