import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { mergeIntoLists, revalidateBook } from './contacts-keys.ts';

export type DuplicateContact = Schemas['ContactDto'];
export type DuplicateScan = Schemas['DuplicateScanDto'];
export type MergeRequest = Schemas['MergeContactsDto'];
export type ContactChange = Schemas['ContactChangeDto'];

export const duplicatesKey = (addressBookId: number, phone: string) =>
  ['duplicates', addressBookId, 'search', phone] as const;
export const duplicateGroupsKey = (addressBookId: number) => ['duplicates', addressBookId, 'groups'] as const;
export const mergedContactsKey = (survivorId: number) => ['duplicates', 'merged', survivorId] as const;

/** GET address-books/{id}/duplicates: the book's contacts with the digits of the phone, in any written form. */
export async function fetchDuplicates(addressBookId: number, phone: string): Promise<DuplicateContact[]> {
  const list = unwrap(
    await api.GET('/backend/api/v1/address-books/{id}/duplicates', {
      params: { path: { id: addressBookId }, query: { phone } },
    }),
  );
  return list.data;
}

/** The search results of the phone last searched (null: nothing searched yet). */
export function useDuplicates(addressBookId: number | null, phone: string | null) {
  return useSWR(
    addressBookId !== null && phone !== null ? duplicatesKey(addressBookId, phone) : null,
    ([, id, , typed]) => fetchDuplicates(id, typed),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
}

/** GET address-books/{id}/duplicate-groups: every phone of the book that more than one contact shares. */
export async function fetchDuplicateGroups(addressBookId: number): Promise<DuplicateScan> {
  return unwrap(
    await api.GET('/backend/api/v1/address-books/{id}/duplicate-groups', { params: { path: { id: addressBookId } } }),
  );
}

export function useDuplicateGroups(addressBookId: number | null) {
  return useSWR(
    addressBookId !== null ? duplicateGroupsKey(addressBookId) : null,
    ([, id]) => fetchDuplicateGroups(id),
    {
      revalidateOnFocus: false,
      shouldRetryOnError: false,
    },
  );
}

/** GET contacts/{id}/merged: the contacts merged into a survivor, which a restore brings back. */
export async function fetchMergedContacts(survivorId: number): Promise<DuplicateContact[]> {
  return unwrap(await api.GET('/backend/api/v1/contacts/{id}/merged', { params: { path: { id: survivorId } } })).data;
}

export function useMergedContacts(survivorId: number | null) {
  return useSWR(survivorId !== null ? mergedContactsKey(survivorId) : null, ([, , id]) => fetchMergedContacts(id), {
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** Every answer of this tab (searches, scans, merged lists) is read again after a change. */
const revalidateDuplicates = () => mutate((key) => Array.isArray(key) && key[0] === 'duplicates');

/** After rows come and go: this tab's answers, and the Address Book tab's lists and counts of the book. */
async function revalidateAfterChange(addressBookId: number): Promise<void> {
  await Promise.all([revalidateDuplicates(), revalidateBook(addressBookId)]);
}

/** POST contacts/merge: the survivor as it is after the merge; the others are kept as deleted rows. */
export async function mergeContacts(addressBookId: number, body: MergeRequest): Promise<DuplicateContact> {
  const survivor = unwrap(await api.POST('/backend/api/v1/contacts/merge', { body }));
  await revalidateAfterChange(addressBookId);
  return survivor;
}

/** POST contacts/delete: the number deleted; they can be restored. */
export async function deleteContacts(addressBookId: number, contactIds: number[]): Promise<number> {
  const { count } = unwrap(await api.POST('/backend/api/v1/contacts/delete', { body: { contactIds } }));
  await revalidateAfterChange(addressBookId);
  return count;
}

/** POST contacts/restore: brings deleted or merged-away contacts back. */
export async function restoreContacts(addressBookId: number, contactIds: number[]): Promise<DuplicateContact[]> {
  const { data } = unwrap(await api.POST('/backend/api/v1/contacts/restore', { body: { contactIds } }));
  await revalidateAfterChange(addressBookId);
  return data;
}

/** PUT contacts: the changed rows, each with only its changed fields, saved together (Modify Confirm). */
export async function saveDuplicateRows(addressBookId: number, contacts: ContactChange[]): Promise<DuplicateContact[]> {
  const { data } = unwrap(await api.PUT('/backend/api/v1/contacts', { body: { contacts } }));
  // The book's lists take the saved rows as they are; a changed phone may move a row in or out of a search.
  await Promise.all([revalidateDuplicates(), mergeIntoLists(addressBookId, data)]);
  return data;
}
