import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { intArray } from '../../platform/database/sql-arrays.js';
import { AddressBooksService, CONTACT_MESSAGES } from './address-books.service.js';
import { ContactGroup } from './address-book.entity.js';
import { Contact } from './contact.entity.js';
import { insertContacts, readContacts, storedText } from './contact-rows.js';
import { CONTACT_TEXT_FIELD_NAMES, type ContactText } from './domain/contact-fields.js';
import { phoneDigits } from './domain/phone.js';
import type { ContactChangeDto, ContactDto, ContactFieldsDto, CreateContactDto } from './dto/contact.dto.js';

export const CLIPBOARD_MESSAGES = {
  pasteTarget: 'Please select a specific group to paste to',
  nothingToPaste: 'There are no contacts to paste',
  groupElsewhere: 'The group belongs to another address book',
} as const;

const textOf = (fields: ContactFieldsDto): Partial<ContactText> =>
  Object.fromEntries(CONTACT_TEXT_FIELD_NAMES.filter((field) => fields[field] !== undefined).map((field) => [field, fields[field]]));

/** The contacts of the address books: the table's edits, checks, deletions, clipboard and group moves. */
@Injectable()
export class ContactsService {
  constructor(
    private readonly em: EntityManager,
    private readonly books: AddressBooksService,
  ) {}

  async create(addressBookId: number, input: CreateContactDto): Promise<ContactDto> {
    await this.books.require(addressBookId);
    return this.em.fork().transactional(async (em) => {
      const groupId = await this.groupOfBook(em, addressBookId, input.groupId ?? null);
      const [id] = await insertContacts(em, addressBookId, [{ text: textOf(input), groupId, checked: input.check ?? false }]);
      return (await readContacts(em, [id]))[0];
    });
  }

  async update(id: number, input: ContactFieldsDto): Promise<ContactDto> {
    const [saved] = await this.saveMany([{ ...input, id }]);
    return saved;
  }

  /** Autosave and the explicit save: each row's changed fields, all rows in one transaction or none. */
  async saveMany(changes: readonly ContactChangeDto[]): Promise<ContactDto[]> {
    return this.em.fork().transactional(async (em) => {
      const ids = [...new Set(changes.map((change) => change.id))];
      const contacts = await em.find(Contact, { id: { $in: ids }, deletedAt: null });
      const byId = new Map(contacts.map((contact) => [contact.id, contact]));
      for (const change of changes) {
        const contact = byId.get(change.id);
        if (!contact) throw new NotFoundException(CONTACT_MESSAGES.contactNotFound);
        const text = storedText(textOf(change));
        em.assign(contact, text);
        if (text.phoneNumber !== undefined) contact.phoneDigits = phoneDigits(text.phoneNumber);
        if (change.check !== undefined) contact.checked = change.check;
        if (change.groupId !== undefined) {
          const groupId = await this.groupOfBook(em, contact.addressBook.id, change.groupId);
          contact.group = groupId === null ? null : em.getReference(ContactGroup, groupId);
        }
      }
      await em.flush();
      return readContacts(em, ids);
    });
  }

  /** Select All and Uncheck All: the named contacts of the book, or all of them. */
  async check(addressBookId: number, contactIds: readonly number[] | undefined, checked: boolean): Promise<number> {
    const params: unknown[] = [checked, addressBookId];
    if (contactIds) params.push(intArray(contactIds));
    const rows = await this.em.execute<{ id: number }[]>(
      `update "contact" set "checked" = ?, "updated_at" = now()
       where "address_book_id" = ? and "deleted_at" is null${contactIds ? ` and "id" = any(?::int[])` : ''} returning "id"`,
      params,
    );
    return rows.length;
  }

  /** Deleted contacts keep their rows (deletedAt) and can be restored. */
  async remove(contactIds: readonly number[]): Promise<number> {
    const rows = await this.em.execute<{ id: number }[]>(
      `update "contact" set "deleted_at" = now(), "checked" = false where "id" = any(?::int[]) and "deleted_at" is null returning "id"`,
      [intArray(contactIds)],
    );
    return rows.length;
  }

  /** Brings back deleted or merged-away contacts, into no group when theirs is gone. */
  async restore(contactIds: readonly number[]): Promise<ContactDto[]> {
    return this.em.fork().transactional(async (em) => {
      const rows = await em.execute<{ id: number }[]>(
        `update "contact" set "deleted_at" = null, "merged_into_id" = null, "updated_at" = now()
         where "id" = any(?::int[]) and "deleted_at" is not null returning "id"`,
        [intArray(contactIds)],
      );
      return readContacts(em, rows.map((row) => row.id));
    });
  }

  /**
   * Paste (spec §4): copies of the contacts with new ids in the group, checked; after a cut the originals are
   * removed (kept as deleted rows). Everything in one transaction.
   */
  async paste(contactIds: readonly number[], groupId: number, removeOriginals: boolean): Promise<ContactDto[]> {
    if (contactIds.length === 0) throw new BadRequestException(CLIPBOARD_MESSAGES.nothingToPaste);
    return this.em.fork().transactional(async (em) => {
      const [group] = await em.execute<{ addressBookId: number }[]>(`select "address_book_id" as "addressBookId" from "contact_group" where "id" = ?`, [groupId]);
      if (!group) throw new BadRequestException(CLIPBOARD_MESSAGES.pasteTarget);
      const originals = await readContacts(em, contactIds);
      if (originals.length === 0) throw new BadRequestException(CLIPBOARD_MESSAGES.nothingToPaste);
      const ids = await insertContacts(
        em,
        group.addressBookId,
        originals.map((contact) => ({
          text: Object.fromEntries(CONTACT_TEXT_FIELD_NAMES.map((field) => [field, contact[field]])) as ContactText,
          groupId,
          checked: true,
        })),
      );
      if (removeOriginals) {
        await em.execute(`update "contact" set "deleted_at" = now(), "checked" = false where "id" = any(?::int[])`, [intArray(originals.map((contact) => contact.id))]);
      }
      return readContacts(em, ids);
    });
  }

  /** Move Checked Group: the contacts join the group (of their own book), or none. */
  async move(contactIds: readonly number[], groupId: number | null): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      if (groupId !== null) {
        const [group] = await em.execute<{ addressBookId: number }[]>(`select "address_book_id" as "addressBookId" from "contact_group" where "id" = ?`, [groupId]);
        if (!group) throw new NotFoundException(CONTACT_MESSAGES.groupNotFound);
        const [{ count }] = await em.execute<{ count: number }[]>(
          `select count(*)::int as "count" from "contact" where "id" = any(?::int[]) and "address_book_id" <> ?`,
          [intArray(contactIds), group.addressBookId],
        );
        if (count > 0) throw new BadRequestException(CLIPBOARD_MESSAGES.groupElsewhere);
      }
      const rows = await em.execute<{ id: number }[]>(
        `update "contact" set "group_id" = ?, "updated_at" = now() where "id" = any(?::int[]) and "deleted_at" is null returning "id"`,
        [groupId, intArray(contactIds)],
      );
      return rows.length;
    });
  }

  /** A group id the contact may have: null, or a group of its own book. */
  private async groupOfBook(em: EntityManager, addressBookId: number, groupId: number | null): Promise<number | null> {
    if (groupId === null) return null;
    const [group] = await em.execute<{ id: number }[]>(`select "id" from "contact_group" where "id" = ? and "address_book_id" = ?`, [groupId, addressBookId]);
    if (!group) throw new BadRequestException(CONTACT_MESSAGES.groupNotFound);
    return groupId;
  }
}
