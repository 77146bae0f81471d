import { api } from '../../../lib/api-client.ts';
import { resetApiCache } from '../../../lib/api-cache.ts';
import { clearAllStorage, STORAGE_KEYS } from '../../../lib/storage.ts';

/** Ends the session on the server, then forgets everything stored in the browser, even if the server is unreachable. */
export async function logout(): Promise<void> {
  const refreshToken = localStorage.getItem(STORAGE_KEYS.refreshToken) ?? undefined;
  try {
    await api.POST('/backend/api/v1/auth/logout', { body: { refreshToken } });
  } catch {
    // Offline: the session ends on its own when its tokens expire.
  }
  clearAllStorage();
  await resetApiCache();
}
