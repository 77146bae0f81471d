import type { Schemas } from '@job-casting/contracts';
import { CONTACT_TEXT_FIELD_NAMES, type ContactTextField, distinctValues, phoneDigits } from '@job-casting/rules';

// The merge's values are the server's (distinctValues); the tab's checks and messages are its own.
export { distinctValues } from '@job-casting/rules';

/** The rules of the Duplicate Check tab (spec §2, §5 Contacts "Duplicate search"), free of React and I/O. */

export type DuplicateContact = Schemas['ContactDto'];
export type ContactChange = Schemas['ContactChangeDto'];
export type MergeRequest = Schemas['MergeContactsDto'];

/** The texts of the tab, verbatim from spec §5 and §8. */
export const DUPLICATE_MESSAGES = {
  emptyPhone: 'Please enter a phone number to search.',
  noDefault: 'Please set a default value.',
  selectForDefault: 'Please select an item to set as default.',
  onlyOneDefault: 'Only one item can be set as default.',
  // The contact list's wording (spec §5) for the same action.
  nothingToDelete: 'No contacts were selected to delete',
  noData: 'No data to process.',
  // The server's wording when a merge has fewer than two contacts.
  nothingToMerge: 'Select at least two contacts of one phone number to merge.',
  noChanges: 'There are no changes to save.',
  unsavedEdits: 'Please save your changes with Modify Confirm first.',
  mergeFailed: 'An error occurred while merging data.',
  notFound: 'Contact not found',
  processingFailed: (reason: string) => `An error occurred while processing: ${reason}`,
  savingFailed: (reason: string) => `An error occurred while saving: ${reason}`,
} as const;

/** A rule's answer: what to do, or the message to show instead. */
export type Outcome<T> = { ok: true; value: T } | { ok: false; message: string };
const ok = <T>(value: T): Outcome<T> => ({ ok: true, value });
const refuse = <T>(message: string): Outcome<T> => ({ ok: false, message });

/** A phone typed into the search box is searchable when it has phone digits (the server's own refusal otherwise). */
export function checkSearchPhone(typed: string): Outcome<string> {
  const phone = typed.trim();
  return phoneDigits(phone) !== '' ? ok(phone) : refuse(DUPLICATE_MESSAGES.emptyPhone);
}

type MergeableField = 'email' | 'memo';

/** Which merge boxes can be ticked: each needs more than one distinct value among the results (spec §5). */
export function mergeAvailability(contacts: readonly Pick<DuplicateContact, MergeableField>[]): {
  emails: boolean;
  memos: boolean;
} {
  return { emails: distinctValues(contacts, 'email').length > 1, memos: distinctValues(contacts, 'memo').length > 1 };
}

/** Set as Default: exactly one selected row becomes the default. */
export function chooseDefault(selectedIds: Iterable<number>): Outcome<number> {
  const ids = [...new Set(selectedIds)];
  if (ids.length === 0) return refuse(DUPLICATE_MESSAGES.selectForDefault);
  if (ids.length > 1) return refuse(DUPLICATE_MESSAGES.onlyOneDefault);
  return ok(ids[0]);
}

export interface MergeChoices {
  mergeEmails: boolean;
  mergeMemos: boolean;
}

/**
 * Confirm: every result merges into the default. A box that cannot be ticked (one distinct value or fewer)
 * is sent as false whatever its state.
 */
export function buildMergeRequest(
  results: readonly DuplicateContact[],
  defaultId: number | null,
  choices: MergeChoices,
): Outcome<MergeRequest> {
  if (results.length === 0) return refuse(DUPLICATE_MESSAGES.noData);
  if (defaultId === null || !results.some((contact) => contact.id === defaultId))
    return refuse(DUPLICATE_MESSAGES.noDefault);
  if (results.length < 2) return refuse(DUPLICATE_MESSAGES.nothingToMerge);
  const available = mergeAvailability(results);
  return ok({
    survivorId: defaultId,
    contactIds: results.map((contact) => contact.id),
    mergeEmails: choices.mergeEmails && available.emails,
    mergeMemos: choices.mergeMemos && available.memos,
  });
}

/** Quick Process: the results merge into the first one, both boxes on when they can be. */
export function buildQuickProcess(results: readonly DuplicateContact[]): Outcome<MergeRequest> {
  if (results.length === 0) return refuse(DUPLICATE_MESSAGES.noData);
  return buildMergeRequest(results, results[0].id, { mergeEmails: true, mergeMemos: true });
}

/** Delete Selected needs a selection; only rows still shown count. */
export function checkDeletion(
  results: readonly DuplicateContact[],
  selectedIds: ReadonlySet<number>,
): Outcome<number[]> {
  const ids = results.filter((contact) => selectedIds.has(contact.id)).map((contact) => contact.id);
  return ids.length > 0 ? ok(ids) : refuse(DUPLICATE_MESSAGES.nothingToDelete);
}

/** The cells of the form that can be edited inline (Modify Confirm): the contact's text fields. */
export const EDITABLE_FIELDS = CONTACT_TEXT_FIELD_NAMES;
export type EditableField = ContactTextField;
export type RowEdits = Partial<Record<EditableField, string>> & { check?: boolean };
/** A row's unsaved edits, and the version of the row they were made on (a save on it is refused if someone changed those fields since). */
export interface RowEdit {
  version: number;
  fields: RowEdits;
}
export type Edits = Readonly<Record<number, RowEdit>>;

/** Records one cell's new value; a value typed back to the saved one is no longer an edit. */
export function editCell(
  edits: Edits,
  contact: DuplicateContact,
  field: EditableField | 'check',
  value: string | boolean,
): Edits {
  const before = edits[contact.id];
  const row: RowEdits = { ...before?.fields, [field]: value };
  if (contact[field] === value) delete row[field];
  const next = { ...edits };
  if (Object.keys(row).length === 0) delete next[contact.id];
  else next[contact.id] = { version: before?.version ?? contact.version, fields: row };
  return next;
}

/** The edits without those of these rows (set aside when their save was refused as stale). */
export function withoutRows(edits: Edits, ids: readonly number[]): Edits {
  return Object.fromEntries(Object.entries(edits).filter(([id]) => !ids.includes(Number(id))));
}

/** A merge reads the saved rows: edits not yet saved would be lost, so they are saved (or undone) first. */
export function checkNoUnsavedEdits(edits: Edits): Outcome<null> {
  return Object.keys(edits).length === 0 ? ok(null) : refuse(DUPLICATE_MESSAGES.unsavedEdits);
}

/** Modify Confirm: the edited rows of the results, each with only its changed fields. */
export function changedRows(results: readonly DuplicateContact[], edits: Edits): Outcome<ContactChange[]> {
  const rows: ContactChange[] = [];
  for (const contact of results) {
    const row = edits[contact.id];
    if (!row) continue;
    const changes = Object.fromEntries(
      Object.entries(row.fields).filter(([field, value]) => contact[field as keyof DuplicateContact] !== value),
    );
    if (Object.keys(changes).length > 0) rows.push({ id: contact.id, version: row.version, ...changes });
  }
  return rows.length > 0 ? ok(rows) : refuse(DUPLICATE_MESSAGES.noChanges);
}

/**
 * Undoing a merge restores the merged-away rows; this gives the survivor back the fields the merge changed
 * (filled blanks, joined e-mails and memos), or null when it changed none. A field changed again since the
 * merge (`current` differs from `after`) keeps its newer value.
 */
export function survivorRevert(
  before: DuplicateContact,
  after: DuplicateContact,
  current: DuplicateContact = after,
): ContactChange | null {
  const changes: Partial<Record<EditableField, string>> = {};
  for (const field of EDITABLE_FIELDS) {
    if (before[field] !== after[field] && current[field] === after[field]) changes[field] = before[field];
  }
  return Object.keys(changes).length > 0 ? { id: before.id, version: current.version, ...changes } : null;
}

export type DuplicateAction = 'merge' | 'process' | 'save';

/**
 * The toast for a failed call (spec §8): a missing contact is "Contact not found"; a refused merge shows the
 * server's reason when it gave one (a rule of §5), else the merge error; other calls name their reason.
 */
export function failureMessage(action: DuplicateAction, failure: { status?: number; reason: string }): string {
  if (failure.status === 404) return DUPLICATE_MESSAGES.notFound;
  if (action === 'merge')
    return failure.status === 400 && failure.reason ? failure.reason : DUPLICATE_MESSAGES.mergeFailed;
  if (action === 'save') return DUPLICATE_MESSAGES.savingFailed(failure.reason);
  return DUPLICATE_MESSAGES.processingFailed(failure.reason);
}
