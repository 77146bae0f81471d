import { CONTACT_TEXT_FIELD_NAMES, type ContactText, type ContactTextField } from './contact-fields.js';

export interface MergeOptions {
  /** Join the distinct e-mails of all the contacts into the survivor's. */
  mergeEmails: boolean;
  /** Join the distinct memos of all the contacts into the survivor's. */
  mergeMemos: boolean;
}

const EMAIL_SEPARATOR = ', ';
const MEMO_SEPARATOR = '\n';

/** The distinct non-blank values of a field across the contacts, in order (e-mails compared without case). */
export function distinctValues<F extends ContactTextField>(
  contacts: readonly { readonly [K in F]?: string | null }[],
  field: F,
): string[] {
  const seen = new Set<string>();
  const values: string[] = [];
  for (const contact of contacts) {
    // An e-mail cell may hold a list separated by commas or semicolons.
    const cell = contact[field] ?? '';
    const parts = field === 'email' ? cell.split(/[,;]/) : [cell];
    for (const part of parts.map((p) => p.trim()).filter(Boolean)) {
      const key = field === 'email' ? part.toLowerCase() : part;
      if (!seen.has(key)) {
        seen.add(key);
        values.push(part);
      }
    }
  }
  return values;
}

/**
 * What the survivor of a duplicate merge becomes (spec §5 Duplicate check): its own values stay; a field it leaves
 * blank takes the first non-blank value of the others, in their order; e-mails and memos, when asked, join every
 * distinct value (the survivor's first). Answers only the fields that change.
 */
export function mergedFields(
  survivor: ContactText,
  others: readonly ContactText[],
  options: MergeOptions,
): Partial<ContactText> {
  const changes: Partial<ContactText> = {};
  for (const field of CONTACT_TEXT_FIELD_NAMES) {
    if (survivor[field].trim() !== '') continue;
    const donor = others.find((other) => other[field].trim() !== '');
    if (donor) changes[field] = donor[field];
  }
  const everyone = [survivor, ...others];
  if (options.mergeEmails) {
    const joined = distinctValues(everyone, 'email').join(EMAIL_SEPARATOR);
    if (joined !== survivor.email) changes.email = joined;
  }
  if (options.mergeMemos) {
    const joined = distinctValues(everyone, 'memo').join(MEMO_SEPARATOR);
    if (joined !== survivor.memo) changes.memo = joined;
  }
  // Phone numbers of one duplicate group are one number; the survivor keeps the way it was typed.
  delete changes.phoneNumber;
  return changes;
}
