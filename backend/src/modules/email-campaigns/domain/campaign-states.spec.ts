import { afterCommand, CAMPAIGN_COMMAND_REFUSALS } from './campaign-states.js';

const NOW = new Date('2026-12-01T01:00:00Z');
const LATER = new Date('2026-12-02T01:00:00Z');
const campaign = (
  state: 'scheduled' | 'running' | 'paused' | 'completed' | 'cancelled',
  fields: { scheduledAt?: Date; startedAt?: Date } = {},
) => ({
  state,
  scheduledAt: fields.scheduledAt ?? null,
  startedAt: fields.startedAt ?? null,
});

describe('campaign commands', () => {
  it('pauses a scheduled or running campaign, once', () => {
    expect(afterCommand('pause', campaign('running'), NOW)).toEqual({ state: 'paused' });
    expect(afterCommand('pause', campaign('scheduled', { scheduledAt: LATER }), NOW)).toEqual({ state: 'paused' });
    expect(afterCommand('pause', campaign('paused'), NOW)).toEqual({
      refused: CAMPAIGN_COMMAND_REFUSALS.pausedAlready,
    });
  });

  it('resumes a paused campaign: running, or scheduled again when its time has not come and it never started', () => {
    expect(afterCommand('resume', campaign('paused'), NOW)).toEqual({ state: 'running' });
    expect(afterCommand('resume', campaign('paused', { scheduledAt: LATER }), NOW)).toEqual({ state: 'scheduled' });
    expect(afterCommand('resume', campaign('paused', { scheduledAt: LATER, startedAt: NOW }), NOW)).toEqual({
      state: 'running',
    });
    expect(afterCommand('resume', campaign('running'), NOW)).toEqual({ refused: CAMPAIGN_COMMAND_REFUSALS.notPaused });
  });

  it('cancels any campaign not finished, and refuses every command on a finished one', () => {
    for (const state of ['scheduled', 'running', 'paused'] as const)
      expect(afterCommand('cancel', campaign(state), NOW)).toEqual({ state: 'cancelled' });
    for (const command of ['pause', 'resume', 'cancel'] as const) {
      expect(afterCommand(command, campaign('completed'), NOW)).toEqual({
        refused: CAMPAIGN_COMMAND_REFUSALS.completed,
      });
      expect(afterCommand(command, campaign('cancelled'), NOW)).toEqual({
        refused: CAMPAIGN_COMMAND_REFUSALS.cancelled,
      });
    }
  });
});
