import { defineEntity, p } from '@mikro-orm/core';

/** An address book (spec §3): a named list of contacts, usually one imported file. */
export const AddressBookSchema = defineEntity({
  name: 'AddressBook',
  tableName: 'address_book',
  properties: {
    id: p.integer().primary().autoincrement(),
    name: p.string().length(200).unique(),
    createdAt: p.datetime().defaultRaw('now()'),
  },
});
export class AddressBook extends AddressBookSchema.class {}
AddressBookSchema.setClass(AddressBook);

/** A group of one address book (spec §3 Group), its name unique in the book; the system groups are views, not rows. */
export const ContactGroupSchema = defineEntity({
  name: 'ContactGroup',
  tableName: 'contact_group',
  properties: {
    id: p.integer().primary().autoincrement(),
    addressBook: () => p.manyToOne(AddressBook).deleteRule('cascade'),
    name: p.string().length(200),
    createdAt: p.datetime().defaultRaw('now()'),
  },
  uniques: [{ name: 'contact_group_book_name_unique', properties: ['addressBook', 'name'] }],
});
export class ContactGroup extends ContactGroupSchema.class {}
ContactGroupSchema.setClass(ContactGroup);
