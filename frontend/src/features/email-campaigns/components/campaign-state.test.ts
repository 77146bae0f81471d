import { describe, expect, it } from 'vitest';
import { followUpPlan, recipientStateText } from './campaign-state.tsx';

const counts = { pending: 0, sending: 0, sent: 0, failed: 0, unknown: 0, skipped: 0, stopped: 0 };

describe('recipientStateText', () => {
  it('names each state in words, and when a follow-up not due yet goes (Korean time)', () => {
    expect(recipientStateText({ state: 'unknown', dueAt: null })).toBe('Unconfirmed');
    expect(recipientStateText({ state: 'stopped', dueAt: '2026-12-01T00:00:00Z' })).toBe('Stopped');
    expect(recipientStateText({ state: 'pending', dueAt: null })).toBe('Waiting');
    expect(recipientStateText({ state: 'pending', dueAt: '2026-12-01T00:30:00Z' })).toBe('Due 2026-12-01 09:30');
  });
});

describe('followUpPlan', () => {
  const followUps = [
    { step: 1, afterDays: 3, templateId: 1, templateTitle: '확인 부탁' },
    { step: 2, afterDays: 1, templateId: null, templateTitle: '마지막 안내' },
  ];

  it('says each step and how far the follow-ups got', () => {
    expect(followUpPlan({ followUps, followUpCounts: counts })).toBe(
      'Follow-ups: 3 days later, 확인 부탁; then 1 day later, 마지막 안내',
    );
    expect(followUpPlan({ followUps, followUpCounts: { ...counts, sent: 2, stopped: 1, pending: 4 } })).toBe(
      'Follow-ups: 3 days later, 확인 부탁; then 1 day later, 마지막 안내 (2 sent · 1 stopped by a reply or a bounce · 4 waiting)',
    );
  });
});
