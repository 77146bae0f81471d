import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job, type Queue } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { EmailCampaignRunner } from '../email-campaign-runner.service.js';
import { type EmailCampaignJobData, SWEEP_CAMPAIGNS_EVERY_MS, SWEEP_CAMPAIGNS_JOB } from '../email-campaign.job.js';
import { EmailCampaignsService } from '../email-campaigns.service.js';

/**
 * Runs a campaign until it must wait (its time, the pacing gap, the account's quota, Gmail's rate limit), then
 * puts its job back, delayed until then: a waiting campaign holds no worker.
 */
@Processor(QueueName.EmailCampaign, { concurrency: 4 })
export class EmailCampaignProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly runner: EmailCampaignRunner,
    private readonly campaigns: EmailCampaignsService,
    @InjectQueue(QueueName.EmailCampaign) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(
      SWEEP_CAMPAIGNS_JOB,
      { every: SWEEP_CAMPAIGNS_EVERY_MS },
      { name: SWEEP_CAMPAIGNS_JOB },
    );
  }

  async process(job: Job<EmailCampaignJobData>, token?: string): Promise<void> {
    if (job.name === SWEEP_CAMPAIGNS_JOB) {
      await this.campaigns.sweep();
      return;
    }
    const next = await this.runner.run(job.data.campaignId);
    if (!next) return;
    await job.moveToDelayed(Math.max(next.getTime(), Date.now()), token);
    throw new DelayedError();
  }
}
