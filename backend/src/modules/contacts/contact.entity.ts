import { defineEntity, p } from '@mikro-orm/core';
import { recordVersionTrigger } from '../../platform/database/record-versions.js';
import { AddressBook, ContactGroup } from './address-book.entity.js';
import { CONTACT_TEXT_FIELD_NAMES, CONTACT_TEXT_FIELDS } from './domain/contact-fields.js';

const LIVE = 'deleted_at is null';

/**
 * A contact of an address book (spec §3, list form). The phone is kept as typed and as its digits, by which
 * duplicates are found. A deleted or merged-away contact keeps its row (deletedAt, and mergedInto naming the
 * survivor), so it can be restored. Contacts are written in bulk by SQL too, hence the database defaults.
 */
export const ContactSchema = defineEntity({
  name: 'Contact',
  tableName: 'contact',
  properties: {
    id: p.integer().primary().autoincrement(),
    addressBook: () => p.manyToOne(AddressBook).deleteRule('cascade'),
    /** A group with contacts cannot be deleted (address-books.service.ts). */
    group: () => p.manyToOne(ContactGroup).nullable().deleteRule('restrict'),
    checked: p.boolean().default(false),
    contactName: p.string().length(200).default(''),
    phoneNumber: p.string().length(100).default(''),
    /** domain/phone.ts: every written form of one number has the same digits. */
    phoneDigits: p.string().length(40).default(''),
    /** Text: a merge may join the e-mails of many contacts. */
    email: p.text().default(''),
    definition1: p.string().length(2000).default(''),
    definition2: p.string().length(2000).default(''),
    definition3: p.string().length(2000).default(''),
    memo: p.text().default(''),
    startStatus: p.string().length(50).default(''),
    completionStatus: p.string().length(50).default(''),
    checklistConfirm: p.string().length(50).default(''),
    chatWindowName: p.string().length(200).default(''),
    kakaoTalk: p.string().length(200).default(''),
    modifyChat: p.string().length(200).default(''),
    deletedAt: p.datetime().nullable(),
    mergedInto: () => p.manyToOne(Contact).nullable().deleteRule('set null'),
    /**
     * The import that added the contact, so that reverting the import removes it. A tag rather than a foreign key:
     * the import's COPY writes it on every row, and a key would add a lookup per row.
     */
    importId: p.uuid().nullable(),
    createdAt: p.datetime().defaultRaw('now()'),
    updatedAt: p
      .datetime()
      .defaultRaw('now()')
      .onUpdate(() => new Date()),
    /** platform/database/record-versions.ts: raised by the trigger on every change of a field staff edit. */
    version: p.integer().version(),
    fieldVersions: p.json<Record<string, number>>().defaultRaw(`'{}'`),
  },
  // The check mark is the table's shared selection, not the contact's data: checking never makes an edit stale.
  triggers: [
    recordVersionTrigger('contact', [
      ...CONTACT_TEXT_FIELD_NAMES.map((field) => CONTACT_TEXT_FIELDS[field].column),
      'group_id',
    ]),
  ],
  indexes: [
    // The book's live contacts in id order, and by phone for the duplicate search and scan.
    { name: 'contact_book_live_index', properties: ['addressBook', 'id'], where: LIVE },
    { name: 'contact_book_phone_index', properties: ['addressBook', 'phoneDigits'], where: LIVE },
    { name: 'contact_group_id_index', properties: ['group'], where: LIVE },
    { name: 'contact_merged_into_index', properties: ['mergedInto'], where: 'merged_into_id is not null' },
    { name: 'contact_import_id_index', properties: ['importId'], where: 'import_id is not null' },
  ],
});
export class Contact extends ContactSchema.class {}
ContactSchema.setClass(Contact);
