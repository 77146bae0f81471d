import { createApiClient } from '@job-casting/contracts';
import { createAuthMiddleware } from './auth-middleware.ts';
import { refreshSession } from './session.ts';
import { clearSession, STORAGE_KEYS } from './storage.ts';

let sessionExpiredHandler: () => void = () => {};

/** The app decides where an expired session leads (the router is not reachable from here). */
export function onSessionExpired(handler: () => void): void {
  sessionExpiredHandler = handler;
}

/** The one client for our API; paths are the contract's full paths. */
export const api = createApiClient({ baseUrl: '' });

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
