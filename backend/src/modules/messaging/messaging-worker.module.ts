import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { DeliveryReportProcessor } from './jobs/delivery-report.processor.js';
import { MessageSendProcessor } from './jobs/message-send.processor.js';
import { MessagingModule } from './messaging.module.js';

/** The send processor and the delivery report look-ups (and their sweeps); only the worker process imports this. */
@Module({
  imports: [MessagingModule, QueueModule],
  providers: [MessageSendProcessor, DeliveryReportProcessor],
})
export class MessagingWorkerModule {}
