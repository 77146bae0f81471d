import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { ConsentModule } from '../consent/consent.module.js';
import { EmailRepliesModule } from '../email-replies/email-replies.module.js';
import { EmailTemplatesModule } from '../email-templates/email-templates.module.js';
import { MailAccountsModule } from '../mail-accounts/mail-accounts.module.js';
import { ModelsModule } from '../models/models.module.js';
import { PostsModule } from '../posts/posts.module.js';
import { EmailCampaignRunner } from './email-campaign-runner.service.js';
import { EmailCampaignsModule } from './email-campaigns.module.js';
import { EmailCampaignProcessor } from './jobs/email-campaign.processor.js';
import { StrandedCampaignsSweepTask } from './jobs/stranded-campaigns-sweep.task.js';

/** The campaign processor and its sweep (a maintenance task); only the worker process imports this. */
@Module({
  imports: [
    EmailCampaignsModule,
    QueueModule,
    EmailRepliesModule,
    EmailTemplatesModule,
    MailAccountsModule,
    PostsModule,
    ModelsModule,
    ConsentModule,
  ],
  providers: [EmailCampaignRunner, EmailCampaignProcessor, StrandedCampaignsSweepTask],
})
export class EmailCampaignsWorkerModule {}
