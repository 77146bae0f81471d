import { useCallback, useEffect, useRef, useState } from 'react';
import { staleRecordsOf } from '../../../lib/stale-save.ts';
import { saveContacts } from '../api/contacts.ts';
import { mergeIntoLists, type Contact } from '../api/contacts-keys.ts';
import { contactToast, reasonOf } from './contact-toast.ts';
import { fieldLabel } from './contact-fields.ts';
import { nameOf } from './contact-row.tsx';
import {
  addEdits,
  NO_CHANGES,
  retryDelay,
  settle,
  toSaveBody,
  withoutContacts,
  type ContactEdits,
  type PendingChanges,
} from './pending-changes.ts';

/** An edit refused because someone else changed the contact meanwhile: the row as it is now, and the edit kept to re-apply. */
export interface RefusedEdit<Edits = ContactEdits> {
  contact: Contact;
  /** The fields changed meanwhile. */
  conflictingFields: string[];
  edits: Edits;
}

export interface ContactEditsState {
  pending: PendingChanges;
  isSaving: boolean;
  /** Edits refused as stale, waiting to be re-applied or discarded. */
  refused: readonly RefusedEdit[];
  /** Records an edit; with autosave on it is saved at once. */
  edit: (original: Contact, edits: ContactEdits) => void;
  /** Saves every unsaved edit (the Save button); true when nothing is left unsaved. */
  save: () => Promise<boolean>;
  /** Forgets the unsaved edits (a book switch after the warning). */
  discard: () => void;
  /** Makes a refused edit again over the contact as it is now (saved on its current version). */
  reapply: (contactId: number) => void;
  /** Drops a refused edit. */
  dismiss: (contactId: number) => void;
}

/** What the table says when a save was refused because the contacts changed meanwhile. */
export function refusedMessage(refused: readonly RefusedEdit<object>[]): string {
  const named = refused.map(
    ({ contact, conflictingFields }) => `${nameOf(contact)} (${conflictingFields.map(fieldLabel).join(', ')})`,
  );
  const rows = refused.length === 1 ? 'The row shows' : 'The rows show';
  return `An error occurred while saving: someone else changed ${named.join(', ')} meanwhile. ${rows} the saved values; your edit is kept to re-apply.`;
}

/**
 * The table's edits. Autosave on: each edit goes to PUT contacts at once; a failure shows an error toast and is
 * retried with backoff, the edits staying on screen meanwhile. Autosave off: edits wait for Save. Each save names
 * the version each row was edited on: a row someone else changed meanwhile is refused, shown as it is now, and its
 * edit set aside to re-apply; the other rows go again at once.
 */
export function useContactEdits(bookId: number | null, autosave: boolean): ContactEditsState {
  const [pending, setPending] = useState<PendingChanges>(NO_CHANGES);
  const [refused, setRefused] = useState<readonly RefusedEdit[]>([]);
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

  const setAside = useCallback(
    async (stale: readonly { id: number; conflictingFields: string[]; current: Contact }[]) => {
      const kept = stale.map(({ id, conflictingFields, current }) => ({
        contact: current,
        conflictingFields,
        edits: pendingRef.current.get(id)?.fields ?? {},
      }));
      const ids = stale.map((row) => row.id);
      update((current) => withoutContacts(current, ids));
      setRefused((current) => [...current.filter((item) => !ids.includes(item.contact.id)), ...kept]);
      if (bookId !== null)
        await mergeIntoLists(
          bookId,
          kept.map((item) => item.contact),
        );
      contactToast.error(refusedMessage(kept));
    },
    [bookId, update],
  );

  const flush = useCallback(async (): Promise<boolean> => {
    if (bookId === null || inFlight.current) return pendingRef.current.size === 0;
    if (pendingRef.current.size === 0) return true;
    inFlight.current = true;
    setSaving(true);
    let anyRefused = false;
    try {
      // Until saved: a save refused as stale sets those rows aside, and the rest (none of it saved) goes again.
      for (;;) {
        const body = toSaveBody(pendingRef.current);
        if (body.length === 0) return !anyRefused;
        try {
          const saved = await saveContacts(bookId, body);
          attempts.current = 0;
          update((current) => settle(current, body, saved));
          return !anyRefused && pendingRef.current.size === 0;
        } catch (failure) {
          const stale = staleRecordsOf<Contact>(failure);
          if (!stale) throw failure;
          anyRefused = true;
          await setAside(stale);
        }
      }
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
  }, [bookId, update, setAside]);

  // Autosave: whenever edits wait and nothing is in flight or waiting to retry, send them.
  useEffect(() => {
    if (!autosave || pending.size === 0 || isSaving || retryTimer.current) return;
    void flush();
  }, [autosave, pending, isSaving, flush, retries]);

  useEffect(() => () => clearTimeout(retryTimer.current), []);

  const edit = useCallback(
    (original: Contact, edits: ContactEdits) => update((current) => addEdits(current, original, edits)),
    [update],
  );
  const dismiss = useCallback(
    (contactId: number) => setRefused((current) => current.filter((item) => item.contact.id !== contactId)),
    [],
  );
  const reapply = useCallback(
    (contactId: number) => {
      const item = refused.find((candidate) => candidate.contact.id === contactId);
      if (!item) return;
      dismiss(contactId);
      edit(item.contact, item.edits);
    },
    [refused, dismiss, edit],
  );
  const discard = useCallback(() => {
    clearTimeout(retryTimer.current);
    retryTimer.current = undefined;
    attempts.current = 0;
    update(() => NO_CHANGES);
    setRefused([]);
  }, [update]);

  return { pending, isSaving, refused, edit, save: flush, discard, reapply, dismiss };
}
