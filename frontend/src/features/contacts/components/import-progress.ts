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
