import { Module } from '@nestjs/common';
import { AuthModule } from './auth.module.js';
import { SessionCleanupTask } from './jobs/session-cleanup.task.js';

/** The auth module's maintenance task; only the worker process imports this. */
@Module({
  imports: [AuthModule],
  providers: [SessionCleanupTask],
})
export class AuthWorkerModule {}
