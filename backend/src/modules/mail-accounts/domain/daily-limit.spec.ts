import { defaultDailyLimit, remainingOf } from './daily-limit.js';

describe('daily sending limit', () => {
  it('gives consumer Gmail addresses 500 and Workspace domains 2,000', () => {
    expect(defaultDailyLimit('casting.jihyun@gmail.com')).toBe(500);
    expect(defaultDailyLimit('Someone@GoogleMail.com')).toBe(500);
    expect(defaultDailyLimit('office@jobcasting.co.kr')).toBe(2000);
    // Only the domain after the last @ counts.
    expect(defaultDailyLimit('"gmail.com@x"@agency.example')).toBe(2000);
  });

  it('leaves what the last 24 hours did not use, never less than nothing', () => {
    expect(remainingOf(500, 0)).toBe(500);
    expect(remainingOf(500, 499)).toBe(1);
    expect(remainingOf(500, 500)).toBe(0);
    expect(remainingOf(100, 250)).toBe(0);
  });
});
