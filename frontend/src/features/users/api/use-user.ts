import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { userKey } from './users-keys.ts';

export async function fetchUser(id: number) {
  return unwrap(await api.GET('/backend/api/v1/users/{id}', { params: { path: { id } } }));
}

/** One user; pass null to wait (e.g. before the signed-in user is known). */
export function useUser(id: number | null) {
  return useSWR(id === null ? null : userKey(id), ([, , userId]) => fetchUser(userId), {
    // A form is being filled from this: refetching on focus would overwrite what the user typed.
    revalidateOnFocus: false,
  });
}
