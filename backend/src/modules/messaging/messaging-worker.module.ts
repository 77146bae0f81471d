import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { MessageSendProcessor } from './jobs/message-send.processor.js';
import { MessagingModule } from './messaging.module.js';

/** The send processor (and its every-minute sweep); only the worker process imports this. */
@Module({
  imports: [MessagingModule, QueueModule],
  providers: [MessageSendProcessor],
})
export class MessagingWorkerModule {}
