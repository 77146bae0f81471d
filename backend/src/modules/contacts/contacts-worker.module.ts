import { Module } from '@nestjs/common';
import { ContactsModule } from './contacts.module.js';
import { ContactImportProcessor } from './jobs/contact-import.processor.js';
import { StaleUploadCleanupTask } from './jobs/stale-upload-cleanup.task.js';
import { StrandedImportResumeTask } from './jobs/stranded-import-resume.task.js';

/**
 * The CSV import processor, the resumption of imports whose job is gone, and the clean-up of uploads never
 * imported; only the worker process imports this.
 */
@Module({
  imports: [ContactsModule],
  providers: [ContactImportProcessor, StrandedImportResumeTask, StaleUploadCleanupTask],
})
export class ContactsWorkerModule {}
