import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { addressBooksKey, type AddressBook } from './contacts-keys.ts';
import { mutate } from 'swr';

async function fetchAddressBooks(): Promise<AddressBook[]> {
  return unwrap(await api.GET('/backend/api/v1/address-book')).addressBooks;
}

/** GET address-book: every book with its number of contacts. */
export function useAddressBooks() {
  return useSWR(addressBooksKey, fetchAddressBooks, { revalidateOnFocus: false });
}

/** POST address-books; 409 Address book already exists. */
export async function createAddressBook(name: string): Promise<AddressBook> {
  const book = unwrap(await api.POST('/backend/api/v1/address-books', { body: { name } }));
  await mutate(addressBooksKey);
  return book;
}
