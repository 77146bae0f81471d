import { nextKoreanTime } from './backup-commands.js';

describe('the nightly backup', () => {
  it('runs next when the Korean clock shows its time', () => {
    // 02:59 and 03:00 in Korea are 17:59 and 18:00 UTC the day before.
    expect(nextKoreanTime(new Date('2026-11-27T17:59:00Z'), '03:00').toISOString()).toBe('2026-11-27T18:00:00.000Z');
    expect(nextKoreanTime(new Date('2026-11-27T18:00:00Z'), '03:00').toISOString()).toBe('2026-11-28T18:00:00.000Z');
    expect(nextKoreanTime(new Date('2026-11-27T14:59:59Z'), '00:00').toISOString()).toBe('2026-11-27T15:00:00.000Z');
  });
});
