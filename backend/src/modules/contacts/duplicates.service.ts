import { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException, Injectable } from '@nestjs/common';
import { intArray } from '../../platform/database/sql-arrays.js';
import { AddressBooksService } from './address-books.service.js';
import { CONTACT_SELECT, readContacts } from './contact-rows.js';
import { CONTACT_TEXT_FIELDS, type ContactText, type ContactTextField } from './domain/contact-fields.js';
import { mergedFields, type MergeOptions } from '@job-casting/rules';
import { phoneDigits } from '@job-casting/rules';
import type { ContactDto, DuplicateScanDto } from './dto/contact.dto.js';

export const DUPLICATE_MESSAGES = {
  emptyPhone: 'Please enter a phone number to search.',
  noDefault: 'Please set a default value.',
  nothingToMerge: 'Select at least two contacts of one phone number to merge.',
  notDuplicates: 'Only contacts of one address book with the same phone number can be merged.',
} as const;

/** The Duplicate check tab: contacts found by phone in any written form, and merges that keep every row. */
@Injectable()
export class DuplicatesService {
  constructor(
    private readonly em: EntityManager,
    private readonly books: AddressBooksService,
  ) {}

  /** The book's live contacts whose phone has the same digits as the one typed. */
  async search(addressBookId: number, phone: string): Promise<ContactDto[]> {
    await this.books.require(addressBookId);
    const digits = phoneDigits(phone);
    if (digits === '') throw new BadRequestException(DUPLICATE_MESSAGES.emptyPhone);
    return this.em.execute<ContactDto[]>(
      `${CONTACT_SELECT} where c."address_book_id" = ? and c."phone_digits" = ? and c."deleted_at" is null order by c."id"`,
      [addressBookId, digits],
    );
  }

  /** Every phone of the book shared by more than one live contact, largest group first. */
  async scan(addressBookId: number): Promise<DuplicateScanDto> {
    await this.books.require(addressBookId);
    const [groups, [totals]] = await Promise.all([
      this.em.execute<DuplicateScanDto['groups']>(
        `select "phone_digits" as "phoneDigits", (array_agg("phone_number" order by "id"))[1] as "phoneNumber",
           count(*)::int as "count", array_agg("id" order by "id") as "contactIds"
         from "contact" where "address_book_id" = ? and "deleted_at" is null and "phone_digits" <> ''
         group by "phone_digits" having count(*) > 1
         order by count(*) desc, "phone_digits"`,
        [addressBookId],
      ),
      this.em.execute<{ contacts: number }[]>(
        `select count(*)::int as "contacts" from "contact" where "address_book_id" = ? and "deleted_at" is null`,
        [addressBookId],
      ),
    ]);
    return { groups, contacts: totals.contacts, duplicated: groups.reduce((sum, group) => sum + group.count, 0) };
  }

  /**
   * Confirm (spec §5): the others merge into the survivor in one transaction. The survivor's blanks are filled
   * from the others, e-mails and memos joined when asked; the others are kept as deleted rows that name the
   * survivor, so a merge can be undone by restoring them.
   */
  async merge(survivorId: number, contactIds: readonly number[], options: MergeOptions): Promise<ContactDto> {
    if (!survivorId) throw new BadRequestException(DUPLICATE_MESSAGES.noDefault);
    const otherIds = [...new Set(contactIds)].filter((id) => id !== survivorId);
    if (otherIds.length === 0) throw new BadRequestException(DUPLICATE_MESSAGES.nothingToMerge);
    return this.em.fork().transactional(async (em) => {
      // Locked in id order, so two merges of overlapping contacts wait for each other instead of deadlocking.
      const locked = await em.execute<{ id: number; addressBookId: number; phoneDigits: string }[]>(
        `select "id", "address_book_id" as "addressBookId", "phone_digits" as "phoneDigits" from "contact"
         where "id" = any(?::int[]) and "deleted_at" is null order by "id" for update`,
        [intArray([survivorId, ...otherIds])],
      );
      if (!locked.some((row) => row.id === survivorId)) throw new BadRequestException(DUPLICATE_MESSAGES.noDefault);
      if (locked.length < 2) throw new BadRequestException(DUPLICATE_MESSAGES.nothingToMerge);
      const survivorRow = locked.find((row) => row.id === survivorId)!;
      if (
        locked.some(
          (row) => row.addressBookId !== survivorRow.addressBookId || row.phoneDigits !== survivorRow.phoneDigits,
        )
      ) {
        throw new BadRequestException(DUPLICATE_MESSAGES.notDuplicates);
      }
      const contacts = await readContacts(
        em,
        locked.map((row) => row.id),
      );
      const survivor = contacts.find((contact) => contact.id === survivorId)!;
      // The others in the order staff listed them.
      const others = otherIds
        .map((id) => contacts.find((contact) => contact.id === id))
        .filter((contact) => contact !== undefined);
      const changes = mergedFields(survivor, others, options);
      const fields = Object.keys(changes) as ContactTextField[];
      if (fields.length > 0) {
        await em.execute(
          `update "contact" set ${fields.map((field) => `"${CONTACT_TEXT_FIELDS[field].column}" = ?`).join(', ')}, "updated_at" = now() where "id" = ?`,
          [...fields.map((field) => (changes as ContactText)[field]), survivorId],
        );
      }
      // The merged-away rows stay, hidden, with their group and every field as they were.
      await em.execute(
        `update "contact" set "deleted_at" = now(), "merged_into_id" = ?, "checked" = false where "id" = any(?::int[])`,
        [survivorId, intArray(others.map((contact) => contact.id))],
      );
      return (await readContacts(em, [survivorId]))[0];
    });
  }

  /** The contacts merged into a survivor, for undoing a merge. */
  mergedInto(survivorId: number): Promise<ContactDto[]> {
    return this.em.execute<ContactDto[]>(`${CONTACT_SELECT} where c."merged_into_id" = ? order by c."id"`, [
      survivorId,
    ]);
  }
}
