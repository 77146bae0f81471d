import type { Schemas } from '@job-casting/contracts';
import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type SpreadsheetTab = Schemas['SpreadsheetTabDto'];

export const SPREADSHEET_MIME_TYPE = 'application/vnd.google-apps.spreadsheet';

/** GET google-auth/spreadsheets/{accountId}/{spreadsheetId}/tabs: the tab titles, in the spreadsheet's order. */
export async function fetchSpreadsheetTabs(accountId: number, spreadsheetId: string): Promise<SpreadsheetTab[]> {
  return unwrap(
    await api.GET('/backend/api/v1/google-auth/spreadsheets/{accountId}/{spreadsheetId}/tabs', {
      params: { path: { accountId, spreadsheetId } },
    }),
  );
}

/** The tabs of the chosen spreadsheet; null waits (no spreadsheet chosen yet). */
export function useSpreadsheetTabs(accountId: number, spreadsheetId: string | null) {
  return useSWR(
    spreadsheetId === null ? null : (['spreadsheet-tabs', accountId, spreadsheetId] as const),
    ([, account, id]) => fetchSpreadsheetTabs(account, id),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}
