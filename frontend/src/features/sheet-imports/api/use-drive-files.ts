import type { Schemas } from '@job-casting/contracts';
import useSWR from 'swr';
import { api } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type DriveFile = Schemas['DriveFileDto'];

export const FOLDER_MIME_TYPE = 'application/vnd.google-apps.folder';

export async function fetchDriveFiles(
  accountId: number,
  folderId: string | null,
  search: string,
): Promise<DriveFile[]> {
  const query = { ...(folderId && { folderId }), ...(search && { search }) };
  return unwrap(
    await api.GET('/backend/api/v1/google-auth/files/{accountId}', { params: { path: { accountId }, query } }),
  );
}

/** A folder of the account's Drive (My Drive when folderId is null), or files found by name; null account waits. */
export function useDriveFiles(accountId: number | null, folderId: string | null, search: string) {
  return useSWR(
    accountId === null ? null : (['drive', accountId, folderId, search] as const),
    ([, id, folder, text]) => fetchDriveFiles(id, folder, text),
    { revalidateOnFocus: false, keepPreviousData: false },
  );
}
