import { defineEntity, p } from '@mikro-orm/core';
import { EmailTemplate } from '../email-templates/email-template.entity.js';
import { MailAccount } from '../mail-accounts/mail-account.entity.js';
import { Post } from '../posts/post.entity.js';
import { SentEmail } from '../posts/sent-email.entity.js';
import { User } from '../users/user.entity.js';
import { CAMPAIGN_STATES, OVER_QUOTA_CHOICES, PAUSE_CAUSES, RECIPIENT_STATES } from './domain/campaign-states.js';

/** A post left out of a campaign when it was made, and why. */
export interface LeftOutPost {
  postId: string;
  postTitle: string | null;
  reason: string;
}

/**
 * One e-mail per post's customer, from one mail account with one template: made after a review, sent by the worker
 * (queue email-campaign), paced and within the account's daily limit. The template's subject and text are kept as
 * they were when the campaign was made, so that editing the template later changes no campaign.
 */
export const EmailCampaignSchema = defineEntity({
  name: 'EmailCampaign',
  tableName: 'email_campaign',
  properties: {
    id: p.integer().primary().autoincrement(),
    template: () => p.manyToOne(EmailTemplate).nullable().deleteRule('set null'),
    templateTitle: p.string().length(200),
    subjectTemplate: p.string().length(500),
    bodyTemplate: p.text(),
    /** Copied from the template: each e-mail attaches its models' comcard files. */
    attachComcards: p.boolean().default(false),
    /** The account it sends from; a campaign whose account was removed fails what it had not sent. */
    account: () => p.manyToOne(MailAccount).nullable().deleteRule('set null'),
    state: p.enum([...CAMPAIGN_STATES]),
    overQuota: p.enum([...OVER_QUOTA_CHOICES]),
    scheduledAt: p.datetime().nullable(),
    /** Until when Gmail's rate limit holds it (paused), or when the account's quota frees (running). */
    pausedUntil: p.datetime().nullable(),
    pauseCause: p.enum([...PAUSE_CAUSES]).nullable(),
    pauseReason: p.text().nullable(),
    total: p.integer(),
    leftOut: p.json<LeftOutPost[]>().defaultRaw(`'[]'`),
    /** Whose model selections the e-mails present, and who sent them (the sent-e-mail log's sender). */
    createdBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    idempotencyKey: p.string().length(255).nullable(),
    requestHash: p.string().length(64).nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    startedAt: p.datetime().nullable(),
    finishedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'email_campaign_created_by_idempotency_key_unique', properties: ['createdBy', 'idempotencyKey'] }],
  indexes: [{ name: 'email_campaign_state_index', properties: ['state'] }],
});

export class EmailCampaign extends EmailCampaignSchema.class {}
EmailCampaignSchema.setClass(EmailCampaign);

/**
 * A follow-up step of a campaign: `afterDays` after the e-mail before it, if the customer has not replied (and the
 * address has not bounced), the template's text goes in the same Gmail thread. Kept as it was when the campaign was
 * made, as the campaign's own template is.
 */
export const EmailCampaignFollowUpSchema = defineEntity({
  name: 'EmailCampaignFollowUp',
  tableName: 'email_campaign_follow_up',
  properties: {
    id: p.integer().primary().autoincrement(),
    campaign: () => p.manyToOne(EmailCampaign).deleteRule('cascade'),
    /** 1 or 2: the first follow-up follows the campaign's e-mail, the second the first follow-up. */
    step: p.smallint(),
    afterDays: p.integer(),
    template: () => p.manyToOne(EmailTemplate).nullable().deleteRule('set null'),
    templateTitle: p.string().length(200),
    bodyTemplate: p.text(),
    attachComcards: p.boolean().default(false),
  },
  uniques: [{ name: 'email_campaign_follow_up_campaign_id_step_unique', properties: ['campaign', 'step'] }],
});

export class EmailCampaignFollowUp extends EmailCampaignFollowUpSchema.class {}
EmailCampaignFollowUpSchema.setClass(EmailCampaignFollowUp);

/**
 * One post's customer in a campaign, frozen when the campaign was made: the address and the rendered subject.
 * The body is rendered when it goes (see EmailCampaignRunner). Its attempt is in the sent-e-mail log (sentEmail).
 * A follow-up is a recipient too (step 1 or 2), made when the e-mail it follows was sent, due `dueAt`.
 */
export const EmailCampaignRecipientSchema = defineEntity({
  name: 'EmailCampaignRecipient',
  tableName: 'email_campaign_recipient',
  properties: {
    id: p.integer().primary().autoincrement(),
    campaign: () => p.manyToOne(EmailCampaign).deleteRule('cascade'),
    position: p.integer(),
    /** 0: the campaign's e-mail; 1 and 2: its follow-ups. */
    step: p.smallint().default(0),
    /** A follow-up goes no earlier than this. */
    dueAt: p.datetime().nullable(),
    /** The recipient (the e-mail) this follow-up follows up; it has one follow-up at most. */
    follows: () => p.manyToOne(EmailCampaignRecipient).nullable().deleteRule('cascade'),
    post: () => p.manyToOne(Post).nullable().deleteRule('set null').index(),
    postKey: p.string().length(100),
    postTitle: p.text().nullable(),
    recipient: p.string().length(254),
    subject: p.text(),
    state: p.enum([...RECIPIENT_STATES]),
    error: p.text().nullable(),
    sentEmail: () => p.manyToOne(SentEmail).nullable().deleteRule('set null').index(),
    sentAt: p.datetime().nullable(),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  uniques: [{ name: 'email_campaign_recipient_follows_id_unique', properties: ['follows'] }],
  indexes: [
    {
      name: 'email_campaign_recipient_campaign_id_state_position_index',
      properties: ['campaign', 'state', 'position'],
    },
  ],
});

export class EmailCampaignRecipient extends EmailCampaignRecipientSchema.class {}
EmailCampaignRecipientSchema.setClass(EmailCampaignRecipient);
