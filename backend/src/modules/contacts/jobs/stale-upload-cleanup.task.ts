import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MaintenanceTasks } from '../../../platform/queue/maintenance.js';
import { ContactImportsService } from '../contact-imports.service.js';

export const PURGE_STALE_UPLOADS_JOB = 'purge-stale-contact-uploads';

/** Hourly: removes CSV uploads that were previewed but never imported within a day, files and all. */
@Injectable()
export class StaleUploadCleanupTask implements OnModuleInit {
  constructor(
    private readonly imports: ContactImportsService,
    private readonly tasks: MaintenanceTasks,
  ) {}

  onModuleInit(): void {
    this.tasks.register({
      name: PURGE_STALE_UPLOADS_JOB,
      everyMs: 3_600_000,
      run: async () => ({ deleted: await this.imports.purgeStaleUploads() }),
    });
  }
}
