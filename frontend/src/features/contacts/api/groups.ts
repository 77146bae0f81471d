import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { groupsKey, revalidateBook, type GroupList } from './contacts-keys.ts';

async function fetchGroups(bookId: number): Promise<GroupList> {
  return unwrap(await api.GET('/backend/api/v1/address-books/{id}/groups', { params: { path: { id: bookId } } }));
}

/** The system groups and the book's groups, each with its count. */
export function useGroups(bookId: number | null) {
  return useSWR(bookId === null ? null : groupsKey(bookId), ([, , id]) => fetchGroups(id), {
    revalidateOnFocus: false,
  });
}

/** POST address-books/{id}/groups; 409 Group already exists. */
export async function createGroup(bookId: number, name: string) {
  const group = unwrap(
    await api.POST('/backend/api/v1/address-books/{id}/groups', { params: { path: { id: bookId } }, body: { name } }),
  );
  await revalidateBook(bookId);
  return group;
}

/** DELETE contact-groups/{id}; 409 Cannot delete group with N contact(s). */
export async function deleteGroup(bookId: number, groupId: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/contact-groups/{id}', { params: { path: { id: String(groupId) } } }));
  await revalidateBook(bookId);
}
