import { randomUuid } from './uuid.ts';

/**
 * Idempotency keys for a form that sends, one per request the user means: the same request again (a retry after
 * an error or a lost answer) keeps its key, so the server sends it once; another request, or any request after a
 * success, gets a new key (the server refuses a key reused for another request).
 */
export function idempotencyKeys() {
  let last: { request: string; key: string } | null = null;
  return {
    keyFor(request: unknown): string {
      const serialised = JSON.stringify(request);
      if (last?.request !== serialised) last = { request: serialised, key: randomUuid() };
      return last.key;
    },
    /** The request went through: the next one is another, even if it looks the same. */
    succeeded(): void {
      last = null;
    },
  };
}
