import { fromKoreanDateTime, koreanDate, koreanDay, koreanHour, koreanTime } from './korean-time.js';

describe('Korean time', () => {
  const lateUtc = new Date(Date.UTC(2026, 10, 25, 15, 30));

  it('is nine hours ahead of UTC, across midnight', () => {
    expect(koreanHour(lateUtc)).toBe(0);
    expect(koreanDate(lateUtc)).toBe('20261126');
    expect(koreanDay(lateUtc)).toBe('2026-11-26');
    expect(koreanDay(new Date('2026-11-25T14:59:59Z'))).toBe('2026-11-25');
    expect(koreanTime(lateUtc)).toBe('0030');
    expect(koreanHour(new Date(Date.UTC(2026, 10, 25, 23, 0)))).toBe(8);
  });

  it('reads the gateway dates back as the same moment', () => {
    expect(fromKoreanDateTime('2026-11-26 00:30:00')).toEqual(lateUtc);
    expect(fromKoreanDateTime('20261126003000')).toEqual(lateUtc);
    expect(fromKoreanDateTime('soon')).toBeNull();
  });
});
