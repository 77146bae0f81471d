// Calendar days as the agency sees them: Korea (Asia/Seoul). Pure.

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD of an instant in Seoul. */
export function seoulDay(instant: Date): string {
  return DAY.format(instant);
}

/** Today and yesterday in Seoul, as the date filter's shortcuts use them. */
export function seoulToday(now: Date = new Date()): string {
  return seoulDay(now);
}

export function seoulYesterday(now: Date = new Date()): string {
  return seoulDay(new Date(now.getTime() - 24 * 60 * 60 * 1000));
}

/** A post date for display: the Seoul day of an ISO date-time, or the text as typed when it is not one. */
export function displayPostDate(value: string | null): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : seoulDay(instant);
}
