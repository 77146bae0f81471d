import type { Schemas } from '@job-casting/contracts';
import { api } from '../../../lib/api-client.ts';
import { ApiError, unwrap } from '../../../lib/api-error.ts';
import { randomUuid } from '../../../lib/uuid.ts';
import { revalidatePosts } from '../../posts/index.ts';

export type ImportKind = 'posts' | 'models';
export type ImportReport = Schemas['SheetImportReportDto'];
export type ImportStatus = Schemas['SheetImportStatusDto'];
export type ImportProgress = Pick<ImportStatus, 'state' | 'progress'>;

export interface ImportResult {
  message: string;
  report: ImportReport;
}

export interface SheetImportRequest {
  fileId: string;
  sheetName: string;
  accountId: number;
}

/** Spec: the client follows a running import about twice a second. */
export const POLL_INTERVAL_MS = 500;

const LOADED: Record<ImportKind, string> = {
  posts: 'Posts loaded successfully from the sheet',
  models: 'Models loaded successfully from the sheet',
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where the import stands; null until the job exists (404). */
async function fetchStatus(importId: string): Promise<ImportStatus | null> {
  const result = await api.GET('/backend/api/v1/sheet-imports/{importId}', { params: { path: { importId } } });
  if (result.response.status === 404) return null;
  return unwrap(result);
}

function startImport(kind: ImportKind, { fileId, sheetName, accountId }: SheetImportRequest, importId: string) {
  const params = { path: { fileId, sheetName, accountId }, query: { importId } };
  return kind === 'posts'
    ? api.GET('/backend/api/v1/posts/{fileId}/{sheetName}/{accountId}', { params })
    : api.GET('/backend/api/v1/sheets/{fileId}/{sheetName}/{accountId}', { params });
}

/**
 * Loads a sheet (GET posts/… or sheets/… with an importId the client chose) and reports the job's progress while it
 * runs. A 202 means the import goes on after the request: the outcome is then read from sheet-imports/{importId}.
 * Throws ApiError with the server's message when the import fails.
 */
export async function runSheetImport(
  kind: ImportKind,
  request: SheetImportRequest,
  onProgress: (progress: ImportProgress) => void,
): Promise<ImportResult> {
  const importId = randomUuid();
  let finished = false;
  // The poller stops at its next turn once the outcome is known; nobody waits for it.
  void (async () => {
    while (!finished) {
      await wait(POLL_INTERVAL_MS);
      if (finished) break;
      try {
        const status = await fetchStatus(importId);
        if (!finished) onProgress(status ?? { state: 'waiting', progress: null });
      } catch {
        // A missed poll is not a failed import; the next one tells.
      }
    }
  })();

  try {
    const answer = await startImport(kind, request, importId);
    const body = unwrap(answer);
    if (answer.response.status !== 202 && body.report) {
      if (kind === 'posts') void revalidatePosts();
      return { message: body.message, report: body.report };
    }
    // Still running: follow it to the end.
    for (;;) {
      await wait(POLL_INTERVAL_MS);
      const status = await fetchStatus(importId);
      if (!status) continue;
      onProgress(status);
      if (status.state === 'failed') {
        throw new ApiError(status.error?.statusCode ?? 500, {
          statusCode: status.error?.statusCode ?? 500,
          error: 'Import failed',
          message: status.error?.message ?? '',
        });
      }
      if (status.state === 'completed' && status.report) {
        if (kind === 'posts') void revalidatePosts();
        return { message: LOADED[kind], report: status.report };
      }
    }
  } finally {
    finished = true;
  }
}
