import { Module } from '@nestjs/common';
import { ContactsModule } from './contacts.module.js';
import { ContactImportProcessor } from './jobs/contact-import.processor.js';
import { StaleUploadCleanupTask } from './jobs/stale-upload-cleanup.task.js';

/** The CSV import processor and the clean-up of uploads never imported; only the worker process imports this. */
@Module({
  imports: [ContactsModule],
  providers: [ContactImportProcessor, StaleUploadCleanupTask],
})
export class ContactsWorkerModule {}
