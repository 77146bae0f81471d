import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { RecipientContact } from './messaging-types.ts';

/** POST contacts/lookup: the live contacts among those the address book handed over, in id order. */
export async function lookupContacts(contactIds: number[]): Promise<RecipientContact[]> {
  return unwrap(await api.POST('/backend/api/v1/contacts/lookup', { body: { contactIds } })).data;
}
