import {
  formatKoreanDateTime,
  fromKoreanDateTime,
  koreanDate,
  koreanDateTime,
  koreanDay,
  koreanDayBefore,
  koreanHour,
  koreanTime,
} from './korean-time.js';

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

describe('days before and instants of Korean days', () => {
  it("the day before is Korea's, not the machine's", () => {
    const lateUtc = new Date('2026-03-01T16:30:00Z'); // 01:30 on 2 March in Seoul
    expect(koreanDay(lateUtc)).toBe('2026-03-02');
    expect(koreanDayBefore(lateUtc)).toBe('2026-03-01');
  });

  it('reads a day and time as Korean time, across the UTC day', () => {
    expect(koreanDateTime({ year: 2026, month: 11, day: 20 }, { hour: 14, minute: 30 }).toISOString()).toBe(
      '2026-11-20T05:30:00.000Z',
    );
    expect(koreanDateTime({ year: 2027, month: 1, day: 1 }, { hour: 8, minute: 5 }).toISOString()).toBe(
      '2026-12-31T23:05:00.000Z',
    );
  });

  it('shows an instant as the day and time in Korea', () => {
    expect(formatKoreanDateTime('2026-12-31T23:05:00.000Z')).toBe('2027-01-01 08:05');
    expect(formatKoreanDateTime(koreanDateTime({ year: 2026, month: 3, day: 9 }, { hour: 0, minute: 0 }))).toBe(
      '2026-03-09 00:00',
    );
  });
});
