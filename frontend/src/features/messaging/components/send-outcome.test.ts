import { describe, expect, it } from 'vitest';
import type { MessageSend } from '../api/messaging-types.ts';
import { outcomeOf, resultCounts, sendBadge } from './send-outcome.ts';

const COUNTS = { queued: 0, sending: 0, sent: 0, delivered: 0, failed: 0, unknown: 0, cancelled: 0 };

function send(
  state: MessageSend['state'],
  counts: Partial<MessageSend['counts']>,
  extra: Partial<MessageSend> = {},
): MessageSend {
  const all = { ...COUNTS, ...counts };
  const pending = all.queued + all.sending + all.sent;
  return {
    id: 1,
    channel: 'sms',
    state,
    senderPhone: '01098765432',
    senderName: '사무실',
    advertising: false,
    scheduledAt: null,
    total: 3,
    excluded: [],
    counts: all,
    outcome: 'pending',
    outcomeCounts: {
      delivered: all.delivered,
      failed: all.failed,
      pending,
      unknown: all.unknown,
      cancelled: all.cancelled,
    },
    preview: '',
    createdBy: null,
    canCancel: false,
    error: null,
    createdAt: '2026-11-25T01:00:00.000Z',
    startedAt: null,
    finishedAt: null,
    resendOf: null,
    resentAs: [],
    ...extra,
  };
}

describe('outcomeOf', () => {
  it('reports a send the gateway took as awaiting its delivery reports, not as done', () => {
    const taken = outcomeOf(send('completed', { sent: 2, failed: 1 }));
    expect(taken).toMatchObject({ success: 2, failure: 1, badge: { label: 'Awaiting reports', tone: 'progress' } });
    expect(taken.message).toBe(
      'Sending completed. The gateway took 2 messages and refused 1; whether each arrives shows on the results page as the delivery reports come in.',
    );
    expect(outcomeOf(send('completed', { sent: 1, unknown: 1, cancelled: 1 })).failure).toBe(2);
  });

  it('says what became of the messages once every report is in, never a green word over failures', () => {
    expect(outcomeOf(send('completed', { delivered: 3 }, { outcome: 'delivered' }))).toEqual({
      sendId: 1,
      channel: 'sms',
      failed: 0,
      success: 3,
      failure: 0,
      badge: { label: 'Delivered', tone: 'good' },
      message: 'Sending completed. Every message was delivered (3).',
    });
    const partly = outcomeOf(send('completed', { delivered: 1, failed: 1, unknown: 1 }, { outcome: 'partly-failed' }));
    expect(partly).toMatchObject({
      sendId: 1,
      failed: 1,
      success: 1,
      failure: 2,
      badge: { label: 'Partly failed', tone: 'bad' },
    });
    expect(partly.message).toBe('Sending completed. Not every message arrived: 1 delivered, 1 failed, 1 unknown.');
    expect(outcomeOf(send('completed', { failed: 3 }, { outcome: 'failed' }))).toMatchObject({
      badge: { label: 'Failed', tone: 'bad' },
      message: 'Sending completed. None of the messages arrived: 3 failed.',
    });
    expect(outcomeOf(send('completed', { unknown: 3 }, { outcome: 'unknown' })).badge).toEqual({
      label: 'Unknown',
      tone: 'neutral',
    });
  });

  it('gives a failed send the server’s reason, or the spec’s words when it has none', () => {
    expect(
      outcomeOf(send('failed', { failed: 3 }, { error: '등록/인증되지 않은 발신번호입니다.', outcome: 'failed' }))
        .message,
    ).toBe('등록/인증되지 않은 발신번호입니다.');
    expect(outcomeOf(send('failed', { failed: 3 }, { outcome: 'failed' })).message).toBe(
      'Unknown error occurred during SMS sending.',
    );
  });

  it('says when a scheduled send will go out, in Korean time', () => {
    expect(outcomeOf(send('scheduled', { queued: 3 }, { scheduledAt: '2026-11-26T01:30:00.000Z' }))).toEqual({
      sendId: 1,
      channel: 'sms',
      failed: 0,
      success: 0,
      failure: 0,
      badge: { label: 'Scheduled', tone: 'progress' },
      message: 'Scheduled for 2026-11-26 10:30 (Korean time): 3 messages will be sent then.',
    });
  });

  it('tells of a send still going out that it goes on', () => {
    expect(outcomeOf(send('sending', { sent: 1, sending: 2 }))).toMatchObject({
      success: 1,
      badge: { label: 'Sending' },
      message: 'Sending continues in the background; View Results shows how it ends.',
    });
  });
});

describe('sendBadge and resultCounts', () => {
  it('show a send that went out by what became of its messages', () => {
    expect(sendBadge({ state: 'completed', outcome: 'partly-failed' })).toEqual({
      label: 'Partly failed',
      tone: 'bad',
    });
    expect(sendBadge({ state: 'cancelled', outcome: 'cancelled' })).toEqual({ label: 'Cancelled', tone: 'neutral' });
  });

  it('count delivered and failed always, and what is still awaited when there is some', () => {
    expect(resultCounts(send('completed', { delivered: 2, failed: 1 }))).toBe('Delivered 2 · Failed 1');
    expect(resultCounts(send('sending', { sent: 1, queued: 2, unknown: 1 }))).toBe(
      'Delivered 0 · Failed 0 · Awaiting report 1 · Waiting 2 · Unknown 1',
    );
  });
});
