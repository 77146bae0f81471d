import { defineEntity, p } from '@mikro-orm/core';
import { MailAccount } from '../mail-accounts/mail-account.entity.js';
import { User } from '../users/user.entity.js';
import { Post } from './post.entity.js';

/**
 * sending: being handed to Gmail; sent: Gmail accepted it; failed: it did not go out (Gmail refused it, or it never
 * reached Gmail); unknown: Gmail never answered, so it may have gone out, and is never sent again under its key.
 */
export const SENT_EMAIL_STATUSES = ['sending', 'sent', 'failed', 'unknown'] as const;
export type SentEmailStatus = (typeof SENT_EMAIL_STATUSES)[number];

/**
 * One e-mail sent (or refused) to a post's customer from a mail account: the log behind the sent-emails page.
 * The account may be disconnected later (the row stays, without it).
 */
export const SentEmailSchema = defineEntity({
  name: 'SentEmail',
  tableName: 'sent_email',
  properties: {
    id: p.integer().primary().autoincrement(),
    post: () => p.manyToOne(Post).deleteRule('cascade').index(),
    account: () => p.manyToOne(MailAccount).nullable().deleteRule('set null'),
    recipient: p.string().length(254),
    subject: p.text(),
    status: p.enum([...SENT_EMAIL_STATUSES]),
    gmailMessageId: p.string().length(255).nullable(),
    /** The Gmail thread the message started: where the customer's reply or a bounce arrives. */
    gmailThreadId: p.string().length(255).nullable(),
    /** When the customer's first reply arrived (the watch of replies and bounces). */
    repliedAt: p.datetime().nullable(),
    /** When a mail system reported the message undeliverable to the recipient, and why in plain words. */
    bouncedAt: p.datetime().nullable(),
    bounceReason: p.text().nullable(),
    error: p.text().nullable(),
    /** Makes a retried send find the attempt it repeats; unique per staff member. */
    idempotencyKey: p.string().length(255).nullable(),
    /** SHA-256 (hex) of the request the key was first used for: the same key with another request is refused. */
    requestHash: p.string().length(64).nullable(),
    sentBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    createdAt: p.datetime().onCreate(() => new Date()),
  },
  // Migration 20261216: a change the post's card shows (sent, replied, bounced) bumps the post's e-mail revision.
  triggers: [
    {
      name: 'sent_email_post_email_revision',
      timing: 'after',
      events: ['insert', 'update', 'delete'],
      expression: `create trigger "sent_email_post_email_revision" after insert or delete or update of "post_id", "status", "created_at", "replied_at", "bounced_at", "bounce_reason" on "sent_email" for each row execute function "sent_email_bump_post_email_revision"();`,
    },
  ],
  uniques: [{ name: 'sent_email_sent_by_idempotency_key_unique', properties: ['sentBy', 'idempotencyKey'] }],
  indexes: [
    // A person's outreach history, by address as written in any case.
    {
      name: 'sent_email_recipient_index',
      expression: 'create index "sent_email_recipient_index" on "sent_email" (lower("recipient"))',
    },
    // The watch finds the sends of a thread that received mail.
    { name: 'sent_email_account_id_gmail_thread_id_index', properties: ['account', 'gmailThreadId'] },
    {
      name: 'sent_email_account_id_created_at_index',
      columns: [{ name: 'account_id' }, { name: 'created_at', sort: 'DESC' }],
    },
  ],
});

export class SentEmail extends SentEmailSchema.class {}
SentEmailSchema.setClass(SentEmail);
