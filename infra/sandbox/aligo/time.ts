// Aligo speaks Korean time (UTC+9, no daylight saving): reservation dates and times in requests, and the dates in
// its answers, are all KST wall-clock values.

const KST_OFFSET_MS = 9 * 3600_000;
export const MINUTE_MS = 60_000;
export const DAY_MS = 24 * 3600_000;

const two = (value: number) => String(value).padStart(2, '0');

function kstParts(epochMs: number) {
  const date = new Date(epochMs + KST_OFFSET_MS);
  return {
    year: date.getUTCFullYear(),
    month: two(date.getUTCMonth() + 1),
    day: two(date.getUTCDate()),
    hour: two(date.getUTCHours()),
    minute: two(date.getUTCMinutes()),
    second: two(date.getUTCSeconds()),
  };
}

/** `YYYY-MM-DD HH:mm:ss` in KST, the format of Aligo's reg_date, send_date and cancel_date. */
export function kstDateTime(epochMs: number): string {
  const p = kstParts(epochMs);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** As kstDateTime, '' for no date (Aligo answers empty strings, not nulls). */
export const kstDateTimeOrEmpty = (epochMs: number | null) => (epochMs === null ? '' : kstDateTime(epochMs));

/** `YYYY-MM-DD HH:mm` in KST, the format of sms_list's reserve_date. */
export function kstMinute(epochMs: number): string {
  const p = kstParts(epochMs);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** `YYYYMMDD` in KST. */
export function kstDay(epochMs: number): string {
  const p = kstParts(epochMs);
  return `${p.year}${p.month}${p.day}`;
}

function kstEpoch(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): number | null {
  const ms = Date.UTC(year, month - 1, day, hour, minute, second) - KST_OFFSET_MS;
  const check = new Date(ms + KST_OFFSET_MS);
  // Rejects 20260231 and 2460 rather than letting Date roll them over.
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  return ms;
}

/** Midnight KST of a `YYYYMMDD` day, or null. */
export function parseKstDay(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  return match ? kstEpoch(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/** An SMS reservation: rdate `YYYYMMDD` and rtime `HHMM` (Aligo writes HHII). */
export function parseReservation(rdate: string, rtime: string): number | null {
  const day = /^(\d{4})(\d{2})(\d{2})$/.exec(rdate);
  const time = /^(\d{2}):?(\d{2})$/.exec(rtime);
  if (!day || !time) return null;
  return kstEpoch(Number(day[1]), Number(day[2]), Number(day[3]), Number(time[1]), Number(time[2]));
}

/** A KakaoTalk senddate: `YYYYMMDDHHmmss` (or without seconds). */
export function parseSendDate(value: string): number | null {
  const match = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?$/.exec(value);
  if (!match) return null;
  return kstEpoch(
    Number(match[1]),
    Number(match[2]),
    Number(match[3]),
    Number(match[4]),
    Number(match[5]),
    Number(match[6] ?? 0),
  );
}
