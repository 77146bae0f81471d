import { useMemo, useSyncExternalStore } from 'react';
import { readStoredUser, STORAGE_KEYS, STORED_USER_CHANGED, type StoredUser } from './storage.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener(STORED_USER_CHANGED, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(STORED_USER_CHANGED, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The signed-in user as stored at sign-in, kept current when the profile changes (in any tab). */
export function useStoredUser(): StoredUser | null {
  // The raw string is a stable snapshot; parsing it on every read would make a new object each time.
  const raw = useSyncExternalStore(subscribe, () => localStorage.getItem(STORAGE_KEYS.user));
  return useMemo(() => (raw ? readStoredUser() : null), [raw]);
}
