import { defineEntity, p } from '@mikro-orm/core';
import { Contact } from '../contacts/contact.entity.js';
import { User } from '../users/user.entity.js';
import { OPT_OUT_CHANNELS, OPT_OUT_SOURCES } from './domain/opt-out-rules.js';

const inList = (column: string, values: readonly string[]) =>
  `${column} in (${values.map((value) => `'${value}'`).join(', ')})`;

/**
 * One opt-out (수신거부) of a phone number (its digits) or an e-mail address (lower case) from a channel. It is never
 * deleted: withdrawing it records when and by whom, and the opt-out stops no send from then on.
 */
export const OptOutSchema = defineEntity({
  name: 'OptOut',
  tableName: 'opt_out',
  properties: {
    id: p.integer().primary().autoincrement(),
    kind: p
      .string()
      .length(10)
      .check(inList('kind', ['phone', 'email'])),
    /** domain/opt-out-rules.ts: phone digits, or the e-mail address in lower case. */
    address: p.string().length(320),
    channel: p.string().length(10).check(inList('channel', OPT_OUT_CHANNELS)),
    source: p.string().length(10).check(inList('source', OPT_OUT_SOURCES)),
    note: p.string().length(500).default(''),
    recordedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    recordedAt: p.datetime().defaultRaw('now()'),
    withdrawnAt: p.datetime().nullable(),
    withdrawnBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    withdrawnNote: p.string().length(500).nullable(),
  },
  // The opt-outs in force, by address: every send asks for its recipients'.
  indexes: [
    { name: 'opt_out_active_address_index', properties: ['address', 'channel'], where: 'withdrawn_at is null' },
  ],
});
export class OptOut extends OptOutSchema.class {}
OptOutSchema.setClass(OptOut);

/**
 * One record of a contact's advertising consent: given or refused, the day it was given and how. A change adds a
 * record; the latest one is the contact's consent, the earlier ones its history.
 */
export const ContactConsentSchema = defineEntity({
  name: 'ContactConsent',
  tableName: 'contact_consent',
  properties: {
    id: p.integer().primary().autoincrement(),
    contact: () => p.manyToOne(Contact).deleteRule('cascade'),
    given: p.boolean(),
    /** The Korean day consent was given (or refused). */
    consentedOn: p.date(),
    /** How it was given: a form, a call, a message, in writing… as staff write it. */
    source: p.string().length(200),
    recordedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    recordedAt: p.datetime().defaultRaw('now()'),
  },
  indexes: [{ name: 'contact_consent_contact_index', properties: ['contact', 'id'] }],
});
export class ContactConsent extends ContactConsentSchema.class {}
ContactConsentSchema.setClass(ContactConsent);
