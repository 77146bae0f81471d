import { CONTACT_EDITABLE_FIELDS, type ContactEditableField } from '@job-casting/rules';
import type { Contact } from '../api/contacts-keys.ts';

/** The fields staff edit in the table and the dialogs: the server's list. */
export const EDITABLE_FIELDS = CONTACT_EDITABLE_FIELDS;
export type EditableField = ContactEditableField;
export type ContactEdits = Partial<Pick<Contact, EditableField>>;

/** One contact's unsaved edits (only the fields that differ from the server's row), and the version they were made on. */
export interface PendingEdit {
  /** The row's version when it was first edited: a save on it is refused if someone changed those fields since. */
  version: number;
  fields: ContactEdits;
}
/** Edits not yet saved, by contact id. */
export type PendingChanges = ReadonlyMap<number, PendingEdit>;

export const NO_CHANGES: PendingChanges = new Map();

/** A row of the body of PUT contacts. */
export type ContactSave = { id: number; version: number } & ContactEdits;

/** Records edits of one contact; a field edited back to the server's value is no change any more. */
export function addEdits(pending: PendingChanges, original: Contact, edits: ContactEdits): PendingChanges {
  const before = pending.get(original.id);
  const current: Record<string, unknown> = { ...before?.fields };
  for (const [field, value] of Object.entries(edits)) {
    if (value === undefined) continue;
    if (original[field as EditableField] === value) delete current[field];
    else current[field] = value;
  }
  const next = new Map(pending);
  if (Object.keys(current).length === 0) next.delete(original.id);
  else next.set(original.id, { version: before?.version ?? original.version, fields: current as ContactEdits });
  return next;
}

/** The body of PUT contacts. */
export function toSaveBody(pending: PendingChanges): ContactSave[] {
  return [...pending].map(([id, { version, fields }]) => ({ id, version, ...fields }));
}

/**
 * After a save: drops what was sent, keeping fields edited again while it was in flight; those are based on the
 * version the save made (`saved`, the rows it answered).
 */
export function settle(
  pending: PendingChanges,
  sent: readonly ContactSave[],
  saved: readonly Contact[],
): PendingChanges {
  const next = new Map(pending);
  const savedVersions = new Map(saved.map((contact) => [contact.id, contact.version]));
  for (const { id, version: _sentOn, ...fields } of sent) {
    const entry = next.get(id);
    if (!entry) continue;
    const current: Record<string, unknown> = { ...entry.fields };
    for (const [field, value] of Object.entries(fields)) if (current[field] === value) delete current[field];
    if (Object.keys(current).length === 0) next.delete(id);
    else next.set(id, { version: savedVersions.get(id) ?? entry.version, fields: current as ContactEdits });
  }
  return next;
}

/** The pending changes without those of these contacts (set aside when their save was refused as stale). */
export function withoutContacts(pending: PendingChanges, ids: readonly number[]): PendingChanges {
  const next = new Map(pending);
  for (const id of ids) next.delete(id);
  return next;
}

/** A row as the table shows it: the server's with the unsaved edits over it. */
export function withEdits(contact: Contact, pending: PendingChanges): Contact {
  const edits = pending.get(contact.id)?.fields;
  return edits ? { ...contact, ...edits } : contact;
}

/** Spec: a failed autosave retries with backoff: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
