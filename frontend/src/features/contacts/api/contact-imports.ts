import type { Schemas } from '@job-casting/contracts';
import { api, uploadFetch } from '../../../lib/api-client.ts';
import { unwrap } from '../../../lib/api-error.ts';

export type ImportPreview = Schemas['ContactImportPreviewDto'];
export type ImportJob = Schemas['ContactImportDto'];

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

/** POST contact-imports/{id}/start: the import joins the named book (created when new) and runs on the worker. */
export async function startContactImport(id: string, addressBook: string): Promise<ImportJob> {
  return unwrap(await api.POST('/backend/api/v1/contact-imports/{id}/start', { params: { path: { id } }, body: { addressBook } }));
}

/** GET contact-imports/{id}: progress, then the report. */
export async function fetchContactImport(id: string): Promise<ImportJob> {
  return unwrap(await api.GET('/backend/api/v1/contact-imports/{id}', { params: { path: { id } } }));
}
