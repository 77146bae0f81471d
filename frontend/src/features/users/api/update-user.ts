import type { Schemas } from '@job-casting/contracts';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { readStoredUser, writeStoredUser } from '../../../lib/storage.ts';
import { revalidateUsers } from './users-keys.ts';

/** Saves a user; when it is the signed-in one, the stored copy (name, role in the menu) follows. */
export async function updateUser(id: number, body: Schemas['UpdateUserDto']): Promise<Schemas['UserDto']> {
  const user = unwrap(await api.PUT('/backend/api/v1/users/{id}', { params: { path: { id } }, body }));
  if (readStoredUser()?.id === user.id) writeStoredUser(user);
  await revalidateUsers();
  return user;
}
