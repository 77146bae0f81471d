import type { EntityManager } from '@mikro-orm/postgresql';
import { BadRequestException } from '@nestjs/common';
import { intArray } from '../../platform/database/sql-arrays.js';
import {
  checklistOf,
  CONTACT_TEXT_FIELD_NAMES,
  CONTACT_TEXT_FIELDS,
  type ContactText,
  type ContactTextField,
} from './domain/contact-fields.js';
import { MAX_PHONE_DIGITS, phoneDigits } from '@job-casting/rules';
import type { ContactDto } from './dto/contact.dto.js';

/**
 * The list form of a contact (ContactDto) as SQL, read from `source` (the contact table, or a subquery of its rows)
 * as `c`, with its group `g`.
 */
export function contactSelectFrom(source: string): string {
  return `select c."id", c."checked" as "check", ${CONTACT_TEXT_FIELD_NAMES.map((field) => `c."${CONTACT_TEXT_FIELDS[field].column}" as "${field}"`).join(', ')}, g."name" as "Group", c."group_id" as "groupId", c."address_book_id" as "addressBookId", c."version"
  from ${source} c left join "contact_group" g on g."id" = c."group_id"`;
}

/** The list form of a contact (ContactDto) as SQL: `from "contact" c left join "contact_group" g`. */
export const CONTACT_SELECT = contactSelectFrom('"contact"');

/** The text fields of a contact-shaped object (a DTO, a contact read back), without its other properties. */
export function textFieldsOf(fields: { [field in ContactTextField]?: string | null }): Partial<ContactText> {
  const text: Partial<ContactText> = {};
  for (const field of CONTACT_TEXT_FIELD_NAMES) {
    const value = fields[field];
    if (typeof value === 'string') text[field] = value;
  }
  return text;
}

/** The digits of a typed phone; 400 for one with more digits than a phone has. */
export function checkedPhoneDigits(phoneNumber: string): string {
  const digits = phoneDigits(phoneNumber);
  if (digits.length > MAX_PHONE_DIGITS)
    throw new BadRequestException(
      `Phone number "${phoneNumber.slice(0, 40)}" has more than ${MAX_PHONE_DIGITS} digits`,
    );
  return digits;
}

/** One field as stored: trimmed where a person typed it (a memo is kept as written), the checklist in one spelling. */
function storedValue(field: ContactTextField, value: string): string {
  if (field === 'memo') return value;
  if (field === 'checklistConfirm') return checklistOf(value) || value.trim();
  return value.trim();
}

/** A contact's text as stored (storedValue of each field it has). */
export function storedText(fields: Partial<ContactText>): Partial<ContactText> {
  const text: Partial<ContactText> = {};
  for (const field of CONTACT_TEXT_FIELD_NAMES) {
    const value = fields[field];
    if (value !== undefined && value !== null) text[field] = storedValue(field, value);
  }
  return text;
}

/** A new contact for insertContacts: its text and its group (an id of the book, or none). */
export interface NewContact {
  text: Partial<ContactText>;
  groupId: number | null;
  checked?: boolean;
}

export const INSERT_COLUMNS = [
  'group_id',
  'checked',
  'phone_digits',
  ...CONTACT_TEXT_FIELD_NAMES.map((field) => CONTACT_TEXT_FIELDS[field].column),
];
const INSERT_TYPES: Record<string, string> = { group_id: 'int', checked: 'boolean' };

/** A new contact's values in INSERT_COLUMNS order: everything a person typed is kept; the phone's digits derived. */
function columnValues({ text, groupId, checked }: NewContact): (string | number | boolean | null)[] {
  const stored = storedText(text);
  return [
    groupId,
    checked ?? false,
    checkedPhoneDigits(stored.phoneNumber ?? ''),
    ...CONTACT_TEXT_FIELD_NAMES.map((field) => stored[field] ?? ''),
  ];
}

/**
 * Inserts contacts into a book in one statement (rows as one JSON parameter) inside the caller's transaction;
 * answers their new ids in order.
 */
export async function insertContacts(
  em: EntityManager,
  addressBookId: number,
  contacts: readonly NewContact[],
): Promise<number[]> {
  if (contacts.length === 0) return [];
  const rows = contacts.map((contact, position) => {
    const values = columnValues(contact);
    return Object.fromEntries([['position', position], ...INSERT_COLUMNS.map((column, i) => [column, values[i]])]);
  });
  const columns = INSERT_COLUMNS.map((column) => `"${column}"`).join(', ');
  const inserted = await em.execute<{ id: number }[]>(
    `insert into "contact" ("address_book_id", ${columns})
     select ?, ${columns} from jsonb_to_recordset(?::jsonb)
       as x("position" int, ${INSERT_COLUMNS.map((column) => `"${column}" ${INSERT_TYPES[column] ?? 'text'}`).join(', ')})
     order by "position"
     returning "id"`,
    [addressBookId, JSON.stringify(rows)],
  );
  return inserted.map((row) => row.id).sort((a, b) => a - b);
}

const COPY_SPECIAL = /[\\\t\n\r]/;
const COPY_ESCAPES: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' };
/** A value in COPY's text format; most cells need no escape, so they are only tested. */
const copyText = (value: string) =>
  COPY_SPECIAL.test(value) ? value.replace(/[\\\t\n\r]/g, (c) => COPY_ESCAPES[c]!) : value;

/** The columns of an import's COPY: the book, insertContacts' columns, and the import that adds the contact. */
export const IMPORT_COPY_COLUMNS = ['address_book_id', ...INSERT_COLUMNS, 'import_id'] as const;

/** The same contacts as insertContacts, for `COPY contact (…) FROM STDIN` (text format): for large imports. */
export const CONTACT_COPY_SQL = `copy "contact" (${IMPORT_COPY_COLUMNS.map((column) => `"${column}"`).join(', ')}) from stdin`;

/**
 * One contact as a line of CONTACT_COPY_SQL (the values of columnValues, built without an array per row), added
 * by the import named.
 */
export function contactCopyLine(
  addressBookId: number,
  { text, groupId, checked }: NewContact,
  importId: string,
): string {
  const phone = storedValue('phoneNumber', text.phoneNumber ?? '');
  let line = `${addressBookId}\t${groupId ?? '\\N'}\t${checked ? 't' : 'f'}\t${checkedPhoneDigits(phone)}`;
  for (const field of CONTACT_TEXT_FIELD_NAMES) {
    const value = text[field];
    line += value ? `\t${copyText(field === 'phoneNumber' ? phone : storedValue(field, value))}` : '\t';
  }
  return `${line}\t${importId}\n`;
}

/**
 * Locks the live contacts matching `where` in id order and answers their ids: every multi-row write takes its
 * rows this way, so two writes over the same contacts wait for each other instead of deadlocking.
 */
export async function lockContacts(em: EntityManager, where: string, params: unknown[]): Promise<number[]> {
  const rows = await em.execute<{ id: number }[]>(
    `select "id" from "contact" where ${where} and "deleted_at" is null order by "id" for update`,
    params,
  );
  return rows.map((row) => row.id);
}

/** Reads contacts in the list form, by id, in id order (live ones unless told). */
export function readContacts(
  em: EntityManager,
  ids: readonly number[],
  options: { withDeleted?: boolean } = {},
): Promise<ContactDto[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return em.execute<ContactDto[]>(
    `${CONTACT_SELECT} where c."id" = any(?::int[])${options.withDeleted ? '' : ` and c."deleted_at" is null`} order by c."id"`,
    [intArray(ids)],
  );
}
