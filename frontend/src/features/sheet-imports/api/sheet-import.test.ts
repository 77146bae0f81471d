import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error.ts';

const GET = vi.fn();
vi.mock('../../../lib/api-client.ts', () => ({ api: { GET: (...args: unknown[]) => GET(...args) } }));
vi.mock('../../posts/api/posts-keys.ts', () => ({ revalidatePosts: vi.fn(async () => undefined) }));
const { runSheetImport } = await import('./sheet-import.ts');

const report = {
  total: 3,
  created: 2,
  updated: 0,
  unchanged: 0,
  rejected: [{ row: 4, reason: 'No post ID' }],
  unknownHeaders: [],
};
const reply = (status: number, data: unknown) => ({
  response: new Response(null, { status: status === 204 ? 204 : status }),
  ...(status < 400 ? { data } : { error: data }),
});
const request = { fileId: 'sheet-1', sheetName: '공고', accountId: 7 };
const later = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe('runSheetImport', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    GET.mockReset();
  });

  it('follows the job about twice a second while the request runs, a 404 counting as waiting', async () => {
    const statuses = [
      reply(404, { statusCode: 404, error: 'Not Found', message: 'x' }),
      reply(200, { state: 'active', progress: { done: 1, total: 3 } }),
    ];
    GET.mockImplementation((path: string, options: { params: { query?: { importId?: string } } }) => {
      if (path.includes('sheet-imports'))
        return Promise.resolve(statuses.shift() ?? reply(200, { state: 'completed', progress: { done: 3, total: 3 } }));
      expect(options.params.query?.importId).toMatch(/^[0-9a-f-]{36}$/);
      return later(
        1200,
        reply(200, { success: true, message: 'Posts loaded successfully from the sheet', importId: 'x', report }),
      );
    });
    const progress = vi.fn();
    const outcome = runSheetImport('posts', request, progress);
    await vi.advanceTimersByTimeAsync(1700);
    await expect(outcome).resolves.toEqual({ message: 'Posts loaded successfully from the sheet', report });
    expect(progress.mock.calls.map(([call]) => call.state)).toEqual(['waiting', 'active']);
    expect(GET.mock.calls[0][0]).toBe('/backend/api/v1/posts/{fileId}/{sheetName}/{accountId}');
  });

  it('after a 202 reads the outcome from sheet-imports until it completes', async () => {
    GET.mockImplementation((path: string) => {
      if (path.includes('sheet-imports'))
        return Promise.resolve(
          reply(200, { state: 'completed', progress: { done: 3, total: 3 }, report, error: null }),
        );
      return Promise.resolve(reply(202, { success: true, message: 'still running', importId: 'x', report: null }));
    });
    const outcome = runSheetImport('models', request, vi.fn());
    await vi.advanceTimersByTimeAsync(600);
    await expect(outcome).resolves.toEqual({ message: 'Models loaded successfully from the sheet', report });
    expect(GET.mock.calls[0][0]).toBe('/backend/api/v1/sheets/{fileId}/{sheetName}/{accountId}');
  });

  it('a failed job is an ApiError with its message', async () => {
    GET.mockImplementation((path: string) => {
      if (path.includes('sheet-imports')) {
        return Promise.resolve(
          reply(200, {
            state: 'failed',
            progress: null,
            report: null,
            error: { statusCode: 400, message: 'No sheet named 공고' },
          }),
        );
      }
      return Promise.resolve(reply(202, { success: true, message: 'still running', importId: 'x', report: null }));
    });
    const outcome = runSheetImport('posts', request, vi.fn());
    const failure = expect(outcome).rejects.toMatchObject({ status: 400, message: 'No sheet named 공고' });
    await vi.advanceTimersByTimeAsync(600);
    await failure;
  });

  it('a refused request is an ApiError with the server message', async () => {
    GET.mockImplementation((path: string) =>
      Promise.resolve(
        path.includes('sheet-imports')
          ? reply(404, {})
          : reply(400, { statusCode: 400, error: 'Bad Request', message: 'Please enter the sheet name.' }),
      ),
    );
    const outcome = runSheetImport('posts', request, vi.fn());
    const failure = expect(outcome).rejects.toBeInstanceOf(ApiError);
    await vi.advanceTimersByTimeAsync(600);
    await failure;
  });
});
