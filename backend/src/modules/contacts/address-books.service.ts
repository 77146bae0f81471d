import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { BadRequestException, ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import { TEXT_ARRAY_PARAM, textArray } from '../../platform/database/sql-arrays.js';
import { AddressBook, ContactGroup } from './address-book.entity.js';
import { CONTACT_SELECT, contactSelectFrom, insertContacts, type NewContact, textFieldsOf } from './contact-rows.js';
import type { AddressBookDto, BulkContactDto, GroupDto, GroupListDto, SystemGroupDto } from './dto/address-book.dto.js';
import type { ContactDto, ContactView } from './dto/contact.dto.js';

export const CONTACT_MESSAGES = {
  bookNotFound: 'Address book not found',
  bookExists: 'Address book already exists',
  groupExists: 'Group already exists',
  groupNotFound: 'Group not found',
  systemGroup: 'System groups cannot be deleted',
  contactNotFound: 'Contact not found',
  groupWithContacts: (count: number) => `Cannot delete group with ${count} contact(s)`,
} as const;

/**
 * The book's live contacts as `c`, each with `sharing`: how many of them have its phone's digits. One pass over the
 * book by a window, never a join of the book with itself, so that no statistics (stale right after an import) can
 * lead the planner to read the book again for every contact. Its one parameter is the book's id.
 */
const CONTACTS_WITH_SHARING = `(select x.*, count(*) over (partition by x."phone_digits") as "sharing"
  from "contact" x where x."address_book_id" = ? and x."deleted_at" is null)`;

/**
 * The system groups of the groups panel (spec §2): views of the book, never stored, never deleted. `where` reads
 * the contacts `c` of the book; those that need `c."sharing"` say so.
 */
export const SYSTEM_GROUPS: { view: ContactView; name: string; where: string; sharing?: true }[] = [
  { view: 'entire', name: 'Entire', where: 'true' },
  { view: 'selected', name: 'Selected', where: `c."checked"` },
  { view: 'kakao-friend', name: 'Add KakaoTalk friend', where: `c."completion_status" = '1'` },
  { view: 'edit-nickname', name: 'Edit nickname', where: `c."checklist_confirm" = 'inconsistency'` },
  { view: 'duplicates', name: 'Remove duplicates', where: `c."phone_digits" <> '' and c."sharing" > 1`, sharing: true },
];

/** The SQL of a book's live contacts in one of its groups or system groups, in id order. */
export function contactListQuery(
  addressBookId: number,
  filter: { view?: ContactView; groupId?: number } = {},
): { sql: string; params: unknown[] } {
  const view =
    filter.groupId === undefined && filter.view ? SYSTEM_GROUPS.find((group) => group.view === filter.view)! : null;
  if (view?.sharing) {
    return {
      sql: `${contactSelectFrom(CONTACTS_WITH_SHARING)} where ${view.where} order by c."id"`,
      params: [addressBookId],
    };
  }
  const where = filter.groupId !== undefined ? `c."group_id" = ?` : (view?.where ?? 'true');
  return {
    sql: `${CONTACT_SELECT} where c."address_book_id" = ? and c."deleted_at" is null and ${where} order by c."id"`,
    params: filter.groupId !== undefined ? [addressBookId, filter.groupId] : [addressBookId],
  };
}

/** The SQL of the number of a book's live contacts in each system group, by view. */
export function systemGroupCountsQuery(addressBookId: number): { sql: string; params: unknown[] } {
  return {
    sql: `select ${SYSTEM_GROUPS.map((group) => `count(*) filter (where ${group.where})::int as "${group.view}"`).join(', ')} from ${CONTACTS_WITH_SHARING} c`,
    params: [addressBookId],
  };
}

/** Whether a name or view names a system group (entire, selected, …), in any case. */
export function isSystemGroup(nameOrView: string): boolean {
  const key = nameOrView.trim().toLowerCase();
  return SYSTEM_GROUPS.some((group) => group.view === key || group.name.toLowerCase() === key);
}

/** Address books and their groups (spec §2 Contact list tab), and contacts added by the list. */
@Injectable()
export class AddressBooksService {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<AddressBookDto[]> {
    return this.em.execute<AddressBookDto[]>(
      `select b."id", b."name", (select count(*)::int from "contact" c where c."address_book_id" = b."id" and c."deleted_at" is null) as "contactCount"
       from "address_book" b order by b."name", b."id"`,
    );
  }

  async create(name: string): Promise<AddressBookDto> {
    const em = this.em.fork();
    const book = em.create(AddressBook, { name });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new ConflictException({ message: CONTACT_MESSAGES.bookExists, details: { conflictingFields: ['name'] } });
      throw error;
    }
    return { id: book.id, name: book.name, contactCount: 0 };
  }

  async findByName(name: string): Promise<AddressBook> {
    const book = await this.em.fork().findOne(AddressBook, { name });
    if (!book) throw new NotFoundException(CONTACT_MESSAGES.bookNotFound);
    return book;
  }

  async require(id: number): Promise<AddressBook> {
    const book = await this.em.fork().findOne(AddressBook, { id });
    if (!book) throw new NotFoundException(CONTACT_MESSAGES.bookNotFound);
    return book;
  }

  /** The book's live contacts in one of its groups or system groups, in id order. */
  async contacts(addressBookId: number, filter: { view?: ContactView; groupId?: number } = {}): Promise<ContactDto[]> {
    await this.require(addressBookId);
    const { sql, params } = contactListQuery(addressBookId, filter);
    return this.em.execute<ContactDto[]>(sql, params);
  }

  async groups(addressBookId: number): Promise<GroupListDto> {
    await this.require(addressBookId);
    const counts = systemGroupCountsQuery(addressBookId);
    const [groups, [countsByView]] = await Promise.all([
      this.em.execute<GroupDto[]>(
        `select g."id", g."name", count(c."id")::int as "contactCount"
         from "contact_group" g left join "contact" c on c."group_id" = g."id" and c."deleted_at" is null
         where g."address_book_id" = ? group by g."id" order by g."id"`,
        [addressBookId],
      ),
      this.em.execute<Record<string, number>[]>(counts.sql, counts.params),
    ]);
    const systemGroups: SystemGroupDto[] = SYSTEM_GROUPS.map(({ view, name }) => ({
      view,
      name,
      contactCount: countsByView[view] ?? 0,
    }));
    return { systemGroups, groups };
  }

  async createGroup(addressBookId: number, name: string): Promise<GroupDto> {
    await this.require(addressBookId);
    // The system groups are in every book already.
    if (isSystemGroup(name))
      throw new ConflictException({ message: CONTACT_MESSAGES.groupExists, details: { conflictingFields: ['name'] } });
    const em = this.em.fork();
    const group = em.create(ContactGroup, { addressBook: addressBookId, name });
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        throw new ConflictException({
          message: CONTACT_MESSAGES.groupExists,
          details: { conflictingFields: ['name'] },
        });
      throw error;
    }
    return { id: group.id, name: group.name, contactCount: 0 };
  }

  /** A group with live contacts stays; deleted contacts that were in it lose their group, and can still be restored. */
  async deleteGroup(groupId: number): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      const [group] = await em.execute<{ id: number }[]>(`select "id" from "contact_group" where "id" = ? for update`, [
        groupId,
      ]);
      if (!group) throw new NotFoundException(CONTACT_MESSAGES.groupNotFound);
      const [{ count }] = await em.execute<{ count: number }[]>(
        `select count(*)::int as "count" from "contact" where "group_id" = ? and "deleted_at" is null`,
        [groupId],
      );
      if (count > 0) throw new ConflictException(CONTACT_MESSAGES.groupWithContacts(count));
      await em.execute(`update "contact" set "group_id" = null where "group_id" = ?`, [groupId]);
      await em.execute(`delete from "contact_group" where "id" = ?`, [groupId]);
    });
  }

  /** The group ids of names in a book, creating the ones it lacks (names trimmed; blank is no group). */
  async groupIdsByName(
    em: EntityManager,
    addressBookId: number,
    names: Iterable<string>,
  ): Promise<Map<string, number>> {
    const wanted = [...new Set([...names].map((name) => name.trim()).filter(Boolean))];
    if (wanted.length === 0) return new Map();
    const tooLong = wanted.find((name) => name.length > 200);
    if (tooLong) throw new BadRequestException(`Group name is too long: ${tooLong.slice(0, 40)}…`);
    await em.execute(
      `insert into "contact_group" ("address_book_id", "name") select ?, unnest(${TEXT_ARRAY_PARAM}) on conflict ("address_book_id", "name") do nothing`,
      [addressBookId, textArray(wanted)],
    );
    const rows = await em.execute<{ id: number; name: string }[]>(
      `select "id", "name" from "contact_group" where "address_book_id" = ? and "name" = any(${TEXT_ARRAY_PARAM})`,
      [addressBookId, textArray(wanted)],
    );
    return new Map(rows.map((row) => [row.name, row.id]));
  }

  /** The book named, created when new; inside the caller's transaction. */
  async bookIdByName(em: EntityManager, name: string): Promise<number> {
    await em.execute(`insert into "address_book" ("name") values (?) on conflict ("name") do nothing`, [name]);
    const [book] = await em.execute<{ id: number }[]>(`select "id" from "address_book" where "name" = ?`, [name]);
    return book.id;
  }

  /** POST contact-list/bulk (spec §7): the contacts join the named book (created when new), their groups by name. */
  async addBulk(
    addressBook: string,
    contacts: readonly BulkContactDto[],
  ): Promise<{ addressBookId: number; imported: number }> {
    return this.em.fork().transactional(async (em) => {
      const addressBookId = await this.bookIdByName(em, addressBook);
      const groups = await this.groupIdsByName(
        em,
        addressBookId,
        contacts.map((contact) => contact.Group ?? ''),
      );
      const rows: NewContact[] = contacts.map((contact) => ({
        text: textFieldsOf(contact),
        groupId: groups.get(contact.Group?.trim() ?? '') ?? null,
        checked: contact.check ?? false,
      }));
      const ids = await insertContacts(em, addressBookId, rows);
      return { addressBookId, imported: ids.length };
    });
  }
}
