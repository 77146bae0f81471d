import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api } from './api-client.ts';
import { unwrap } from './api-error.ts';

/** Mail accounts as the API lists them; shared by the accounts page and the dashboard's switcher. */
export type MailAccount = Schemas['MailAccountDto'];

export const mailAccountsKey = ['mail-accounts', 'list'] as const;
export const senderAccountsKey = ['mail-accounts', 'senders'] as const;

/** After a change to accounts, both lists are fetched again. */
export function revalidateMailAccounts(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'mail-accounts');
}

export async function fetchSenderAccounts(): Promise<MailAccount[]> {
  return unwrap(await api.GET('/backend/api/v1/user-email'));
}

/** The sender accounts (GET user-email) for the account switchers. */
export function useSenderAccounts() {
  return useSWR(senderAccountsKey, fetchSenderAccounts);
}

/** Leaves the app for Google's consent page (spec §4: the browser navigates to the authorisation URL). */
export function goToAuthorisation(authUrl: string): void {
  window.location.assign(authUrl);
}

/** Asks for a new consent for an account Google no longer accepts, then goes to it. */
export async function startReauthentication(id: number): Promise<void> {
  const { authUrl } = unwrap(await api.GET('/backend/api/v1/google-auth/reauthenticate/{id}', { params: { path: { id } } }));
  goToAuthorisation(authUrl);
}
