// Korean time (Asia/Seoul: UTC+9, no daylight saving), the product's day and hour whatever the machine's or the
// browser's time zone: the gateway's dates, the sending-hour rules, the consent's days, the calendars and filters.

export const KOREA_TIME_ZONE = 'Asia/Seoul';
const KOREA_OFFSET_MS = 9 * 3600 * 1000;
const DAY_MS = 24 * 3600 * 1000;

const shifted = (at: Date) => new Date(at.getTime() + KOREA_OFFSET_MS).toISOString();

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export interface TimeOfDay {
  hour: number;
  minute: number;
}

export function koreanHour(at: Date): number {
  return Number(shifted(at).slice(11, 13));
}

/** The Korean calendar day, YYYY-MM-DD. */
export function koreanDay(at: Date): string {
  return shifted(at).slice(0, 10);
}

/** The Korean calendar day before the one of `at`, YYYY-MM-DD. */
export function koreanDayBefore(at: Date): string {
  return koreanDay(new Date(at.getTime() - DAY_MS));
}

/** YYYYMMDD. */
export function koreanDate(at: Date): string {
  return koreanDay(at).replaceAll('-', '');
}

/** HHMM. */
export function koreanTime(at: Date): string {
  return shifted(at).slice(11, 16).replace(':', '');
}

/** 'yyyy-MM-dd HH:mm' of an instant in Korea. */
export function formatKoreanDateTime(at: Date | string): string {
  const text = shifted(new Date(at));
  return `${text.slice(0, 10)} ${text.slice(11, 16)}`;
}

/** The instant of that day and time in Korea. */
export function koreanDateTime(date: CalendarDay, time: TimeOfDay): Date {
  return new Date(Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute) - KOREA_OFFSET_MS);
}

/** 'YYYY-MM-DD HH:MM:SS' (or without separators) read as Korean time; null when it is not a date. */
export function fromKoreanDateTime(text: string): Date | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})?/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) - KOREA_OFFSET_MS,
  );
}
