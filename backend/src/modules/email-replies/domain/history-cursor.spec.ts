import { isHistoryId, laterHistoryId, resyncSince, watchStart } from './history-cursor.js';

describe('the history cursor of a watched mailbox', () => {
  it('reads the history from a stored id, and resyncs without one or with a damaged one', () => {
    expect(watchStart('123456')).toEqual({ kind: 'history', since: '123456' });
    expect(watchStart(null)).toEqual({ kind: 'resync' });
    expect(watchStart('12a')).toEqual({ kind: 'resync' });
    expect(isHistoryId('18446744073709551615')).toBe(true);
    expect(isHistoryId('')).toBe(false);
  });

  it('never moves back, comparing ids as 64-bit numbers rather than as text', () => {
    expect(laterHistoryId('900', '1000')).toBe('1000');
    expect(laterHistoryId('1000', '900')).toBe('1000');
    expect(laterHistoryId('18446744073709551614', '18446744073709551615')).toBe('18446744073709551615');
    expect(laterHistoryId(null, '5')).toBe('5');
  });

  it('looks back seven days when it resyncs', () => {
    expect(resyncSince(new Date('2026-12-12T00:00:00Z')).toISOString()).toBe('2026-12-05T00:00:00.000Z');
  });
});
