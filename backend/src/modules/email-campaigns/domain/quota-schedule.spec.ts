import { quotaFreesAt, spreadOverDays } from './quota-schedule.js';

const HOUR = 3600 * 1000;
// 10:00 in Korea (01:00 UTC).
const NOW = new Date('2026-12-01T01:00:00Z');
const ago = (hours: number) => new Date(NOW.getTime() - hours * HOUR);

describe('quota schedule', () => {
  it('sends now while the last 24 hours used less than the limit', () => {
    expect(quotaFreesAt({ dailyLimit: 3, sentAt: [ago(1), ago(2)] }, NOW)).toEqual(NOW);
  });

  it('waits for the oldest send holding the limit to leave the window', () => {
    // Three sent, limit three: the oldest (20 hours ago) leaves 4 hours from now.
    expect(quotaFreesAt({ dailyLimit: 3, sentAt: [ago(1), ago(20), ago(5)] }, NOW)).toEqual(
      new Date(NOW.getTime() + 4 * HOUR),
    );
    // A limit lowered below what was sent waits for more of them to leave.
    expect(quotaFreesAt({ dailyLimit: 1, sentAt: [ago(1), ago(20), ago(5)] }, NOW)).toEqual(
      new Date(NOW.getTime() + 23 * HOUR),
    );
  });

  it('spreads what does not fit today over the following Korean days, as the window frees', () => {
    // Limit 4, two sent at 08:00 and 09:00 Korean time today: two more fit now, the next two when those leave
    // (tomorrow 08:00 and 09:00), the rest 24 hours after today's own sends (10:00 tomorrow), and so on.
    expect(spreadOverDays(9, { dailyLimit: 4, sentAt: [ago(2), ago(1)] }, NOW)).toEqual([
      { day: '2026-12-01', count: 2 },
      { day: '2026-12-02', count: 4 },
      { day: '2026-12-03', count: 3 },
    ]);
    expect(spreadOverDays(2, { dailyLimit: 500, sentAt: [] }, NOW)).toEqual([{ day: '2026-12-01', count: 2 }]);
    expect(spreadOverDays(0, { dailyLimit: 500, sentAt: [] }, NOW)).toEqual([]);
  });

  it('counts days in Korea whatever the time zone: a send at 23:30 Korean time frees its place on the next Korean day', () => {
    const lateEvening = new Date('2026-12-01T14:30:00Z'); // 23:30 in Korea
    expect(spreadOverDays(2, { dailyLimit: 1, sentAt: [] }, lateEvening)).toEqual([
      { day: '2026-12-01', count: 1 },
      { day: '2026-12-02', count: 1 },
    ]);
  });

  it('ignores sends older than the window', () => {
    expect(spreadOverDays(1, { dailyLimit: 1, sentAt: [ago(25)] }, NOW)).toEqual([{ day: '2026-12-01', count: 1 }]);
  });
});
