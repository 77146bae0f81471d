import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MaintenanceTasks } from '../../../platform/queue/maintenance.js';
import { ContactImportsService } from '../contact-imports.service.js';

export const RESUME_STRANDED_IMPORTS_JOB = 'resume-stranded-contact-imports';

/** Every minute: imports started whose job is gone get it again (ContactImportsService.resumeStranded). */
@Injectable()
export class StrandedImportResumeTask implements OnModuleInit {
  constructor(
    private readonly imports: ContactImportsService,
    private readonly tasks: MaintenanceTasks,
  ) {}

  onModuleInit(): void {
    this.tasks.register({
      name: RESUME_STRANDED_IMPORTS_JOB,
      everyMs: 60_000,
      run: async () => ({ resumed: await this.imports.resumeStranded() }),
    });
  }
}
