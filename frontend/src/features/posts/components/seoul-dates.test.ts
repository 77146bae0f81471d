import { describe, expect, it } from 'vitest';
import { displayPostDate, seoulToday, seoulYesterday } from './seoul-dates.ts';

describe('Seoul days', () => {
  it('today and yesterday follow Korean time, not the browser', () => {
    const lateUtc = new Date('2026-03-01T16:30:00Z'); // 01:30 on 2 March in Seoul
    expect(seoulToday(lateUtc)).toBe('2026-03-02');
    expect(seoulYesterday(lateUtc)).toBe('2026-03-01');
  });

  it('a post date shows as its Seoul day, or as typed when it is no date-time', () => {
    expect(displayPostDate('2026-06-30T15:00:00.000Z')).toBe('2026-07-01');
    expect(displayPostDate('7월 초')).toBe('7월 초');
    expect(displayPostDate(null)).toBeNull();
  });
});
