import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import type { OnApplicationBootstrap } from '@nestjs/common';
import { DelayedError, type Job, type Queue } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { EmailCampaignRunner } from '../email-campaign-runner.service.js';
import { EMAIL_CAMPAIGN_JOB, type EmailCampaignJobData, SWEEP_CAMPAIGNS_JOB } from '../email-campaign.job.js';

/**
 * Runs a campaign until it must wait (its time, the pacing gap, the account's quota, Gmail's rate limit), then
 * puts its job back, delayed until then: a waiting campaign holds no worker.
 */
@Processor(QueueName.EmailCampaign, { concurrency: 4 })
export class EmailCampaignProcessor extends WorkerHost implements OnApplicationBootstrap {
  constructor(
    private readonly runner: EmailCampaignRunner,
    @InjectQueue(QueueName.EmailCampaign) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    // The sweep ran on this queue in releases before it became a maintenance task: its schedule goes.
    await this.queue.removeJobScheduler(SWEEP_CAMPAIGNS_JOB);
  }

  async process(job: Job<EmailCampaignJobData>, token?: string): Promise<void> {
    if (job.name !== EMAIL_CAMPAIGN_JOB) return;
    const next = await this.runner.run(job.data.campaignId);
    if (!next) return;
    await job.moveToDelayed(Math.max(next.getTime(), Date.now()), token);
    throw new DelayedError();
  }
}
