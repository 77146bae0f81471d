import { Module } from '@nestjs/common';
import { ConsentService } from './consent.service.js';

/** The opt-out and consent register as a service: messaging and e-mail ask it whom to leave out. */
@Module({
  providers: [ConsentService],
  exports: [ConsentService],
})
export class ConsentModule {}
