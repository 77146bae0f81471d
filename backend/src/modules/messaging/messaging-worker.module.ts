import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { DeliveryReportProcessor } from './jobs/delivery-report.processor.js';
import { DeliveryReportsSweepTask } from './jobs/delivery-reports-sweep.task.js';
import { MessageSendProcessor } from './jobs/message-send.processor.js';
import { StrandedSendsSweepTask } from './jobs/stranded-sends-sweep.task.js';
import { MessagingModule } from './messaging.module.js';

/** The send processor, the delivery report look-ups and the sweeps; only the worker process imports this. */
@Module({
  imports: [MessagingModule, QueueModule],
  providers: [MessageSendProcessor, DeliveryReportProcessor, StrandedSendsSweepTask, DeliveryReportsSweepTask],
})
export class MessagingWorkerModule {}
