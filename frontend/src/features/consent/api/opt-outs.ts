import type { Schemas } from '@job-casting/contracts';
import useSWR, { mutate } from 'swr';
import { api, uploadFetch } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type OptOut = Schemas['OptOutDto'];
export type OptOutBatchResult = Schemas['OptOutBatchResultDto'];
export type ExpiringConsent = Schemas['ExpiringConsentDto'];
export type OptOutChannel = Schemas['CreateOptOutDto']['channel'];
export type OptOutSource = Schemas['CreateOptOutDto']['source'];

export interface OptOutsQuery {
  page: number;
  pageSize: number;
  /** A phone number in any written form, or an e-mail address. */
  address?: string;
  /** Only those in force, or only the withdrawn ones; both when absent. */
  active?: 'true' | 'false';
}

/** GET opt-outs: the register, newest first. */
export function useOptOuts(query: OptOutsQuery) {
  return useSWR(
    ['consent', 'opt-outs', query] as const,
    async ([, , { page, pageSize, address, active }]) =>
      unwrap(
        await api.GET('/backend/api/v1/opt-outs', {
          params: { query: { page, pageSize, ...(address ? { address } : {}), ...(active ? { active } : {}) } },
        }),
      ),
    { keepPreviousData: true },
  );
}

/** GET contacts/consent-expiring: advertising consent older than two years, oldest first. */
export function useExpiringConsent(page: number, pageSize: number) {
  return useSWR(['consent', 'expiring', page, pageSize] as const, async ([, , page, pageSize]) =>
    unwrap(await api.GET('/backend/api/v1/contacts/consent-expiring', { params: { query: { page, pageSize } } })),
  );
}

const revalidateRegister = () => mutate((key) => Array.isArray(key) && key[0] === 'consent');

export async function recordOptOut(body: Schemas['CreateOptOutDto']): Promise<OptOut> {
  const optOut = unwrap(await api.POST('/backend/api/v1/opt-outs', { body }));
  await revalidateRegister();
  return optOut;
}

/** POST opt-outs/bulk: one address a line. */
export async function recordOptOutList(body: Schemas['BulkOptOutDto']): Promise<OptOutBatchResult> {
  const result = unwrap(await api.POST('/backend/api/v1/opt-outs/bulk', { body }));
  await revalidateRegister();
  return result;
}

/** POST opt-out-imports: the file as saved; with `dryRun` only read and counted, nothing recorded. */
export async function importOptOutCsv(
  file: File,
  channel: OptOutChannel,
  source: OptOutSource,
  dryRun: boolean,
): Promise<OptOutBatchResult> {
  const result = unwrap(
    await api.POST('/backend/api/v1/opt-out-imports', {
      params: { query: { channel, source, ...(dryRun ? { dryRun: 'true' as const } : {}) } },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': 'text/csv' },
      fetch: uploadFetch,
    }),
  );
  if (!dryRun) await revalidateRegister();
  return result;
}

/** POST opt-outs/{id}/withdraw: it stops nothing from now on, and stays in the register. */
export async function withdrawOptOut(id: number, note: string): Promise<OptOut> {
  const optOut = unwrap(
    await api.POST('/backend/api/v1/opt-outs/{id}/withdraw', { params: { path: { id } }, body: note ? { note } : {} }),
  );
  await revalidateRegister();
  return optOut;
}

export type OutreachHistory = Schemas['OutreachHistoryDto'];
export type OutreachEntry = Schemas['OutreachEntryDto'];

/** GET outreach-history: what was sent to a number or an address, its opt-outs and its contacts' consent. */
export function useOutreachHistory(address: string | null, page: number, pageSize: number) {
  return useSWR(
    address ? (['consent', 'outreach', address, page, pageSize] as const) : null,
    async ([, , address, page, pageSize]) =>
      unwrap(await api.GET('/backend/api/v1/outreach-history', { params: { query: { address, page, pageSize } } })),
    { keepPreviousData: true },
  );
}

/** PUT contacts/{id}/consent: given or refused, on a Korean day (today when absent), and how. */
export async function recordConsent(
  contactId: number,
  given: boolean,
  source: string,
  consentedOn?: string,
): Promise<void> {
  unwrap(
    await api.PUT('/backend/api/v1/contacts/{id}/consent', {
      params: { path: { id: contactId } },
      body: { given, source, ...(consentedOn ? { consentedOn } : {}) },
    }),
  );
  await revalidateRegister();
}
