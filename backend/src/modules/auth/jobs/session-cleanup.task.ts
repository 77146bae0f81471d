import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MaintenanceTasks } from '../../../platform/queue/maintenance.js';
import { AuthService } from '../auth.service.js';

export const PURGE_SESSIONS_JOB = 'purge-expired-sessions';

/** Hourly: deletes sessions that have expired or were revoked more than a week ago. */
@Injectable()
export class SessionCleanupTask implements OnModuleInit {
  constructor(
    private readonly auth: AuthService,
    private readonly tasks: MaintenanceTasks,
  ) {}

  onModuleInit(): void {
    this.tasks.register({
      name: PURGE_SESSIONS_JOB,
      everyMs: 3_600_000,
      run: async () => ({ deleted: await this.auth.purgeExpiredSessions() }),
    });
  }
}
