import { useCallback, useEffect, useRef, useState } from 'react';
import { saveContacts } from '../api/contacts.ts';
import type { Contact } from '../api/contacts-keys.ts';
import { contactToast, reasonOf } from './contact-toast.ts';
import { addEdits, NO_CHANGES, retryDelay, settle, toSaveBody, type ContactEdits, type PendingChanges } from './pending-changes.ts';

export interface ContactEditsState {
  pending: PendingChanges;
  isSaving: boolean;
  /** Records an edit; with autosave on it is saved at once. */
  edit: (original: Contact, edits: ContactEdits) => void;
  /** Saves every unsaved edit (the Save button); true when nothing is left unsaved. */
  save: () => Promise<boolean>;
  /** Forgets the unsaved edits (a book switch after the warning). */
  discard: () => void;
}

/**
 * The table's edits. Autosave on: each edit goes to PUT contacts at once; a failure shows an error toast and is
 * retried with backoff, the edits staying on screen meanwhile. Autosave off: edits wait for Save.
 */
export function useContactEdits(bookId: number | null, autosave: boolean): ContactEditsState {
  const [pending, setPending] = useState<PendingChanges>(NO_CHANGES);
  const [isSaving, setSaving] = useState(false);
  const [retries, setRetries] = useState(0);
  const pendingRef = useRef(pending);
  const autosaveRef = useRef(autosave);
  useEffect(() => {
    autosaveRef.current = autosave;
  }, [autosave]);
  const inFlight = useRef(false);
  const attempts = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const update = useCallback((next: (current: PendingChanges) => PendingChanges) => {
    pendingRef.current = next(pendingRef.current);
    setPending(pendingRef.current);
  }, []);

  const flush = useCallback(async (): Promise<boolean> => {
    if (bookId === null || inFlight.current) return pendingRef.current.size === 0;
    const body = toSaveBody(pendingRef.current);
    if (body.length === 0) return true;
    inFlight.current = true;
    setSaving(true);
    try {
      await saveContacts(bookId, body);
      attempts.current = 0;
      update((current) => settle(current, body));
      return pendingRef.current.size === 0;
    } catch (failure) {
      attempts.current += 1;
      contactToast.error(`An error occurred while saving: ${reasonOf(failure)}`);
      if (autosaveRef.current) {
        retryTimer.current = setTimeout(() => {
          retryTimer.current = undefined;
          setRetries((count) => count + 1);
        }, retryDelay(attempts.current));
      }
      return false;
    } finally {
      inFlight.current = false;
      setSaving(false);
    }
  }, [bookId, update]);

  // Autosave: whenever edits wait and nothing is in flight or waiting to retry, send them.
  useEffect(() => {
    if (!autosave || pending.size === 0 || isSaving || retryTimer.current) return;
    void flush();
  }, [autosave, pending, isSaving, flush, retries]);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const edit = useCallback((original: Contact, edits: ContactEdits) => update((current) => addEdits(current, original, edits)), [update]);
  const discard = useCallback(() => {
    clearTimeout(retryTimer.current);
    retryTimer.current = undefined;
    attempts.current = 0;
    update(() => NO_CHANGES);
  }, [update]);

  return { pending, isSaving, edit, save: flush, discard };
}
