import { Processor, WorkerHost } from '@nestjs/bullmq';
import type { Job } from 'bullmq';
import { QueueName } from '../../../platform/queue/queue-names.js';
import type { ContactImportJobData } from '../contact-import.job.js';
import { ContactImportsService } from '../contact-imports.service.js';

/** Writes an uploaded address book; a retry or a restarted worker resumes after the last committed batch. */
@Processor(QueueName.ContactImport)
export class ContactImportProcessor extends WorkerHost {
  constructor(private readonly imports: ContactImportsService) {
    super();
  }

  async process(job: Job<ContactImportJobData>): Promise<void> {
    try {
      await this.imports.run(job.data.importId, (done, total) => job.updateProgress({ done, total }));
    } catch (error) {
      if (job.attemptsMade + 1 >= (job.opts.attempts ?? 1))
        await this.imports.fail(job.data.importId, error instanceof Error ? error.message : String(error));
      throw error;
    }
  }
}
