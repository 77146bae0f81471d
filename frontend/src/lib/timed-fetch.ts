/** Spec §7 and §9: a call to our API that has no answer after 20 s is given up. */
export const API_TIMEOUT_MS = 20_000;
/** Uploads carry files (an address book of up to 64 MB, pictures): they are given longer than a call. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

/**
 * A fetch that gives up when no answer has come within `timeoutMs`: the call rejects with a TimeoutError, as a
 * call the caller aborts rejects with its AbortError.
 */
export function timedFetch(timeoutMs: number): (request: Request) => Promise<Response> {
  return async (request) => {
    const timeout = new AbortController();
    const timer = setTimeout(
      () => timeout.abort(new DOMException(`The server did not answer within ${timeoutMs / 1000} s.`, 'TimeoutError')),
      timeoutMs,
    );
    try {
      return await fetch(new Request(request, { signal: AbortSignal.any([request.signal, timeout.signal]) }));
    } finally {
      clearTimeout(timer);
    }
  };
}
