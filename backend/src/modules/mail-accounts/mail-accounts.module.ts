import { Module } from '@nestjs/common';
import { MailAccountEventsModule } from '../../platform/events/mail-account-events.js';
import { MailAccountsService } from './mail-accounts.service.js';
import { GoogleGateway } from './providers/google.ports.js';
import { GoogleApisGateway } from './providers/googleapis.adapter.js';

/** Connected mail accounts and Google as each of them (behind the ports of providers/); for the API and the worker alike. */
@Module({
  imports: [MailAccountEventsModule],
  providers: [MailAccountsService, { provide: GoogleGateway, useClass: GoogleApisGateway }],
  exports: [MailAccountsService, GoogleGateway],
})
export class MailAccountsModule {}
