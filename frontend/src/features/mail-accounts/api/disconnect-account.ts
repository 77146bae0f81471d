import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { revalidateMailAccounts } from './mail-accounts.ts';
import { clearSelectedMailAccount, readSelectedMailAccountId } from '../../../lib/storage.ts';

/** Revokes and removes the account; a stored selection of it is forgotten. */
export async function disconnectAccount(id: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/google-auth/accounts/{id}', { params: { path: { id } } }));
  if (readSelectedMailAccountId() === String(id)) clearSelectedMailAccount();
  await revalidateMailAccounts();
}
