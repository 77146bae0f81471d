// A scheduled send's time as staff pick it: a day on the calendar and a time of day, both in Korean time (UTC+9,
// no daylight saving), whatever the browser's own time zone.

const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** The instant of that day and time in Korea, as the ISO date-time the API takes. */
export function koreanDateTimeToIso(date: CalendarDay, time: TimeOfDay): string {
  return new Date(Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute) - KOREA_OFFSET_MS).toISOString();
}

/** 'yyyy-MM-dd HH:mm' of an instant in Korea. */
export function formatKoreanDateTime(iso: string): string {
  const shifted = new Date(new Date(iso).getTime() + KOREA_OFFSET_MS).toISOString();
  return `${shifted.slice(0, 10)} ${shifted.slice(11, 16)}`;
}
