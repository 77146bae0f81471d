import { Module } from '@nestjs/common';
import { MailAccountEventsModule } from '../../platform/events/mail-account-events.js';
import { PostListCache } from './post-list-cache.js';
import { PostsController } from './posts.controller.js';
import { PostsService } from './posts.service.js';
import { SentEmailsService } from './sent-emails.service.js';

@Module({
  imports: [MailAccountEventsModule],
  controllers: [PostsController],
  providers: [PostsService, PostListCache, SentEmailsService],
  exports: [PostsService, SentEmailsService],
})
export class PostsModule {}
