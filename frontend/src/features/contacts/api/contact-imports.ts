import type { Schemas } from '@job-casting/contracts';
import useSWR from 'swr';
import { api, uploadFetch } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';
import { bookImportsKey } from './contacts-keys.ts';

export type ImportPreview = Schemas['ContactImportPreviewDto'];
export type ImportJob = Schemas['ContactImportDto'];
export type ImportMatches = Schemas['ContactImportMatchesDto'];
export type ImportMode = NonNullable<Schemas['StartContactImportDto']['mode']>;
export type BookImport = Schemas['BookImportDto'];
export type RevertReport = Schemas['ContactImportRevertReportDto'];

/** POST contact-imports?fileName=: the file's bytes as they are; the server reads the encoding and shows what it holds. */
export async function uploadContactCsv(file: File): Promise<ImportPreview> {
  return unwrap(
    await api.POST('/backend/api/v1/contact-imports', {
      params: { query: { fileName: file.name } },
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as Blob,
      headers: { 'Content-Type': 'text/csv' },
      fetch: uploadFetch,
    }),
  );
}

/** GET contact-imports/{id}/matches: the file's rows against the book named (new, matching its contacts by phone). */
export async function fetchImportMatches(id: string, addressBook: string): Promise<ImportMatches> {
  return unwrap(
    await api.GET('/backend/api/v1/contact-imports/{id}/matches', { params: { path: { id }, query: { addressBook } } }),
  );
}

/** POST contact-imports/{id}/start: the import joins the named book (created when new) and runs on the worker. */
export async function startContactImport(
  id: string,
  addressBook: string,
  mode: ImportMode = 'add',
): Promise<ImportJob> {
  return unwrap(
    await api.POST('/backend/api/v1/contact-imports/{id}/start', {
      params: { path: { id } },
      body: { addressBook, mode },
    }),
  );
}

/** GET contact-imports/{id}: progress, then the report. */
export async function fetchContactImport(id: string): Promise<ImportJob> {
  return unwrap(await api.GET('/backend/api/v1/contact-imports/{id}', { params: { path: { id } } }));
}

/** GET address-books/{addressBookId}/imports: the book's latest imports, while `bookId` is set. */
export function useBookImports(bookId: number | null) {
  return useSWR(
    bookId === null ? null : bookImportsKey(bookId),
    async () =>
      unwrap(
        await api.GET('/backend/api/v1/address-books/{addressBookId}/imports', {
          params: { path: { addressBookId: bookId! } },
        }),
      ).imports,
  );
}

/** POST …/imports/{importId}/revert: added contacts removed (restorable), updated ones given their old values. */
export async function revertImport(bookId: number, importId: string): Promise<RevertReport> {
  return unwrap(
    await api.POST('/backend/api/v1/address-books/{addressBookId}/imports/{importId}/revert', {
      params: { path: { addressBookId: bookId, importId } },
    }),
  );
}

/** POST …/imports/{importId}/restore: undoes the revert. */
export async function restoreImport(bookId: number, importId: string): Promise<RevertReport> {
  return unwrap(
    await api.POST('/backend/api/v1/address-books/{addressBookId}/imports/{importId}/restore', {
      params: { path: { addressBookId: bookId, importId } },
    }),
  );
}
