// When a campaign's e-mails can go under an account's daily limit, which Gmail counts over a rolling 24 hours:
// each e-mail sent holds one place of the limit for 24 hours after it went. Pure.
import { koreanDay } from '@job-casting/rules';

export const QUOTA_WINDOW_MS = 24 * 3600 * 1000;

export interface QuotaWindow {
  dailyLimit: number;
  /** The times of the account's sends that still count (within the 24 hours before now), in any order. */
  sentAt: readonly Date[];
}

/** How many e-mails go on each Korean day. */
export interface SpreadDay {
  day: string;
  count: number;
}

/**
 * The earliest time from `now` at which one more e-mail fits the limit: now when fewer than the limit went in the
 * last 24 hours, else when enough of them have left the window. `sentAt` is sorted, oldest first.
 */
function nextFreeSlot(sortedSentAt: readonly number[], dailyLimit: number, now: number): number {
  const heldAfter = sortedSentAt.length - dailyLimit;
  if (heldAfter < 0) return now;
  // The window must leave out all but dailyLimit - 1 of them: the send at index heldAfter must have left it.
  return Math.max(now, sortedSentAt[heldAfter] + QUOTA_WINDOW_MS);
}

/** When the next e-mail may go (now, or when the oldest send that holds the limit leaves the window). */
export function quotaFreesAt(window: QuotaWindow, now: Date): Date {
  const sorted = window.sentAt.map((at) => at.getTime()).sort((a, b) => a - b);
  return new Date(nextFreeSlot(sorted, window.dailyLimit, now.getTime()));
}

/**
 * How `recipients` e-mails would spread over the days when each goes as soon as the limit allows (pacing left
 * aside): what fits today goes today, the rest as the rolling window frees. Days are Korean days, in order.
 */
export function spreadOverDays(recipients: number, window: QuotaWindow, now: Date): SpreadDay[] {
  const sorted = window.sentAt
    .map((at) => at.getTime())
    .filter((at) => at > now.getTime() - QUOTA_WINDOW_MS)
    .sort((a, b) => a - b);
  const days: SpreadDay[] = [];
  let cursor = now.getTime();
  for (let n = 0; n < recipients; n++) {
    cursor = nextFreeSlot(sorted, window.dailyLimit, cursor);
    sorted.push(cursor);
    const day = koreanDay(new Date(cursor));
    if (days.at(-1)?.day === day) days.at(-1)!.count++;
    else days.push({ day, count: 1 });
  }
  return days;
}
