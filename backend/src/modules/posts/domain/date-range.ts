// The dashboard's date filter (spec §5): inclusive calendar days in Korea (Asia/Seoul, UTC+9, no DST). Pure.

export const DATE_RANGE_MESSAGES = {
  missing: 'Please select both start and end dates',
  format: 'Dates must be given as YYYY-MM-DD',
  order: 'The start date must not be after the end date',
} as const;

const DAY_MS = 86_400_000;
const SEOUL_OFFSET_MS = 9 * 3_600_000;

/** Midnight in Seoul of a YYYY-MM-DD day, or null when the text is not a real day. */
export function seoulMidnight(day: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const [year, month, date] = [+match[1], +match[2], +match[3]];
  const utc = Date.UTC(year, month - 1, date);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return null;
  return new Date(utc - SEOUL_OFFSET_MS);
}

export type DateRange = { from: Date; toExclusive: Date };
export type DateRangeResult = { ok: true; range: DateRange } | { ok: false; message: string };

/** `from <= postDate < toExclusive` covers both days whole, in Seoul time. */
export function seoulDayRange(
  startDate: string | null | undefined,
  endDate: string | null | undefined,
): DateRangeResult {
  const start = startDate?.trim();
  const end = endDate?.trim();
  if (!start || !end) return { ok: false, message: DATE_RANGE_MESSAGES.missing };
  const from = seoulMidnight(start);
  const endMidnight = seoulMidnight(end);
  if (!from || !endMidnight) return { ok: false, message: DATE_RANGE_MESSAGES.format };
  if (from > endMidnight) return { ok: false, message: DATE_RANGE_MESSAGES.order };
  return { ok: true, range: { from, toExclusive: new Date(endMidnight.getTime() + DAY_MS) } };
}
