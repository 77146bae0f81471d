/** The job of the `email-campaign` queue: the campaign's id only; its recipients and their states live in the database. */
export const EMAIL_CAMPAIGN_JOB = 'send-campaign';

export interface EmailCampaignJobData {
  campaignId: number;
}

/** One job per campaign: a second add of the same campaign is ignored by BullMQ. */
export const emailCampaignJobId = (campaignId: number) => `campaign-${campaignId}`;

/** The every-minute maintenance task that gives campaigns left without a job their job again. */
export const SWEEP_CAMPAIGNS_JOB = 'sweep-campaigns';
export const SWEEP_CAMPAIGNS_EVERY_MS = 60_000;

/** Retries of a run that failed unexpectedly (the database or Redis away); the sweep picks up after the last. */
export const CAMPAIGN_JOB_OPTIONS = {
  attempts: 5,
  backoff: { type: 'exponential', delay: 2000 },
  removeOnComplete: true,
  removeOnFail: { age: 7 * 24 * 3600 },
} as const;
