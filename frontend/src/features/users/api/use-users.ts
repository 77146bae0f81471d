import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { USERS_PAGE_SIZE, usersKey } from './users-keys.ts';

export async function fetchUsers(page: number) {
  return unwrap(await api.GET('/backend/api/v1/users', { params: { query: { page, pageSize: USERS_PAGE_SIZE } } }));
}

/** One page of users; the previous page stays on screen while the next one loads. */
export function useUsers(page: number) {
  return useSWR(usersKey(page), ([, , pageNumber]) => fetchUsers(pageNumber), { keepPreviousData: true });
}
