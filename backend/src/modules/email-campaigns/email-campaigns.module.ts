import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { ConsentModule } from '../consent/consent.module.js';
import { EmailTemplatesModule } from '../email-templates/email-templates.module.js';
import { MailAccountsModule } from '../mail-accounts/mail-accounts.module.js';
import { ModelsModule } from '../models/models.module.js';
import { PostsModule } from '../posts/posts.module.js';
import { EmailCampaignsService } from './email-campaigns.service.js';

/**
 * E-mail campaigns as services, for the HTTP routes and the worker. A module of their own rather than a part of
 * email-templates: they have their own records, queue and life (scheduled, paused, resumed), and reach the
 * rendering, the MIME building and the sent-e-mail log only through EmailSendingService.
 */
@Module({
  imports: [QueueModule, EmailTemplatesModule, MailAccountsModule, PostsModule, ModelsModule, ConsentModule],
  providers: [EmailCampaignsService],
  exports: [EmailCampaignsService],
})
export class EmailCampaignsModule {}
