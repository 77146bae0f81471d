import { describe, expect, it } from 'vitest';
import { formatWon, leftOutCounts, messageTypeLabel, pageCount, pageOf } from './send-review.ts';

describe('the review of a send', () => {
  it('prices in won and tenths, names KakaoTalk with its fail-over, and counts the reasons in their order', () => {
    expect(formatWon(51.8)).toBe('₩51.8');
    expect(formatWon(259000)).toBe('₩259,000');
    expect(messageTypeLabel({ type: 'KAKAO', failover: 'LMS' })).toBe('KakaoTalk (LMS fail-over)');
    expect(messageTypeLabel({ type: 'MMS' })).toBe('MMS');
    expect(
      leftOutCounts([
        { phone: '1', name: '', reason: 'duplicate' },
        { phone: '2', name: '', reason: 'opted-out' },
        { phone: '3', name: '', reason: 'duplicate' },
      ]),
    ).toEqual([
      { reason: 'opted-out', count: 1 },
      { reason: 'duplicate', count: 2 },
    ]);
  });

  it('pages a long list', () => {
    const items = Array.from({ length: 120 }, (_, i) => i);
    expect(pageCount(120)).toBe(3);
    expect(pageCount(0)).toBe(1);
    expect(pageOf(items, 3)).toEqual(items.slice(100));
  });
});
