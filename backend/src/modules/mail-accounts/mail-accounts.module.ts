import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module.js';
import { MailAccountsService } from './mail-accounts.service.js';

/** Connected mail accounts and Google as each of them; for the API and the worker alike. */
@Module({
  imports: [PostsModule],
  providers: [MailAccountsService],
  exports: [MailAccountsService],
})
export class MailAccountsModule {}
