import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { conflictingFields, type FieldWrite } from '../../platform/database/record-versions.js';
import { intArray } from '../../platform/database/sql-arrays.js';
import { type StaleRecord, staleSave, staleSaves } from '../../platform/http/stale-save.js';
import { AddressBooksService, CONTACT_MESSAGES } from './address-books.service.js';
import { ContactGroup } from './address-book.entity.js';
import { Contact } from './contact.entity.js';
import {
  checkedPhoneDigits,
  insertContacts,
  lockContacts,
  readContacts,
  storedText,
  textFieldsOf,
} from './contact-rows.js';
import { CONTACT_TEXT_FIELDS, type ContactText, type ContactTextField } from './domain/contact-fields.js';
import type { ContactChangeDto, ContactDto, CreateContactDto, UpdateContactDto } from './dto/contact.dto.js';

export const CLIPBOARD_MESSAGES = {
  pasteTarget: 'Please select a specific group to paste to',
  nothingToPaste: 'There are no contacts to paste',
  groupElsewhere: 'The group belongs to another address book',
} as const;

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
      const groupId = groupOfBook(await this.booksOfGroups(em, [input.groupId]), addressBookId, input.groupId ?? null);
      const [id] = await insertContacts(em, addressBookId, [
        { text: textFieldsOf(input), groupId, checked: input.check ?? false },
      ]);
      return (await readContacts(em, [id]))[0];
    });
  }

  /** Edit Contact: a stale save is refused with the contact as it is now. */
  async update(id: number, input: UpdateContactDto): Promise<ContactDto> {
    const [saved] = await this.save([{ ...input, id }], ([stale]) => staleSave(staleMessage([stale]), stale));
    return saved;
  }

  /** Autosave and the explicit save: each row's changed fields, all rows in one transaction or none. */
  saveMany(changes: readonly ContactChangeDto[]): Promise<ContactDto[]> {
    return this.save(changes, (stale) => staleSaves(staleMessage(stale), stale));
  }

  /**
   * Saves the rows under a lock, or none of them: a row whose save names a version and would overwrite fields
   * someone changed since is stale, and `refuse` makes the error naming every stale row.
   */
  private async save(
    changes: readonly ContactChangeDto[],
    refuse: (stale: StaleRecord[]) => Error,
  ): Promise<ContactDto[]> {
    return this.em.fork().transactional(async (em) => {
      const ids = [...new Set(changes.map((change) => change.id))];
      // Locked in id order, as every multi-row write here: a merge or a paste meanwhile waits, then sees the edit.
      const contacts = await em.find(
        Contact,
        { id: { $in: ids }, deletedAt: null },
        { lockMode: LockMode.PESSIMISTIC_WRITE, orderBy: { id: 'asc' } },
      );
      const byId = new Map(contacts.map((contact) => [contact.id, contact]));
      const books = await this.booksOfGroups(
        em,
        changes.map((change) => change.groupId),
      );
      const stale: Omit<StaleRecord, 'current'>[] = [];
      for (const change of changes) {
        const contact = byId.get(change.id);
        if (!contact) throw new NotFoundException(CONTACT_MESSAGES.contactNotFound);
        const text = storedText(textFieldsOf(change));
        const groupId =
          change.groupId === undefined ? undefined : groupOfBook(books, contact.addressBook.id, change.groupId);
        const conflicts = conflictingFields(contact, change.version, contactWrites(contact, text, groupId));
        if (conflicts.length > 0) {
          stale.push({ id: contact.id, conflictingFields: conflicts });
          continue;
        }
        em.assign(contact, text);
        if (text.phoneNumber !== undefined) contact.phoneDigits = checkedPhoneDigits(text.phoneNumber);
        if (change.check !== undefined) contact.checked = change.check;
        if (groupId !== undefined) contact.group = groupId === null ? null : em.getReference(ContactGroup, groupId);
      }
      if (stale.length > 0) {
        const current = new Map(
          (
            await readContacts(
              em,
              stale.map((row) => row.id),
            )
          ).map((contact) => [contact.id, contact]),
        );
        throw refuse(stale.map((row) => ({ ...row, current: current.get(row.id)! })));
      }
      await em.flush();
      return readContacts(em, ids);
    });
  }

  /** Select All and Uncheck All: the named contacts of the book, or all of them. */
  async check(addressBookId: number, contactIds: readonly number[] | undefined, checked: boolean): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const params: unknown[] = [addressBookId];
      if (contactIds) params.push(intArray(contactIds));
      const ids = await lockContacts(
        em,
        `"address_book_id" = ?${contactIds ? ` and "id" = any(?::int[])` : ''}`,
        params,
      );
      await em.execute(`update "contact" set "checked" = ?, "updated_at" = now() where "id" = any(?::int[])`, [
        checked,
        intArray(ids),
      ]);
      return ids.length;
    });
  }

  /** Deleted contacts keep their rows (deletedAt) and can be restored. */
  async remove(contactIds: readonly number[]): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const ids = await lockContacts(em, `"id" = any(?::int[])`, [intArray(contactIds)]);
      await em.execute(`update "contact" set "deleted_at" = now(), "checked" = false where "id" = any(?::int[])`, [
        intArray(ids),
      ]);
      return ids.length;
    });
  }

  /** Brings back deleted or merged-away contacts, into no group when theirs is gone. */
  /** The live contacts among these ids. */
  read(contactIds: readonly number[]): Promise<ContactDto[]> {
    return readContacts(this.em.fork(), contactIds);
  }

  async restore(contactIds: readonly number[]): Promise<ContactDto[]> {
    return this.em.fork().transactional(async (em) => {
      const rows = await em.execute<{ id: number }[]>(
        `update "contact" set "deleted_at" = null, "merged_into_id" = null, "updated_at" = now()
         where "id" = any(?::int[]) and "deleted_at" is not null returning "id"`,
        [intArray(contactIds)],
      );
      return readContacts(
        em,
        rows.map((row) => row.id),
      );
    });
  }

  /**
   * Paste (spec §4): copies of the contacts with new ids in the group, checked; after a cut the originals are
   * removed (kept as deleted rows). Everything in one transaction.
   */
  async paste(contactIds: readonly number[], groupId: number, removeOriginals: boolean): Promise<ContactDto[]> {
    if (contactIds.length === 0) throw new BadRequestException(CLIPBOARD_MESSAGES.nothingToPaste);
    return this.em.fork().transactional(async (em) => {
      const addressBookId = await this.bookOfGroup(
        em,
        groupId,
        () => new BadRequestException(CLIPBOARD_MESSAGES.pasteTarget),
      );
      // The originals are claimed first: of two pastes of one cut, the second finds none left to copy.
      const claimed = await lockContacts(em, `"id" = any(?::int[])`, [intArray(contactIds)]);
      const originals = await readContacts(em, claimed);
      if (originals.length === 0) throw new BadRequestException(CLIPBOARD_MESSAGES.nothingToPaste);
      const ids = await insertContacts(
        em,
        addressBookId,
        originals.map((contact) => ({ text: textFieldsOf(contact), groupId, checked: true })),
      );
      if (removeOriginals)
        await em.execute(`update "contact" set "deleted_at" = now(), "checked" = false where "id" = any(?::int[])`, [
          intArray(claimed),
        ]);
      return readContacts(em, ids);
    });
  }

  /** Move Checked Group: the contacts join the group (of their own book), or none. */
  async move(contactIds: readonly number[], groupId: number | null): Promise<number> {
    return this.em.fork().transactional(async (em) => {
      const ids = await lockContacts(em, `"id" = any(?::int[])`, [intArray(contactIds)]);
      if (groupId !== null) {
        const addressBookId = await this.bookOfGroup(
          em,
          groupId,
          () => new NotFoundException(CONTACT_MESSAGES.groupNotFound),
        );
        const [{ count }] = await em.execute<{ count: number }[]>(
          `select count(*)::int as "count" from "contact" where "id" = any(?::int[]) and "address_book_id" <> ?`,
          [intArray(ids), addressBookId],
        );
        if (count > 0) throw new BadRequestException(CLIPBOARD_MESSAGES.groupElsewhere);
      }
      await em.execute(`update "contact" set "group_id" = ?, "updated_at" = now() where "id" = any(?::int[])`, [
        groupId,
        intArray(ids),
      ]);
      return ids.length;
    });
  }

  /** The books of the groups named (none, null or undefined left out), by group id; a group that is gone is missing. */
  private async booksOfGroups(
    em: EntityManager,
    groupIds: readonly (number | null | undefined)[],
  ): Promise<Map<number, number>> {
    const ids = [...new Set(groupIds.filter((id): id is number => typeof id === 'number'))];
    if (ids.length === 0) return new Map();
    const rows = await em.execute<{ id: number; addressBookId: number }[]>(
      `select "id", "address_book_id" as "addressBookId" from "contact_group" where "id" = any(?::int[])`,
      [intArray(ids)],
    );
    return new Map(rows.map((row) => [row.id, row.addressBookId]));
  }

  /** The book a group belongs to, or the refusal made by `missing`. */
  private async bookOfGroup(em: EntityManager, groupId: number, missing: () => Error): Promise<number> {
    const [group] = await em.execute<{ addressBookId: number }[]>(
      `select "address_book_id" as "addressBookId" from "contact_group" where "id" = ?`,
      [groupId],
    );
    if (!group) throw missing();
    return group.addressBookId;
  }
}

/** What a save would write to a contact, for the version check: its text fields and its group. */
function contactWrites(contact: Contact, text: Partial<ContactText>, groupId: number | null | undefined): FieldWrite[] {
  const writes: FieldWrite[] = Object.entries(text).map(([field, next]) => ({
    field,
    column: CONTACT_TEXT_FIELDS[field as ContactTextField].column,
    current: contact[field as ContactTextField],
    next,
  }));
  if (groupId !== undefined)
    writes.push({ field: 'groupId', column: 'group_id', current: contact.group?.id ?? null, next: groupId });
  return writes;
}

/** The refusal of a stale save, naming each contact and its fields changed meanwhile. */
function staleMessage(stale: readonly StaleRecord[]): string {
  const named = stale.map(({ current, conflictingFields }) => {
    const contact = current as ContactDto;
    return `${contact.contactName || contact.phoneNumber || `Contact ${contact.id}`} (${conflictingFields.join(', ')})`;
  });
  return `Changed by someone else meanwhile: ${named.join('; ')}. Nothing was saved.`;
}

/** A group id a contact of the book may have: null, or a group of that book (`books` from booksOfGroups). */
function groupOfBook(books: ReadonlyMap<number, number>, addressBookId: number, groupId: number | null): number | null {
  if (groupId === null) return null;
  if (books.get(groupId) !== addressBookId) throw new BadRequestException(CONTACT_MESSAGES.groupNotFound);
  return groupId;
}
