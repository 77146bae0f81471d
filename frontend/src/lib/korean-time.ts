// Days and times as the agency sees them: Korea (Asia/Seoul, UTC+9 without daylight saving), whatever the
// browser's own time zone. Every calendar, "today", "tomorrow" and filter by day in the SPA reads them here, so
// that the screens and the server (which counts Korean days too) agree at every hour. Pure.
import { type CalendarDate, today } from '@internationalized/date';

export const KOREA_TIME_ZONE = 'Asia/Seoul';
const KOREA_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const DAY = new Intl.DateTimeFormat('en-CA', { timeZone: KOREA_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });

export interface CalendarDay {
  year: number;
  month: number;
  day: number;
}

export interface TimeOfDay {
  hour: number;
  minute: number;
}

/** YYYY-MM-DD of an instant in Korea. */
export function koreanDay(instant: Date): string {
  return DAY.format(instant);
}

/** Today and yesterday in Korea, as the date filter's shortcuts use them. */
export function koreanToday(now: Date = new Date()): string {
  return koreanDay(now);
}

export function koreanYesterday(now: Date = new Date()): string {
  return koreanDay(new Date(now.getTime() - DAY_MS));
}

/** Today in Korea as a calendar's day: what calendars open on and the first day a send can be scheduled. */
export function koreanCalendarToday(): CalendarDate {
  return today(KOREA_TIME_ZONE);
}

/** A post date for display: the Korean day of an ISO date-time, or the text as typed when it is not one. */
export function displayPostDate(value: string | null): string | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value)) return value;
  const instant = new Date(value);
  return Number.isNaN(instant.getTime()) ? value : koreanDay(instant);
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
