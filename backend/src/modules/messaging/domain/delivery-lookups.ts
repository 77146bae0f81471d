// When the worker reads the gateway's records after a call was accepted, and when it stops waiting. Pure.

/**
 * After a call is accepted, its records are read 1, 5 and 30 minutes, 2 and 24 hours later, until every message
 * has a final state (DELIVERY_LOOKUP_SCHEDULE_MS in the configuration replaces it, for tests).
 */
export const DELIVERY_LOOKUP_SCHEDULE_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  24 * 3600_000,
];

/** A message still without a final state this long after its call was accepted is `unknown`. */
export const UNKNOWN_AFTER_MS = 72 * 3600_000;

/**
 * How long from `now` until look-up `step` (counted from 0) of a call accepted at `acceptedAt`: the schedule's
 * steps, then one last look at UNKNOWN_AFTER_MS, then (should a clock disagree) once a day more.
 */
export function lookupDelay(schedule: readonly number[], step: number, acceptedAt: Date, now: Date): number {
  const last = schedule.length;
  const due = step < last ? schedule[step] : UNKNOWN_AFTER_MS + (step - last) * 24 * 3600_000;
  return Math.max(0, acceptedAt.getTime() + due - now.getTime());
}

/** Whether a message of a call accepted at `acceptedAt` has waited long enough to be called unknown. */
export const isPastReporting = (acceptedAt: Date, now: Date): boolean =>
  now.getTime() - acceptedAt.getTime() >= UNKNOWN_AFTER_MS;

/** Why a message became unknown, for its event and its row. */
export const UNREPORTED = 'No delivery report from the gateway within 72 hours: whether it arrived is unknown';
