import type { Schemas } from '@job-casting/contracts';
import { mutate } from 'swr';

export type Contact = Schemas['ContactDto'];
export type AddressBook = Schemas['AddressBookDto'];
export type GroupList = Schemas['GroupListDto'];
export type ContactView = 'entire' | 'selected' | 'kakao-friend' | 'edit-nickname' | 'duplicates';

/** What the groups panel has chosen: a system group (a view of the book) or one of the book's groups. */
export type GroupChoice = { kind: 'view'; view: ContactView } | { kind: 'group'; id: number };

export const addressBooksKey = ['contacts', 'address-books'] as const;
export const groupsKey = (bookId: number) => ['contacts', 'groups', bookId] as const;
export const contactsKey = (bookId: number, choice: GroupChoice | null) =>
  [
    'contacts',
    'list',
    bookId,
    choice?.kind === 'group' ? `group:${choice.id}` : `view:${choice?.view ?? 'entire'}`,
  ] as const;
export const columnSettingsKey = ['contacts', 'column-settings'] as const;
export const bookImportsKey = (bookId: number) => ['contacts', 'imports', bookId] as const;

const isBookKey = (bookId: number) => (key: unknown) =>
  Array.isArray(key) && key[0] === 'contacts' && (key[1] === 'list' || key[1] === 'groups') && key[2] === bookId;

/** After a change to a book's contacts: its lists and group counts, and the books' counts, are read again. */
export async function revalidateBook(bookId: number): Promise<void> {
  await Promise.all([mutate(isBookKey(bookId)), mutate(addressBooksKey)]);
}

/** After an import, a revert or a restore: the book's list of imports is read again. */
export async function revalidateBookImports(bookId: number): Promise<void> {
  await mutate(bookImportsKey(bookId));
}

/** Puts rows the server returned into every cached list of the book that holds them (no refetch of 50,000 rows). */
export async function mergeIntoLists(bookId: number, saved: readonly Contact[]): Promise<void> {
  if (saved.length === 0) return;
  const byId = new Map(saved.map((contact) => [contact.id, contact]));
  await mutate<{ data: Contact[]; total: number }>(
    (key) => Array.isArray(key) && key[0] === 'contacts' && key[1] === 'list' && key[2] === bookId,
    (list) => (list ? { ...list, data: list.data.map((contact) => byId.get(contact.id) ?? contact) } : list),
    { revalidate: false },
  );
}
