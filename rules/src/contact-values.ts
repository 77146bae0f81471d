// The contact fields that take one of a fixed set of values, and the e-mail address rule: the table offers these
// as lists and checks the address, and the server refuses anything else on an edit.

export type Checklist = 'agreement' | 'inconsistency' | '';

const CHECKLIST_WORDS: Readonly<Record<string, Checklist>> = {
  agreement: 'agreement',
  match: 'agreement',
  일치: 'agreement',
  inconsistency: 'inconsistency',
  mismatch: 'inconsistency',
  불일치: 'inconsistency',
};

/**
 * The checklist confirmation in one spelling (spec §4): the list tab's agreement / inconsistency, the table's Match /
 * Mismatch and the Korean 일치 / 불일치 mean the same; anything else (blank included) is no confirmation yet.
 */
export function checklistOf(value: string | null | undefined): Checklist {
  return CHECKLIST_WORDS[(value ?? '').trim().toLowerCase()] ?? '';
}

/** A checklist value an edit may set: blank, or one of the spellings checklistOf knows. */
export function isChecklistValue(value: string): boolean {
  return value.trim() === '' || checklistOf(value) !== '';
}

export interface ContactChoice {
  /** As stored. */
  value: string;
  /** As the list shows it. */
  label: string;
}

/** The checklist confirmation's choices, stored in the list tab's spelling. */
export const CHECKLIST_CHOICES: readonly ContactChoice[] = [
  { value: '', label: '— (not checked)' },
  { value: 'agreement', label: 'agreement · 일치' },
  { value: 'inconsistency', label: 'inconsistency · 불일치' },
];

/** End-status codes (spec §4, Whether_Or): what the last KakaoTalk step left. */
export const END_STATUS = {
  /** A friend addition is requested or pending. */
  friendRequested: '1',
  /** A new chat name is in use. */
  newName: '3',
  /** The existing chat name is kept. */
  existingName: '5',
} as const;

/**
 * The status codes with their meaning (spec §4 and §9: codes 1, 3, 5), for Completion Status and Start Status
 * alike; the spec gives Start Status no other values. '2' of the sample data has no meaning and is not offered.
 */
export const STATUS_CHOICES: readonly ContactChoice[] = [
  { value: '', label: '— (none)' },
  { value: END_STATUS.friendRequested, label: '1 · Friend addition requested or pending' },
  { value: END_STATUS.newName, label: '3 · New chat name in use' },
  { value: END_STATUS.existingName, label: '5 · Existing chat name kept' },
];

/** A status an edit may set: blank or one of the codes. */
export function isStatusCode(value: string): boolean {
  return STATUS_CHOICES.some((choice) => choice.value === value.trim());
}

/** The contact fields chosen from a list, with their choices. */
export const CONTACT_CHOICE_FIELDS = {
  startStatus: STATUS_CHOICES,
  completionStatus: STATUS_CHOICES,
  checklistConfirm: CHECKLIST_CHOICES,
} as const;

export type ContactChoiceField = keyof typeof CONTACT_CHOICE_FIELDS;

/** The choice a stored value shows as (a checklist in any spelling is its choice), or null when none matches. */
export function choiceOf(field: ContactChoiceField, stored: string): ContactChoice | null {
  const value = field === 'checklistConfirm' ? checklistOf(stored) || stored.trim() : stored.trim();
  return CONTACT_CHOICE_FIELDS[field].find((choice) => choice.value === value) ?? null;
}

/**
 * An e-mail address as a person writes one: a local part, an @ and a domain with a dot, no spaces. Deliberately
 * loose (what mail servers accept is wider than any pattern); it catches a name or a phone typed in the wrong cell.
 */
const EMAIL_ADDRESS = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export function isEmailAddress(value: string): boolean {
  return EMAIL_ADDRESS.test(value.trim());
}

/**
 * What a contact's e-mail may hold: nothing, an address, or several (a duplicate merge joins every distinct address
 * with ", "; a sheet may use ";"), each of them an address.
 */
export function isContactEmail(value: string): boolean {
  if (value.trim() === '') return true;
  return value.split(/[,;]/).every((part) => isEmailAddress(part));
}

/** Spec-style message for an e-mail cell that holds something else. */
export const EMAIL_ADDRESS_REQUIRED = 'Please enter a valid email address.';
