import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import { AuthService } from '../auth.service.js';

export const PURGE_SESSIONS_JOB = 'purge-expired-sessions';
export type PurgeSessionsPayload = Record<string, never>;

/** Hourly: deletes sessions that have expired or were revoked more than a week ago. */
@Processor(QueueName.Maintenance)
export class SessionCleanupProcessor extends WorkerHost implements OnApplicationBootstrap {
  private readonly logger = new Logger(SessionCleanupProcessor.name);

  constructor(
    private readonly auth: AuthService,
    @InjectQueue(QueueName.Maintenance) private readonly queue: Queue,
  ) {
    super();
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.queue.upsertJobScheduler(PURGE_SESSIONS_JOB, { every: 3_600_000 }, { name: PURGE_SESSIONS_JOB });
  }

  async process(job: Job<PurgeSessionsPayload>): Promise<{ deleted: number }> {
    if (job.name !== PURGE_SESSIONS_JOB) throw new Error(`Unknown maintenance job ${job.name}`);
    const deleted = await this.auth.purgeExpiredSessions();
    this.logger.log(`Purged ${deleted} expired sessions`);
    return { deleted };
  }
}
