import { Module } from '@nestjs/common';
import { PostsModule } from '../posts/posts.module.js';
import { MailAccountsService } from './mail-accounts.service.js';
import { GoogleGateway } from './providers/google.ports.js';
import { GoogleApisGateway } from './providers/googleapis.adapter.js';

/** Connected mail accounts and Google as each of them (behind the ports of providers/); for the API and the worker alike. */
@Module({
  imports: [PostsModule],
  providers: [MailAccountsService, { provide: GoogleGateway, useClass: GoogleApisGateway }],
  exports: [MailAccountsService, GoogleGateway],
})
export class MailAccountsModule {}
