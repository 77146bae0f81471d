import { describe, expect, it } from 'vitest';
import { formatKoreanDateTime, koreanDateTimeToIso } from './scheduled-time.ts';

describe('koreanDateTimeToIso', () => {
  it('reads the day and time as Korean time', () => {
    expect(koreanDateTimeToIso({ year: 2026, month: 11, day: 20 }, { hour: 14, minute: 30 })).toBe('2026-11-20T05:30:00.000Z');
  });

  it('goes back to the previous UTC day before 09:00', () => {
    expect(koreanDateTimeToIso({ year: 2027, month: 1, day: 1 }, { hour: 8, minute: 5 })).toBe('2026-12-31T23:05:00.000Z');
  });
});

describe('formatKoreanDateTime', () => {
  it('shows an instant as the day and time in Korea', () => {
    expect(formatKoreanDateTime('2026-12-31T23:05:00.000Z')).toBe('2027-01-01 08:05');
    expect(formatKoreanDateTime(koreanDateTimeToIso({ year: 2026, month: 3, day: 9 }, { hour: 0, minute: 0 }))).toBe('2026-03-09 00:00');
  });
});
