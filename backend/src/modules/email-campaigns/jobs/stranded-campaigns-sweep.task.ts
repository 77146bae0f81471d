import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MaintenanceTasks } from '../../../platform/queue/maintenance.js';
import { SWEEP_CAMPAIGNS_EVERY_MS, SWEEP_CAMPAIGNS_JOB } from '../email-campaign.job.js';
import { EmailCampaignsService } from '../email-campaigns.service.js';

/** Every minute: campaigns left without a job (scheduled, running, or paused by Gmail's rate limit) get it again. */
@Injectable()
export class StrandedCampaignsSweepTask implements OnModuleInit {
  constructor(
    private readonly campaigns: EmailCampaignsService,
    private readonly tasks: MaintenanceTasks,
  ) {}

  onModuleInit(): void {
    this.tasks.register({
      name: SWEEP_CAMPAIGNS_JOB,
      everyMs: SWEEP_CAMPAIGNS_EVERY_MS,
      run: async () => ({ mended: await this.campaigns.sweep() }),
    });
  }
}
