import { Module } from '@nestjs/common';
import { ConsentService } from './consent.service.js';
import { OutreachHistoryService } from './outreach-history.service.js';

/** The opt-out and consent register as a service: messaging and e-mail ask it whom to leave out. */
@Module({
  providers: [ConsentService, OutreachHistoryService],
  exports: [ConsentService, OutreachHistoryService],
})
export class ConsentModule {}
