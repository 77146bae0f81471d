import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { AuthModule } from './auth.module.js';
import { SessionCleanupProcessor } from './jobs/session-cleanup.processor.js';

/** The auth module's queue processors; only the worker process imports this. */
@Module({
  imports: [AuthModule, QueueModule],
  providers: [SessionCleanupProcessor],
})
export class AuthWorkerModule {}
