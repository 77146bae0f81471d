import { describe, expect, it } from 'vitest';
import type { MessageSend } from '../api/messaging-types.ts';
import { outcomeOf } from './send-outcome.ts';

const COUNTS = { queued: 0, sending: 0, sent: 0, failed: 0, unknown: 0, cancelled: 0 };

function send(state: MessageSend['state'], counts: Partial<MessageSend['counts']>, extra: Partial<MessageSend> = {}): MessageSend {
  return {
    id: 1, channel: 'sms', state, senderPhone: '01098765432', senderName: '사무실', advertising: false, scheduledAt: null, total: 3, excluded: [],
    counts: { ...COUNTS, ...counts }, preview: '', createdBy: null, canCancel: false, error: null, createdAt: '2026-11-25T01:00:00.000Z', startedAt: null, finishedAt: null, ...extra,
  };
}

describe('outcomeOf', () => {
  it('reports a finished send with its successes and failures, "Sending completed." by default', () => {
    expect(outcomeOf(send('completed', { sent: 2, failed: 1 }))).toEqual({ success: 2, failure: 1, message: 'Sending completed.' });
    expect(outcomeOf(send('completed', { sent: 1, unknown: 1, cancelled: 1 })).failure).toBe(2);
  });

  it('gives a failed send the server’s reason, or the spec’s words when it has none', () => {
    expect(outcomeOf(send('failed', { failed: 3 }, { error: '등록/인증되지 않은 발신번호입니다.' })).message).toBe('등록/인증되지 않은 발신번호입니다.');
    expect(outcomeOf(send('failed', { failed: 3 })).message).toBe('Unknown error occurred during SMS sending.');
  });

  it('says when a scheduled send will go out, in Korean time', () => {
    expect(outcomeOf(send('scheduled', { queued: 3 }, { scheduledAt: '2026-11-26T01:30:00.000Z' }))).toEqual({
      success: 0,
      failure: 0,
      message: 'Scheduled for 2026-11-26 10:30 (Korean time): 3 message(s) will be sent then.',
    });
  });

  it('tells of a send still going out that it goes on', () => {
    expect(outcomeOf(send('sending', { sent: 1, sending: 2 }))).toMatchObject({ success: 1, message: 'Sending continues in the background; View Results shows how it ends.' });
  });
});
