import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import type { SenderNumber } from './messaging-types.ts';

export const senderNumbersKey = ['messaging', 'sender-numbers'] as const;

async function fetchSenderNumbers(): Promise<SenderNumber[]> {
  return unwrap(await api.GET('/backend/api/v1/user-phone-numbers'));
}

/** GET user-phone-numbers: the staff member's sender numbers; the default one isSelected. */
export function useSenderNumbers() {
  return useSWR(senderNumbersKey, fetchSenderNumbers, { revalidateOnFocus: false });
}

const revalidateSenderNumbers = () => mutate(senderNumbersKey);

/** POST user-phone-numbers; 400 when a field is missing or ten are registered, 409 when the number is. */
export async function createSenderNumber(body: Schemas['CreateSenderNumberDto']): Promise<SenderNumber> {
  const entry = unwrap(await api.POST('/backend/api/v1/user-phone-numbers', { body }));
  await revalidateSenderNumbers();
  return entry;
}

/** PUT user-phone-numbers/{id} {isDefault: true}: the others stop being the default, hence the reload. */
export async function setDefaultSenderNumber(id: number): Promise<SenderNumber> {
  const entry = unwrap(
    await api.PUT('/backend/api/v1/user-phone-numbers/{id}', { params: { path: { id } }, body: { isDefault: true } }),
  );
  await revalidateSenderNumbers();
  return entry;
}

/** DELETE user-phone-numbers/{id}; deleting the default hands it to the oldest number left. */
export async function deleteSenderNumber(id: number): Promise<void> {
  unwrap(await api.DELETE('/backend/api/v1/user-phone-numbers/{id}', { params: { path: { id } } }));
  await revalidateSenderNumbers();
}
