import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  displayPostDate,
  koreanCalendarToday,
  koreanDateTimeToIso,
  koreanToday,
  koreanYesterday,
} from './korean-time.ts';

describe('Korean days', () => {
  afterEach(() => vi.useRealTimers());

  it('today and yesterday follow Korean time, not the browser', () => {
    const lateUtc = new Date('2026-03-01T16:30:00Z'); // 01:30 on 2 March in Seoul
    expect(koreanToday(lateUtc)).toBe('2026-03-02');
    expect(koreanYesterday(lateUtc)).toBe('2026-03-01');
  });

  it("a calendar's today is Korea's day, also where the browser's clock still shows the day before", () => {
    vi.useFakeTimers({ now: new Date('2026-03-01T16:30:00Z'), toFake: ['Date'] });
    expect(koreanCalendarToday().toString()).toBe('2026-03-02');
  });

  it('a post date shows as its Korean day, or as typed when it is no date-time', () => {
    expect(displayPostDate('2026-06-30T15:00:00.000Z')).toBe('2026-07-01');
    expect(displayPostDate('7월 초')).toBe('7월 초');
    expect(displayPostDate(null)).toBeNull();
  });
});

describe('koreanDateTimeToIso', () => {
  it('reads the day and time as Korean time', () => {
    expect(koreanDateTimeToIso({ year: 2026, month: 11, day: 20 }, { hour: 14, minute: 30 })).toBe(
      '2026-11-20T05:30:00.000Z',
    );
  });

  it('goes back to the previous UTC day before 09:00', () => {
    expect(koreanDateTimeToIso({ year: 2027, month: 1, day: 1 }, { hour: 8, minute: 5 })).toBe(
      '2026-12-31T23:05:00.000Z',
    );
  });
});
