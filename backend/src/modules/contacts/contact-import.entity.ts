import { defineEntity, p } from '@mikro-orm/core';
import { User } from '../users/user.entity.js';
import { AddressBook } from './address-book.entity.js';

export const CONTACT_IMPORT_STATES = ['uploaded', 'queued', 'running', 'completed', 'failed'] as const;
export type ContactImportState = (typeof CONTACT_IMPORT_STATES)[number];

/**
 * What an import does with a row whose phone digits match a contact of the book: add it anyway (as imports always
 * did), update the contact with the row's non-empty fields, or leave the row out.
 */
export const CONTACT_IMPORT_MODES = ['add', 'update', 'skip'] as const;
export type ContactImportMode = (typeof CONTACT_IMPORT_MODES)[number];

/** What a revert (or the restore after it) did, for the list of the book's imports. */
export interface ContactImportRevertReport {
  action: 'revert' | 'restore';
  /** Added contacts removed (revert) or brought back (restore). */
  removed: number;
  /** Updated contacts whose fields were put back. */
  restored: number;
  /** Updated contacts with fields staff changed after the import (or the revert): those were left as staff made them. */
  keptCount: number;
  /** The first 100 of them. */
  kept: { contactId: number; name: string; fields: string[] }[];
}

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
    /** Contacts added. */
    imported: p.integer().default(0),
    mode: p
      .string()
      .length(6)
      .$type<ContactImportMode>()
      .default('add')
      .check(`mode in (${CONTACT_IMPORT_MODES.map((mode) => `'${mode}'`).join(', ')})`),
    /** Rows whose phone matched a contact of the book (updated from, or left out, by the mode). */
    matchedRows: p.integer().default(0),
    /** Contacts the import changed (contact_import_update holds their values from before). */
    updated: p.integer().default(0),
    rejected: p.json<{ line: number; reason: string }[]>(),
    error: p.string().length(1000).nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    finishedAt: p.datetime().nullable(),
    /** Set while the import is reverted: its added contacts carry this exact deletedAt, so Restore finds them. */
    revertedAt: p.datetime().nullable(),
    revertedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    revertReport: p.json<ContactImportRevertReport>().nullable(),
  },
  indexes: [{ name: 'contact_import_book_index', properties: ['addressBook', 'createdAt'] }],
});
export class ContactImport extends ContactImportSchema.class {}
ContactImportSchema.setClass(ContactImport);
