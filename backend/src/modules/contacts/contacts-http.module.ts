import { Module } from '@nestjs/common';
import { AddressBooksController } from './address-books.controller.js';
import { ContactImportRevertsController } from './contact-import-reverts.controller.js';
import { ContactImportsController } from './contact-imports.controller.js';
import { ContactsController } from './contacts.controller.js';
import { ContactsModule } from './contacts.module.js';
import { KakaoBatchesController } from './kakao-batches.controller.js';

/** The address books' HTTP routes, for the API process. */
@Module({
  imports: [ContactsModule],
  controllers: [
    AddressBooksController,
    ContactsController,
    KakaoBatchesController,
    ContactImportsController,
    ContactImportRevertsController,
  ],
})
export class ContactsHttpModule {}
