import { createApiClient } from '@job-casting/contracts';
import { createAuthMiddleware } from './auth-middleware.ts';
import { refreshSession } from './session.ts';
import { clearSession, STORAGE_KEYS } from './storage.ts';
import { API_TIMEOUT_MS, timedFetch, UPLOAD_TIMEOUT_MS } from './timed-fetch.ts';

let sessionExpiredHandler: () => void = () => {};

/** The app decides where an expired session leads (the router is not reachable from here). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** The one client for our API; paths are the contract's full paths. A call without an answer ends after 20 s. */
export const api = createApiClient({ baseUrl: '', fetch: timedFetch(API_TIMEOUT_MS) });

/** The fetch of an upload (`{ fetch: uploadFetch }` on the call): files take longer than the client's 20 s. */
export const uploadFetch = timedFetch(UPLOAD_TIMEOUT_MS);

api.use(
  createAuthMiddleware({
    getToken: () => localStorage.getItem(STORAGE_KEYS.token),
    refresh: refreshSession,
    onSessionExpired: () => {
      clearSession();
      sessionExpiredHandler();
    },
  }),
);
