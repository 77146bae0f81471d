import { Module } from '@nestjs/common';
import { ConsentModule } from '../consent/consent.module.js';
import { MailAccountsModule } from '../mail-accounts/mail-accounts.module.js';
import { PostsModule } from '../posts/posts.module.js';
import { GmailWatchService } from './gmail-watch.service.js';

/** Replies and bounces of the e-mails sent to posts' customers, read from each account's Gmail. */
@Module({
  imports: [MailAccountsModule, PostsModule, ConsentModule],
  providers: [GmailWatchService],
  exports: [GmailWatchService],
})
export class EmailRepliesModule {}
