import { Module } from '@nestjs/common';
import { QueueModule } from '../../platform/queue/queue.module.js';
import { AddressBooksService } from './address-books.service.js';
import { ContactImportRevertsService } from './contact-import-reverts.service.js';
import { ContactImportsService } from './contact-imports.service.js';
import { ColumnSettingsService } from './column-settings.service.js';
import { ContactsService } from './contacts.service.js';
import { DuplicatesService } from './duplicates.service.js';
import { KakaoBatchesService } from './kakao-batches.service.js';

/** The address books as services: for the HTTP routes and the worker's CSV imports. */
@Module({
  imports: [QueueModule],
  providers: [
    AddressBooksService,
    ContactsService,
    DuplicatesService,
    KakaoBatchesService,
    ColumnSettingsService,
    ContactImportsService,
    ContactImportRevertsService,
  ],
  exports: [
    AddressBooksService,
    ContactsService,
    DuplicatesService,
    KakaoBatchesService,
    ColumnSettingsService,
    ContactImportsService,
    ContactImportRevertsService,
  ],
})
export class ContactsModule {}
