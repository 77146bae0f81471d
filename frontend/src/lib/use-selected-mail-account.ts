import { useSyncExternalStore } from 'react';
import { readSelectedMailAccountId, SELECTED_MAIL_ACCOUNT_CHANGED } from './storage.ts';

function subscribe(listener: () => void): () => void {
  window.addEventListener(SELECTED_MAIL_ACCOUNT_CHANGED, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(SELECTED_MAIL_ACCOUNT_CHANGED, listener);
    window.removeEventListener('storage', listener);
  };
}

/** The selected mail account's id, kept current when another screen (or tab) switches the account. */
export function useSelectedMailAccountId(): string | null {
  return useSyncExternalStore(subscribe, readSelectedMailAccountId);
}
