import { Module } from '@nestjs/common';
import { MessageSendProcessor } from './jobs/message-send.processor.js';
import { MessagingModule } from './messaging.module.js';

/** The send processor; only the worker process imports this. */
@Module({
  imports: [MessagingModule],
  providers: [MessageSendProcessor],
})
export class MessagingWorkerModule {}
