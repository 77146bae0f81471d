import { DATE_RANGE_MESSAGES, seoulDayRange, seoulMidnight } from './date-range.js';

describe('date range', () => {
  it('reads a day as midnight in Seoul', () => {
    expect(seoulMidnight('2026-11-20')?.toISOString()).toBe('2026-11-19T15:00:00.000Z');
    expect(seoulMidnight('2026-02-29')).toBeNull();
    expect(seoulMidnight('2026-13-01')).toBeNull();
    expect(seoulMidnight('20261120')).toBeNull();
    expect(seoulMidnight('2026-11-20T00:00')).toBeNull();
  });

  it('covers both days whole', () => {
    const result = seoulDayRange('2026-11-01', '2026-11-20');
    expect(result).toEqual({
      ok: true,
      range: { from: new Date('2026-11-01T00:00:00+09:00'), toExclusive: new Date('2026-11-21T00:00:00+09:00') },
    });
    const oneDay = seoulDayRange(' 2026-11-20 ', '2026-11-20');
    expect(oneDay.ok && oneDay.range.toExclusive.getTime() - oneDay.range.from.getTime()).toBe(86_400_000);
  });

  it('needs both dates, well formed, in order', () => {
    expect(seoulDayRange('2026-11-01', undefined)).toEqual({ ok: false, message: DATE_RANGE_MESSAGES.missing });
    expect(seoulDayRange(' ', '2026-11-01')).toEqual({ ok: false, message: 'Please select both start and end dates' });
    expect(seoulDayRange('2026/11/01', '2026-11-02')).toEqual({ ok: false, message: DATE_RANGE_MESSAGES.format });
    expect(seoulDayRange('2026-11-02', '2026-11-01')).toEqual({ ok: false, message: DATE_RANGE_MESSAGES.order });
  });
});
