import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { MailAccountsModule } from '../mail-accounts/mail-accounts.module.js';
import { ModelsModule } from '../models/models.module.js';
import { PostsModule } from '../posts/posts.module.js';
import { UsersModule } from '../users/users.module.js';
import { ComcardSharingService } from './comcard-sharing.service.js';
import { EmailSendingService } from './email-sending.service.js';
import { EmailTemplatesController } from './email-templates.controller.js';
import { EmailTemplatesService } from './email-templates.service.js';

@Module({
  imports: [PostsModule, ModelsModule, MailAccountsModule, UsersModule, ConsentModule],
  controllers: [EmailTemplatesController],
  providers: [EmailTemplatesService, EmailSendingService, ComcardSharingService],
})
export class EmailTemplatesModule {}
