import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { mailAccountsKey, type MailAccount } from './mail-accounts.ts';
import useSWR from 'swr';

export async function fetchMailAccounts(): Promise<MailAccount[]> {
  return unwrap(await api.GET('/backend/api/v1/google-auth/accounts'));
}

/** The connected accounts (GET google-auth/accounts). */
export function useMailAccounts() {
  return useSWR(mailAccountsKey, fetchMailAccounts);
}
