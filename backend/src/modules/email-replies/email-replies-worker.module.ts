import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { EmailRepliesModule } from './email-replies.module.js';
import { GmailWatchProcessor } from './jobs/gmail-watch.processor.js';

/** The repeating watch of replies and bounces; only the worker process imports this. */
@Module({
  imports: [EmailRepliesModule, QueueModule],
  providers: [GmailWatchProcessor],
})
export class EmailRepliesWorkerModule {}
