import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { AddressBook } from './address-book.entity.js';

export const CONTACT_IMPORT_STATES = ['uploaded', 'queued', 'running', 'completed', 'failed'] as const;
export type ContactImportState = (typeof CONTACT_IMPORT_STATES)[number];

/**
 * An uploaded CSV and its import: the file is kept in the database until imported (the worker needs no shared
 * disk), and rowsDone moves forward in the same transaction as each batch, so a crashed import resumes where it was.
 */
export const ContactImportSchema = defineEntity({
  name: 'ContactImport',
  tableName: 'contact_import',
  properties: {
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).nullable().deleteRule('set null'),
    fileName: p.string().length(500),
    /** The file as uploaded; cleared once imported. */
    content: p.blob().nullable().lazy(),
    addressBook: () => p.manyToOne(AddressBook).nullable().deleteRule('cascade'),
    state: p
      .string()
      .length(10)
      .$type<ContactImportState>()
      .default('uploaded')
      .check(`state in (${CONTACT_IMPORT_STATES.map((state) => `'${state}'`).join(', ')})`),
    totalRows: p.integer().default(0),
    rowsDone: p.integer().default(0),
    imported: p.integer().default(0),
    rejected: p.json<{ line: number; reason: string }[]>(),
    error: p.string().length(1000).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    finishedAt: p.datetime().nullable(),
  },
});
export class ContactImport extends ContactImportSchema.class {}
ContactImportSchema.setClass(ContactImport);
