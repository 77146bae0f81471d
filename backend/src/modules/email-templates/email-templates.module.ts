import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { MailAccountsModule } from '../mail-accounts/mail-accounts.module.js';
import { ModelsModule } from '../models/models.module.js';
import { PostsModule } from '../posts/posts.module.js';
import { UsersModule } from '../users/users.module.js';
import { ComcardSharingService } from './comcard-sharing.service.js';
import { EmailSendingService } from './email-sending.service.js';
import { EmailTemplatesService } from './email-templates.service.js';

/** E-mail templates, rendering and sending as services: for the HTTP routes, campaigns and the worker. */
@Module({
  imports: [PostsModule, ModelsModule, MailAccountsModule, UsersModule, ConsentModule],
  providers: [EmailTemplatesService, EmailSendingService, ComcardSharingService],
  exports: [EmailTemplatesService, EmailSendingService, ComcardSharingService],
})
export class EmailTemplatesModule {}
