// What the messaging journeys share: the Aligo sandbox the journeys' back end sends through, the office sender
// number, fresh phone numbers per run, a seeded address book and the message editor.
import type { Schemas } from '@job-casting/contracts';
import type { Page } from '@playwright/test';
import { api, sandboxControl } from './support.ts';
import { stackEnv } from './stack.ts';

export const sandboxUrl = stackEnv('E2E_ALIGO_SANDBOX_URL');
/** The sandbox account's key and registered sender numbers (infra/sandbox/aligo/README.md). */
export const SANDBOX_KEY = 'jcsandbox7k2m9q4w8e1r5t3y6u0i2o4p';
export const OFFICE = { phone: '01098765432', shown: '010-9876-5432', name: '사무실' };

export interface SandboxMessage {
  receiver: string;
  sender: string;
  text: string;
  type: string;
  status: string;
  images: unknown[];
}

/** A call to the sandbox's control API (/sandbox/...). */
export const sandbox = sandboxControl(sandboxUrl);

export async function receivedBy(phone: string): Promise<SandboxMessage[]> {
  return (await sandbox<{ messages: SandboxMessage[] }>('GET', `/sandbox/messages?receiver=${phone}`)).messages;
}

export const bearer = (token: string) => ({ headers: { Authorization: `Bearer ${token}` } });

/**
 * Mobile numbers no other journey messages: `0107…` or another prefix per file, counting on from this run's clock,
 * so that the sandbox's record of one run's numbers never holds another's.
 */
export function phoneNumbers(prefix: string): () => string {
  let sequence = Date.now() % 1_000_000;
  return () => `${prefix}${String(++sequence % 10_000_000).padStart(7, '0')}`;
}

export const hyphenated = (digits: string) => `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`;

/** The office number registered with the sandbox's key and made the default. */
export async function officeSender(token: string): Promise<void> {
  const { data } = await api.GET('/backend/api/v1/user-phone-numbers', bearer(token));
  let office = data?.find((entry) => entry.phone === OFFICE.phone);
  if (!office) {
    const created = await api.POST('/backend/api/v1/user-phone-numbers', {
      ...bearer(token),
      body: { phone: OFFICE.phone, name: OFFICE.name, apiKey: SANDBOX_KEY },
    });
    if (!created.data) throw new Error(`registering the sender failed: ${JSON.stringify(created.error)}`);
    office = created.data;
  }
  if (!office.isSelected)
    await api.PUT('/backend/api/v1/user-phone-numbers/{id}', {
      ...bearer(token),
      params: { path: { id: office.id } },
      body: { isDefault: true },
    });
}

/** A new address book of these contacts, named after `label` and the time. */
export async function seedBook(
  token: string,
  contacts: Schemas['BulkContactDto'][],
  label = 'messaging',
): Promise<{ name: string; contacts: Schemas['ContactDto'][] }> {
  const name = `E2E ${label} ${Date.now().toString(36)}`;
  const { data, error } = await api.POST('/backend/api/v1/contact-list/bulk', {
    ...bearer(token),
    body: { addressBook: name, contacts },
  });
  if (!data) throw new Error(`seeding ${name} failed: ${JSON.stringify(error)}`);
  const list = await api.GET('/backend/api/v1/address-books/{id}/contacts', {
    ...bearer(token),
    params: { path: { id: data.addressBookId } },
  });
  return { name, contacts: list.data?.data ?? [] };
}

/** The message sender's text area. */
export const editor = (page: Page) => page.getByRole('textbox', { name: 'Message', exact: true });
