import type { Schemas } from '@job-casting/contracts';
import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { contactsKey, mergeIntoLists, revalidateBook, type Contact, type GroupChoice } from './contacts-keys.ts';

export type ContactChange = Schemas['ContactChangeDto'];
export type CreateContact = Schemas['CreateContactDto'];

async function fetchContacts(bookId: number, choice: GroupChoice | null) {
  const query = choice?.kind === 'group' ? { groupId: choice.id } : { view: choice?.view ?? 'entire' };
  return unwrap(
    await api.GET('/backend/api/v1/address-books/{id}/contacts', { params: { path: { id: bookId }, query } }),
  );
}

/** GET address-books/{id}/contacts of a group or a system group (all rows: the table windows them). */
export function useContacts(bookId: number | null, choice: GroupChoice | null) {
  // Another group shows its loading state, not the rows of the group left (a large book or the duplicates view can
  // take a moment, and edits made on rows of the wrong group would be lost to sight).
  return useSWR(bookId === null ? null : contactsKey(bookId, choice), () => fetchContacts(bookId!, choice), {
    revalidateOnFocus: false,
  });
}

/** Every checked contact of the book, whichever group is on screen (the book's selected view). */
export async function fetchCheckedContacts(bookId: number): Promise<Contact[]> {
  return (await fetchContacts(bookId, { kind: 'view', view: 'selected' })).data;
}

/** POST address-books/{id}/contacts (Add Contact). */
export async function createContact(bookId: number, body: CreateContact): Promise<Contact> {
  const contact = unwrap(
    await api.POST('/backend/api/v1/address-books/{id}/contacts', { params: { path: { id: bookId } }, body }),
  );
  await revalidateBook(bookId);
  return contact;
}

/** PUT contacts: the changed rows in one transaction (autosave and Save). */
export async function saveContacts(bookId: number, contacts: ContactChange[]): Promise<Contact[]> {
  const { data } = unwrap(await api.PUT('/backend/api/v1/contacts', { body: { contacts } }));
  await mergeIntoLists(bookId, data);
  return data;
}

/** POST contacts/check: these contacts, or the whole book when none are named. */
export async function checkContacts(bookId: number, checked: boolean, contactIds?: number[]): Promise<void> {
  unwrap(
    await api.POST('/backend/api/v1/contacts/check', {
      body: { addressBookId: bookId, checked, ...(contactIds ? { contactIds } : {}) },
    }),
  );
}

/** POST contacts/delete (kept restorable on the server). */
export async function deleteContacts(bookId: number, contactIds: number[]): Promise<number> {
  const { count } = unwrap(await api.POST('/backend/api/v1/contacts/delete', { body: { contactIds } }));
  await revalidateBook(bookId);
  return count;
}

/** POST contacts/paste: copies in the group; a cut removes the originals. */
export async function pasteContacts(
  bookId: number,
  contactIds: number[],
  groupId: number,
  removeOriginals: boolean,
): Promise<Contact[]> {
  const { data } = unwrap(
    await api.POST('/backend/api/v1/contacts/paste', { body: { contactIds, groupId, removeOriginals } }),
  );
  await revalidateBook(bookId);
  return data;
}

/** POST contacts/move (Move Checked Group). */
export async function moveContacts(bookId: number, contactIds: number[], groupId: number | null): Promise<number> {
  const { count } = unwrap(await api.POST('/backend/api/v1/contacts/move', { body: { contactIds, groupId } }));
  await revalidateBook(bookId);
  return count;
}
