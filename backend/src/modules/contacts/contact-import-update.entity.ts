import { defineEntity, p } from '@mikro-orm/core';
import { ContactImport } from './contact-import.entity.js';
import { Contact } from './contact.entity.js';

/**
 * A contact an import updated: by column, the values it had before (`before`) and the import's (`after`), only
 * for the columns the import changed; `version` is the contact's version after the last write of the import, its
 * revert or restore, so that fields staff changed since are known (record-versions.ts) and left alone.
 */
export const ContactImportUpdateSchema = defineEntity({
  name: 'ContactImportUpdate',
  tableName: 'contact_import_update',
  properties: {
    import: () => p.manyToOne(ContactImport).primary().deleteRule('cascade'),
    contact: () => p.manyToOne(Contact).primary().deleteRule('cascade'),
    before: p.json<Record<string, string | number | null>>(),
    after: p.json<Record<string, string | number | null>>(),
    version: p.integer(),
    /** The columns the last revert put back (Restore applies the import's values to these only). */
    revertedColumns: p.json<string[]>().defaultRaw(`'[]'`),
  },
});
export class ContactImportUpdate extends ContactImportUpdateSchema.class {}
ContactImportUpdateSchema.setClass(ContactImportUpdate);
