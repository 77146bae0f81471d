// Korean time (UTC+9, no daylight saving): the gateway's dates, the sending-hour rules and the consent's days are in it.

const KOREA_OFFSET_MS = 9 * 3600 * 1000;

const shifted = (at: Date) => new Date(at.getTime() + KOREA_OFFSET_MS).toISOString();

export function koreanHour(at: Date): number {
  return Number(shifted(at).slice(11, 13));
}

/** The Korean calendar day, YYYY-MM-DD. */
export function koreanDay(at: Date): string {
  return shifted(at).slice(0, 10);
}

/** YYYYMMDD. */
export function koreanDate(at: Date): string {
  return koreanDay(at).replaceAll('-', '');
}

/** HHMM. */
export function koreanTime(at: Date): string {
  return shifted(at).slice(11, 16).replace(':', '');
}

/** 'YYYY-MM-DD HH:MM:SS' (or without separators) read as Korean time; null when it is not a date. */
export function fromKoreanDateTime(text: string): Date | null {
  const match = /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})?/.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)) - KOREA_OFFSET_MS);
}
