import { createApiClient } from '@job-casting/contracts';
import { isTokenExpired } from './jwt.ts';
import { clearSession, readSession, STORAGE_KEYS, writeSession } from './storage.ts';
import { singleFlight } from './single-flight.ts';

/** Renew this long before expiry so that a call started now does not fail on the way. */
export const REFRESH_MARGIN_MS = 60_000;
export const SESSION_CHECK_INTERVAL_MS = 60_000;

// Renewal must not go through the main client: its 401 handling would call renewal again.
const authClient = createApiClient({ baseUrl: '' });

async function renew(): Promise<boolean> {
  const startedWith = localStorage.getItem(STORAGE_KEYS.refreshToken);
  if (!startedWith) return false;
  return withCrossTabLock(async () => {
    const { token, refreshToken } = readSession();
    // Another tab renewed while this one waited for the lock: its tokens are ours too.
    if (refreshToken !== startedWith) return !!token && !isTokenExpired(token, Date.now());
    try {
      const { data } = await authClient.POST('/backend/api/v1/auth/refresh-token', { body: { refreshToken } });
      if (!data) return false;
      writeSession(data);
      return true;
    } catch {
      return false;
    }
  });
}

/**
 * Tabs share one refresh token and each use rotates it, so two tabs renewing at once would look like token
 * theft to the server. The Web Locks API serialises them; without it, renewal runs unguarded.
 */
async function withCrossTabLock<T>(run: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return run();
  return navigator.locks.request('job-casting:session-refresh', run) as Promise<T>;
}

/** Renews the access token with the refresh token; concurrent callers share one renewal. */
export const refreshSession = singleFlight(renew);

export type SessionCheck = 'valid' | 'renewed' | 'expired' | 'none';

/** Renews a session whose access token has expired or is about to; 'expired' means it could not be renewed. */
export async function ensureFreshSession(now = Date.now()): Promise<SessionCheck> {
  const { token, user } = readSession();
  if (!token || !user) return 'none';
  if (!isTokenExpired(token, now, REFRESH_MARGIN_MS)) return 'valid';
  if (await refreshSession()) return 'renewed';
  // A token that is merely close to expiry still works; only a dead one ends the session.
  if (!isTokenExpired(token, Date.now())) return 'valid';
  clearSession();
  return 'expired';
}
