import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { revalidateUsers } from './users-keys.ts';

export async function deleteUser(id: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/users/{id}', { params: { path: { id } } }));
  await revalidateUsers();
}
