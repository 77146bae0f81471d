// A campaign's life and its recipients' states, and which of staff's commands make sense when. Pure.

/**
 * scheduled: waits for its time; running: its e-mails go out (or wait for the account's quota); paused: by staff,
 * by Gmail's rate limit until pausedUntil, or because Google no longer accepts the account's sign-in;
 * completed: every recipient has an outcome; cancelled: stopped by staff, its pending recipients skipped.
 */
export const CAMPAIGN_STATES = ['scheduled', 'running', 'paused', 'completed', 'cancelled'] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/**
 * pending: not sent yet (a follow-up: not due yet); sending: being handed to Gmail; sent; failed: Gmail refused it;
 * unknown: Gmail never answered, so it may have gone out and is never sent again; skipped: left out (cancelled, or
 * no longer sendable); stopped: a follow-up not sent, since the customer replied or the address bounced.
 */
export const RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed', 'unknown', 'skipped', 'stopped'] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** What a spent quota does with a campaign larger than what is left today. */
export const OVER_QUOTA_CHOICES = ['spread', 'refuse'] as const;
export type OverQuota = (typeof OVER_QUOTA_CHOICES)[number];

/** Why a campaign stopped by itself: Gmail's rate limit (it resumes by itself) or the account's sign-in (staff resume it). */
export const PAUSE_CAUSES = ['staff', 'rate_limited', 'reauth'] as const;
export type PauseCause = (typeof PAUSE_CAUSES)[number];

export type CampaignCommand = 'pause' | 'resume' | 'cancel';

export const CAMPAIGN_COMMAND_REFUSALS = {
  pausedAlready: 'This campaign is paused already.',
  notPaused: 'This campaign is not paused, so there is nothing to resume.',
  completed: 'This campaign has finished: every e-mail has been sent or has an outcome.',
  cancelled: 'This campaign has been cancelled.',
} as const;

/** The state a command leads to, or why it makes no sense now. */
export function afterCommand(
  command: CampaignCommand,
  campaign: { state: CampaignState; scheduledAt: Date | null; startedAt: Date | null },
  now: Date,
): { state: CampaignState } | { refused: string } {
  if (campaign.state === 'completed') return { refused: CAMPAIGN_COMMAND_REFUSALS.completed };
  if (campaign.state === 'cancelled') return { refused: CAMPAIGN_COMMAND_REFUSALS.cancelled };
  switch (command) {
    case 'cancel':
      return { state: 'cancelled' };
    case 'pause':
      return campaign.state === 'paused' ? { refused: CAMPAIGN_COMMAND_REFUSALS.pausedAlready } : { state: 'paused' };
    case 'resume': {
      if (campaign.state !== 'paused') return { refused: CAMPAIGN_COMMAND_REFUSALS.notPaused };
      // Paused before its time came: it waits for that time again.
      const waiting = !campaign.startedAt && campaign.scheduledAt && campaign.scheduledAt.getTime() > now.getTime();
      return { state: waiting ? 'scheduled' : 'running' };
    }
  }
}
