import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '@job-casting/contracts';
import { API_TIMEOUT_MS, timedFetch } from './timed-fetch.ts';

/** A server that never answers: the call ends only when it is aborted. */
const silentServer = vi.fn(
  (request: Request) =>
    new Promise<Response>((_resolve, reject) => {
      request.signal.addEventListener('abort', () => reject(request.signal.reason));
    }),
);

describe('timedFetch', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', silentServer);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('gives up a call that has no answer after 20 s (spec §7, §9)', async () => {
    // The app's client, at an address Node can resolve.
    const api = createApiClient({ baseUrl: 'http://api.test', fetch: timedFetch(API_TIMEOUT_MS) });
    const call = api.GET('/backend/api/v1/users', {});
    const outcome = vi.fn();
    call.then(outcome, outcome);
    await vi.advanceTimersByTimeAsync(19_999);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome).toHaveBeenCalledWith(
      expect.objectContaining({ name: 'TimeoutError', message: 'The server did not answer within 20 s.' }),
    );
  });
});
