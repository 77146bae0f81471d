// Days and times as the agency sees them: Korea's, whatever the browser's own time zone (the rules package holds
// the arithmetic the server shares). This adds what only the screens need: "now" and calendar days.
import { type CalendarDate, today } from '@internationalized/date';
import {
  type CalendarDay,
  koreanDateTime,
  koreanDay,
  koreanDayBefore,
  KOREA_TIME_ZONE,
  type TimeOfDay,
} from '@job-casting/rules';

/** Today and yesterday in Korea, as the date filter's shortcuts use them. */
export function koreanToday(now: Date = new Date()): string {
  return koreanDay(now);
}

export function koreanYesterday(now: Date = new Date()): string {
  return koreanDayBefore(now);
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
  return koreanDateTime(date, time).toISOString();
}
