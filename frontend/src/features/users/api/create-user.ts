import type { Schemas } from '@job-casting/contracts';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { revalidateUsers } from './users-keys.ts';

export async function createUser(body: Schemas['CreateUserDto']): Promise<Schemas['UserDto']> {
  const user = unwrap(await api.POST('/backend/api/v1/users', { body }));
  await revalidateUsers();
  return user;
}
