import type { Contact } from '../api/contacts-keys.ts';

/** The fields staff edit in the table and the dialogs. */
export const EDITABLE_FIELDS = [
  'contactName',
  'phoneNumber',
  'email',
  'definition1',
  'definition2',
  'definition3',
  'memo',
  'startStatus',
  'completionStatus',
  'checklistConfirm',
  'chatWindowName',
  'kakaoTalk',
  'modifyChat',
  'groupId',
] as const;

export type EditableField = (typeof EDITABLE_FIELDS)[number];
export type ContactEdits = Partial<Pick<Contact, EditableField>>;
/** Edits not yet saved, by contact id; each holds only the fields that differ from the server's row. */
export type PendingChanges = ReadonlyMap<number, ContactEdits>;

export const NO_CHANGES: PendingChanges = new Map();

/** Records edits of one contact; a field edited back to the server's value is no change any more. */
export function addEdits(pending: PendingChanges, original: Contact, edits: ContactEdits): PendingChanges {
  const current: Record<string, unknown> = { ...pending.get(original.id) };
  for (const [field, value] of Object.entries(edits)) {
    if (value === undefined) continue;
    if (original[field as EditableField] === value) delete current[field];
    else current[field] = value;
  }
  const next = new Map(pending);
  if (Object.keys(current).length === 0) next.delete(original.id);
  else next.set(original.id, current as ContactEdits);
  return next;
}

/** The body of PUT contacts. */
export function toSaveBody(pending: PendingChanges): ({ id: number } & ContactEdits)[] {
  return [...pending].map(([id, edits]) => ({ id, ...edits }));
}

/** After a save: drops what was sent, keeping fields edited again while it was in flight. */
export function settle(pending: PendingChanges, sent: readonly ({ id: number } & ContactEdits)[]): PendingChanges {
  const next = new Map(pending);
  for (const { id, ...fields } of sent) {
    const current: Record<string, unknown> = { ...next.get(id) };
    for (const [field, value] of Object.entries(fields)) if (current[field] === value) delete current[field];
    if (Object.keys(current).length === 0) next.delete(id);
    else next.set(id, current as ContactEdits);
  }
  return next;
}

/** A row as the table shows it: the server's with the unsaved edits over it. */
export function withEdits(contact: Contact, pending: PendingChanges): Contact {
  const edits = pending.get(contact.id);
  return edits ? { ...contact, ...edits } : contact;
}

/** Spec: a failed autosave retries with backoff: 1 s, 2 s, 4 s … at most 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
}
