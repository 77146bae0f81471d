// Where the watch of a mailbox goes on from: Gmail's history ids (unsigned 64-bit, as decimal strings). Pure.

/** How far back a resync looks for our sends whose threads it reads directly. */
export const RESYNC_DAYS = 7;

const HISTORY_ID = /^\d{1,20}$/;

/** How a watch of one mailbox starts. */
export type WatchStart =
  /** Read the history since the stored id. */
  | { kind: 'history'; since: string }
  /**
   * No usable cursor (the first watch, a cursor Gmail no longer keeps history for, or a damaged one): start at the
   * mailbox's current history id, and read the threads of the recent sends directly, so nothing that came in
   * meanwhile is missed and the mailbox's old history is never read.
   */
  | { kind: 'resync' };

export function isHistoryId(value: string | null | undefined): value is string {
  return typeof value === 'string' && HISTORY_ID.test(value);
}

export function watchStart(cursor: string | null): WatchStart {
  return isHistoryId(cursor) ? { kind: 'history', since: cursor } : { kind: 'resync' };
}

/** The later of two history ids: a cursor never moves back (a slow run must not undo a faster one's progress). */
export function laterHistoryId(current: string | null, seen: string): string {
  if (!isHistoryId(current)) return seen;
  if (!isHistoryId(seen)) return current;
  return BigInt(seen) > BigInt(current) ? seen : current;
}

/** The earliest send a resync at `now` reads the thread of. */
export function resyncSince(now: Date): Date {
  return new Date(now.getTime() - RESYNC_DAYS * 24 * 3600_000);
}
