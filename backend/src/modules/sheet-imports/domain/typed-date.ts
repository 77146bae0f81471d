// Dates as people type them into sheets, read as Korean calendar days. Pure.

const SEOUL_OFFSET = '+09:00';

function seoulDate(year: number, month: number, day: number, hour = 0, minute = 0): Date | null {
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59) return null;
  const pad = (n: number) => String(n).padStart(2, '0');
  const date = new Date(`${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:00${SEOUL_OFFSET}`);
  // 2026-02-31 would roll over into March: not a real day.
  const check = new Date(date.getTime() + 9 * 3_600_000);
  return check.getUTCDate() === day && check.getUTCMonth() === month - 1 ? date : null;
}

/**
 * 2026-11-20, 2026.11.20, 2026. 11. 20., 2026/11/20, 11/20/2026, 2026년 11월 20일, 20261120, with an optional
 * HH:mm; a Sheets serial number (days since 1899-12-30). Anything else (어제, 상시 모집) is null.
 */
export function parseTypedDate(text: string | null | undefined): Date | null {
  const value = text?.trim();
  if (!value) return null;
  let match = /^(\d{4})\s*[-./년]\s*(\d{1,2})\s*[-./월]\s*(\d{1,2})\s*[.일]?\s*(?:(\d{1,2}):(\d{2})(?::\d{2})?)?$/.exec(
    value,
  );
  if (match) return seoulDate(+match[1], +match[2], +match[3], +(match[4] ?? 0), +(match[5] ?? 0));
  match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2}))?$/.exec(value);
  if (match) return seoulDate(+match[3], +match[1], +match[2], +(match[4] ?? 0), +(match[5] ?? 0));
  match = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  if (match) return seoulDate(+match[1], +match[2], +match[3]);
  match = /^(\d{5})(?:\.\d+)?$/.exec(value);
  if (match) {
    const serial = +match[1];
    if (serial > 20_000 && serial < 80_000) {
      const utc = new Date(Date.UTC(1899, 11, 30) + serial * 86_400_000);
      return seoulDate(utc.getUTCFullYear(), utc.getUTCMonth() + 1, utc.getUTCDate());
    }
  }
  return null;
}
