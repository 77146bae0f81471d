import { Module } from '@nestjs/common';
import { ContactsModule } from './contacts.module.js';
import { ContactImportProcessor } from './jobs/contact-import.processor.js';

/** The CSV import processor; only the worker process imports this. */
@Module({
  imports: [ContactsModule],
  providers: [ContactImportProcessor],
})
export class ContactsWorkerModule {}
