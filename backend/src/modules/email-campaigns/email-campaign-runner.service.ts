import { setTimeout as sleep } from 'node:timers/promises';
import { EntityManager } from '@mikro-orm/postgresql';
import { Inject, Injectable, Logger } from '@nestjs/common';
import pg from 'pg';
import { followUpSubject, formatKoreanDateTime } from '@job-casting/rules';
import { Clock } from '../../platform/clock.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { requestHash } from '../../platform/http/idempotency-key.js';
import { CONSENT_MESSAGES, ConsentService } from '../consent/consent.service.js';
import type { EmailModel } from '../email-templates/domain/render-email.js';
import { GmailWatchService } from '../email-replies/gmail-watch.service.js';
import { EmailSendingService, NO_MODELS_SELECTED } from '../email-templates/email-sending.service.js';
import type { MailAccountDto } from '../mail-accounts/dto/mail-account.dto.js';
import { MailAccountsService } from '../mail-accounts/mail-accounts.service.js';
import { ModelsService } from '../models/models.service.js';
import { PostsService } from '../posts/posts.service.js';
import { SentEmailsService } from '../posts/sent-emails.service.js';
import type { CampaignState, PauseCause, RecipientState } from './domain/campaign-states.js';
import { nextPacedSendAt } from './domain/pacing.js';
import { QUOTA_WINDOW_MS, quotaFreesAt } from './domain/quota-schedule.js';
import { CAMPAIGN_MESSAGES } from './email-campaigns.service.js';

/** The first key of the advisory lock that makes one sender per mail account at a time (the second is the account's id). */
const ACCOUNT_LEASE_KEY = 7_240_302;
/** Waits up to this long are slept through; longer ones give the worker back (the job is delayed). */
const SLEEP_AT_MOST_MS = 2000;
/** Without a retry time from Gmail, a rate limit pauses the campaign this long. */
const DEFAULT_RATE_LIMIT_PAUSE_MS = 15 * 60 * 1000;
/** How soon a campaign whose account another campaign is sending from is tried again. */
const ACCOUNT_BUSY_RETRY_MS = 1000;
/** Recipients read (with their posts, selections and opt-outs) in one go when no pacing gap lies between them. */
const UNPACED_BATCH = 20;
/** How soon a follow-up is tried again when the account's replies could not be read before it. */
const WATCH_FAILED_RETRY_MS = 60 * 1000;

const RUNNER_MESSAGES = {
  stranded:
    'The worker stopped while Gmail was being called, so the e-mail may or may not have been sent. Please check the Sent folder of the account.',
  accountRemoved: 'The mail account of this campaign was removed.',
  creatorRemoved: 'The staff member who made this campaign no longer has an account.',
  quotaWait: (email: string, at: Date) =>
    `The daily sending limit of ${email} is reached; the next e-mail goes at ${formatKoreanDateTime(at)} (Korean time).`,
  gmailDailyLimit: (email: string, at: Date) =>
    `Gmail answered that the daily sending limit of ${email} has been reached; the next e-mail goes at ${formatKoreanDateTime(at)} (Korean time).`,
  rateLimited: (email: string, at: Date) =>
    `Gmail is holding back the e-mails of ${email} for now; the campaign resumes by itself at ${formatKoreanDateTime(at)} (Korean time).`,
  replied: 'Not sent: the customer replied.',
  bounced: 'Not sent: an e-mail before it bounced.',
  noThread: 'Not sent: the e-mail before it has no Gmail thread to follow up in.',
  cannotReadReplies: (email: string) =>
    `Not sent: ${email} can no longer read replies, so a reply could not be ruled out. Re-authenticate the account to follow up again.`,
} as const;

interface RunningCampaign {
  id: number;
  state: CampaignState;
  accountId: number | null;
  createdById: number | null;
  scheduledAt: Date | null;
  startedAt: Date | null;
  pausedUntil: Date | null;
  pauseCause: PauseCause | null;
  subjectTemplate: string;
  bodyTemplate: string;
  attachComcards: boolean;
  followUps: FollowUpStep[];
}

interface FollowUpStep {
  step: number;
  afterDays: number;
  bodyTemplate: string;
  attachComcards: boolean;
}

interface PendingRecipient {
  id: number;
  step: number;
  postKey: string;
  recipient: string;
  subject: string;
  /** A follow-up's: the attempt of the e-mail it follows up. */
  previousSendId: number | null;
}

/** What a batch of recipients is sent with, read for all of them at once. */
interface BatchContext {
  posts: Awaited<ReturnType<PostsService['forEmails']>>;
  models: Map<string, EmailModel[]>;
  optedOut: Set<string>;
}

/** The key of a recipient's attempt in the sent-e-mail log: one e-mail per recipient, whatever happens. */
const recipientKey = (campaignId: number, recipientId: number) => `campaign-${campaignId}-${recipientId}`;
const recipientRequest = (campaignId: number, recipientId: number) =>
  requestHash(['campaign', campaignId, recipientId]);

/**
 * The worker's part of a campaign: its pending recipients go one by one through the sent-e-mail log (each attempt
 * written before Gmail is called, under the recipient's own key), paced and within the account's daily limit. A run
 * answers when to run again (null: nothing more to do until staff act), and the job waits till then.
 */
@Injectable()
export class EmailCampaignRunner {
  private readonly logger = new Logger(EmailCampaignRunner.name);

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly sending: EmailSendingService,
    private readonly mailAccounts: MailAccountsService,
    private readonly sentEmails: SentEmailsService,
    private readonly posts: PostsService,
    private readonly models: ModelsService,
    private readonly consent: ConsentService,
    private readonly replies: GmailWatchService,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'EMAIL_CAMPAIGN_GAP_MS' | 'EMAIL_FOLLOW_UP_DAY_MS' | 'DATABASE_URL'>,
  ) {}

  async run(campaignId: number): Promise<Date | null> {
    const campaign = await this.load(campaignId);
    if (!campaign) return null;
    // One sender per account at a time, across campaigns and workers: the pacing and the quota count hold. The lease
    // is a session lock on a connection of the run's own, let go when the run ends or its process dies.
    const lease = new pg.Client({ connectionString: this.config.DATABASE_URL });
    await lease.connect();
    try {
      const leaseOn = campaign.accountId ?? -campaign.id;
      const [{ leased }] = (
        await lease.query<{ leased: boolean }>(`select pg_try_advisory_lock(${ACCOUNT_LEASE_KEY}, $1) as "leased"`, [
          leaseOn,
        ])
      ).rows;
      if (!leased) return new Date(Date.now() + ACCOUNT_BUSY_RETRY_MS);
      return await this.runLeased(campaignId);
    } finally {
      await lease.end();
    }
  }

  private async runLeased(campaignId: number): Promise<Date | null> {
    let campaign = await this.load(campaignId);
    if (!campaign) return null;
    // Whatever a stopped run left half-way is settled first, from the log, and its sent e-mails get their follow-ups.
    await this.settleStranded(campaign);
    await this.planMissingFollowUps(campaign);
    for (;;) {
      campaign = await this.load(campaignId);
      if (!campaign) return null;
      const now = this.clock.now();
      if (campaign.state === 'scheduled') {
        if (campaign.scheduledAt && campaign.scheduledAt.getTime() > now.getTime()) return campaign.scheduledAt;
        await this.execute(`update "email_campaign" set "state" = 'running' where "id" = ? and "state" = 'scheduled'`, [
          campaign.id,
        ]);
        continue;
      }
      if (campaign.state === 'paused') {
        if (campaign.pauseCause !== 'rate_limited' || !campaign.pausedUntil) return null;
        if (campaign.pausedUntil.getTime() > now.getTime()) return campaign.pausedUntil;
        // Gmail's rate limit has passed: the campaign resumes by itself.
        await this.execute(
          `update "email_campaign" set "state" = 'running', "paused_until" = null, "pause_cause" = null, "pause_reason" = null where "id" = ? and "state" = 'paused' and "pause_cause" = 'rate_limited'`,
          [campaign.id],
        );
        continue;
      }
      if (campaign.state !== 'running') return null;
      if (!campaign.startedAt)
        await this.execute(`update "email_campaign" set "started_at" = now() where "id" = ? and "started_at" is null`, [
          campaign.id,
        ]);

      if (campaign.accountId === null) return this.finishWithout(campaign.id, RUNNER_MESSAGES.accountRemoved);
      if (campaign.createdById === null) return this.finishWithout(campaign.id, RUNNER_MESSAGES.creatorRemoved);
      const account = await this.mailAccounts.get(campaign.accountId);
      if (account.needsReauth) {
        await this.pause(
          campaign.id,
          'reauth',
          null,
          this.mailAccounts.googleRefusal({ kind: 'invalid_grant' }, account).message,
        );
        return null;
      }

      // Paced e-mails are read one at a time, so that each goes with what its post and selection are then.
      const due = await this.nextDue(campaign.id, now, this.config.EMAIL_CAMPAIGN_GAP_MS > 0 ? 1 : UNPACED_BATCH);
      if (due === null) return this.completeIfDone(campaign.id);
      // Only follow-ups are left, none due yet.
      if (due instanceof Date) return due;

      const { wait, room } = await this.waitBeforeSending(campaign, account, now);
      if (wait) {
        const waitMs = wait.getTime() - now.getTime();
        if (waitMs > SLEEP_AT_MOST_MS) return wait;
        await sleep(waitMs);
        continue;
      }
      const batch = due.slice(0, room);
      const context = await this.contextOf(campaign.createdById, batch);
      for (const recipient of batch) {
        const then = await this.sendTo(campaign, account, recipient, context);
        if (then !== undefined) return then;
      }
    }
  }

  /**
   * The next recipient due (first e-mails before follow-ups, in the order the posts were selected); else when the
   * next follow-up falls due; null when nothing is pending.
   */
  private async nextDue(campaignId: number, now: Date, limit: number): Promise<PendingRecipient[] | Date | null> {
    const em = this.em.fork();
    const recipients = await em.execute<PendingRecipient[]>(
      `select r."id", r."step", r."post_key" as "postKey", r."recipient", r."subject", p."sent_email_id" as "previousSendId"
         from "email_campaign_recipient" r left join "email_campaign_recipient" p on p."id" = r."follows_id"
        where r."campaign_id" = ? and r."state" = 'pending' and (r."due_at" is null or r."due_at" <= ?) order by r."step", r."position" limit ?`,
      [campaignId, now, limit],
    );
    if (recipients.length > 0) return recipients;
    const [{ dueAt }] = await em.execute<{ dueAt: Date | null }[]>(
      `select min("due_at") as "dueAt" from "email_campaign_recipient" where "campaign_id" = ? and "state" = 'pending'`,
      [campaignId],
    );
    return dueAt ? new Date(dueAt) : null;
  }

  /**
   * When the account's next e-mail may go, if not now: the daily limit (the rolling 24 hours) and the pacing gap. A
   * campaign waiting for its quota shows until when and why; the wait is cleared once it may send.
   */
  private async waitBeforeSending(
    campaign: RunningCampaign,
    account: MailAccountDto,
    now: Date,
  ): Promise<{ wait: Date | null; room: number }> {
    const windowStart = new Date(now.getTime() - QUOTA_WINDOW_MS);
    const use = await this.sentEmails.quotaCount(account.id, windowStart);
    const room = account.dailyLimit - use.count;
    if (room <= 0) {
      // Only now every send of the window is read: when the oldest leave it is when the next may go.
      const { sentAt } = await this.sentEmails.quotaUse(account.id, windowStart);
      const freesAt = quotaFreesAt({ dailyLimit: account.dailyLimit, sentAt }, now);
      await this.noteWait(campaign.id, freesAt, RUNNER_MESSAGES.quotaWait(account.email, freesAt));
      return { wait: freesAt, room };
    }
    if (campaign.pausedUntil) await this.noteWait(campaign.id, null, null);
    const paced = nextPacedSendAt(use.lastSentAt, this.config.EMAIL_CAMPAIGN_GAP_MS, Math.random());
    return { wait: paced && paced.getTime() > now.getTime() ? paced : null, room };
  }

  /** The posts, selections and opt-outs of a batch, in three reads. */
  private async contextOf(createdById: number, batch: readonly PendingRecipient[]): Promise<BatchContext> {
    const keys = batch.map((recipient) => recipient.postKey);
    const [posts, selections, optedOut] = await Promise.all([
      this.posts.forEmails(keys),
      this.models.selectedForPosts(createdById, keys),
      this.consent.emailOptOuts(batch.map((recipient) => recipient.recipient)),
    ]);
    return { posts, models: new Map(selections.map((selection) => [selection.postId, selection.models])), optedOut };
  }

  /**
   * One recipient: claimed (pending → sending) while the campaign runs, checked again (the post, the selection, the
   * opt-out register), logged under its key and handed to Gmail. Answers undefined to go on with the next, or what
   * the run answers (when to run again) when Gmail holds the campaign back.
   */
  private async sendTo(
    campaign: RunningCampaign,
    account: MailAccountDto,
    recipient: PendingRecipient,
    context: BatchContext,
  ): Promise<Date | null | undefined> {
    const [claimed] = await this.em.fork().execute<{ id: number }[]>(
      `update "email_campaign_recipient" r set "state" = 'sending', "updated_at" = now()
        where r."id" = ? and r."state" = 'pending' and exists (select 1 from "email_campaign" c where c."id" = r."campaign_id" and c."state" = 'running')
        returning r."id"`,
      [recipient.id],
    );
    if (!claimed) return undefined;

    let inThread: { threadId: string; gmailMessageId: string } | undefined;
    const followUp = campaign.followUps.find((step) => step.step === recipient.step);
    if (followUp) {
      const thread = await this.followUpThread(account, recipient);
      if (!('threadId' in thread)) return thread.next;
      inThread = thread;
    }

    const post = context.posts.get(recipient.postKey);
    if (!post) return this.settle(recipient.id, 'skipped', CAMPAIGN_MESSAGES.postNotFound);
    const models = context.models.get(recipient.postKey) ?? [];
    if (models.length === 0) return this.settle(recipient.id, 'skipped', NO_MODELS_SELECTED);
    // The register is asked again when the e-mail goes: whoever opted out since the campaign was made gets none.
    if (context.optedOut.has(recipient.recipient))
      return this.settle(recipient.id, 'skipped', CONSENT_MESSAGES.emailOptedOut(recipient.recipient));

    const start = await this.sentEmails.start({
      postId: post.id,
      accountId: account.id,
      recipient: recipient.recipient,
      subject: recipient.subject,
      sentById: campaign.createdById!,
      idempotencyKey: recipientKey(campaign.id, recipient.id),
      requestHash: recipientRequest(campaign.id, recipient.id),
    });
    switch (start.kind) {
      case 'sent':
        return this.sent(campaign, recipient, start.sendId);
      case 'unknown':
        return this.settle(recipient.id, 'unknown', RUNNER_MESSAGES.stranded, start.sendId);
      case 'in-flight':
        // Only this run sends for the account (the lease): an attempt still sending was left by a stopped run.
        await this.sentEmails.unknown(start.sendId, RUNNER_MESSAGES.stranded);
        return this.settle(recipient.id, 'unknown', RUNNER_MESSAGES.stranded, start.sendId);
      case 'mismatch':
        return this.settle(recipient.id, 'failed', 'This Idempotency-Key was used for a different e-mail.');
    }

    await this.execute(`update "email_campaign_recipient" set "sent_email_id" = ? where "id" = ?`, [
      start.sendId,
      recipient.id,
    ]);
    const text = followUp ?? campaign;
    const { body } = this.sending.render(
      { subject: campaign.subjectTemplate, template: text.bodyTemplate },
      post,
      models,
      account.email,
    );
    const outcome = await this.sending.transmit(start.sendId, account, recipient.recipient, recipient.subject, body, {
      attachComcardsOf: text.attachComcards ? models : [],
      inThread,
    });
    if (outcome.kind === 'sent') return this.sent(campaign, recipient, start.sendId);
    if (outcome.kind === 'unknown') return this.settle(recipient.id, 'unknown', outcome.error.message, start.sendId);

    const now = this.clock.now();
    switch (outcome.failure?.kind) {
      case 'rate_limited': {
        // Not the recipient's failure: it waits, and the campaign with it, until Gmail says to try again.
        await this.settle(recipient.id, 'pending', null);
        const until =
          outcome.failure.retryAt && outcome.failure.retryAt.getTime() > now.getTime()
            ? outcome.failure.retryAt
            : new Date(now.getTime() + DEFAULT_RATE_LIMIT_PAUSE_MS);
        await this.pause(campaign.id, 'rate_limited', until, RUNNER_MESSAGES.rateLimited(account.email, until));
        this.logger.warn(
          `Campaign ${campaign.id}: Gmail rate-limited ${account.email}; paused until ${until.toISOString()}`,
        );
        return until;
      }
      case 'daily_limit': {
        // Gmail counts more than we do (sends from elsewhere): the campaign waits as for its own quota.
        await this.settle(recipient.id, 'pending', null);
        const use = await this.sentEmails.quotaUse(account.id, new Date(now.getTime() - QUOTA_WINDOW_MS));
        const until = new Date((use.sentAt[0]?.getTime() ?? now.getTime()) + QUOTA_WINDOW_MS);
        await this.noteWait(campaign.id, until, RUNNER_MESSAGES.gmailDailyLimit(account.email, until));
        return until;
      }
      case 'invalid_grant':
        // The account must be connected again; staff resume the campaign then.
        await this.settle(recipient.id, 'pending', null);
        await this.pause(campaign.id, 'reauth', null, outcome.error.message);
        return null;
      default:
        await this.settle(recipient.id, 'failed', outcome.error.message, start.sendId);
        return undefined;
    }
  }

  /**
   * Before a follow-up goes: the account's mailbox is read for what came since the last watch, so that a reply or a
   * bounce that has just arrived stops it. Answers the thread to send in, or what the run does instead (the
   * follow-up stopped, or tried again later when the mailbox could not be read).
   */
  private async followUpThread(
    account: MailAccountDto,
    recipient: PendingRecipient,
  ): Promise<{ threadId: string; gmailMessageId: string } | { next: Date | undefined }> {
    if (!account.canReadReplies)
      return { next: await this.settle(recipient.id, 'stopped', RUNNER_MESSAGES.cannotReadReplies(account.email)) };
    try {
      await this.replies.watch(account.id);
    } catch (error) {
      this.logger.warn(
        `Could not read the replies of ${account.email} before a follow-up: ${error instanceof Error ? error.message : String(error)}`,
      );
      await this.settle(recipient.id, 'pending', null);
      return { next: new Date(this.clock.now().getTime() + WATCH_FAILED_RETRY_MS) };
    }
    const thread = recipient.previousSendId === null ? null : await this.sentEmails.threadOf(recipient.previousSendId);
    if (!thread) return { next: await this.settle(recipient.id, 'stopped', RUNNER_MESSAGES.noThread) };
    if (thread.replied) return { next: await this.settle(recipient.id, 'stopped', RUNNER_MESSAGES.replied) };
    if (thread.bounced) return { next: await this.settle(recipient.id, 'stopped', RUNNER_MESSAGES.bounced) };
    return { threadId: thread.threadId, gmailMessageId: thread.gmailMessageId };
  }

  /** A recipient's e-mail went: its follow-up, when the campaign has one, is made due `afterDays` from now. */
  private async sent(campaign: RunningCampaign, recipient: PendingRecipient, sendId: number): Promise<undefined> {
    await this.settle(recipient.id, 'sent', null, sendId);
    await this.planFollowUp(campaign, recipient.id, recipient.step, recipient.subject, this.clock.now());
    return undefined;
  }

  /** A sent e-mail's follow-up (the next step, if the campaign has it), once: the recipient it follows is unique. */
  private async planFollowUp(
    campaign: RunningCampaign,
    recipientId: number,
    step: number,
    subject: string,
    sentAt: Date,
  ): Promise<void> {
    const next = campaign.followUps.find((followUp) => followUp.step === step + 1);
    if (!next) return;
    const dueAt = new Date(sentAt.getTime() + next.afterDays * this.config.EMAIL_FOLLOW_UP_DAY_MS);
    await this.execute(
      `insert into "email_campaign_recipient" ("campaign_id", "position", "step", "due_at", "follows_id", "post_id", "post_key", "post_title", "recipient", "subject", "state", "updated_at")
       select "campaign_id", "position", ?, ?, "id", "post_id", "post_key", "post_title", "recipient", ?, 'pending', now()
         from "email_campaign_recipient" where "id" = ? and "state" = 'sent'
       on conflict ("follows_id") do nothing`,
      [next.step, dueAt, followUpSubject(subject), recipientId],
    );
  }

  /** Sent e-mails a stopped run left without their follow-up get it now, due from when they were sent. */
  private async planMissingFollowUps(campaign: RunningCampaign): Promise<void> {
    if (campaign.followUps.length === 0) return;
    const missing = await this.em.fork().execute<{ id: number; step: number; subject: string; sentAt: Date | null }[]>(
      `select r."id", r."step", r."subject", r."sent_at" as "sentAt" from "email_campaign_recipient" r
        where r."campaign_id" = ? and r."state" = 'sent' and r."step" < ?
          and not exists (select 1 from "email_campaign_recipient" n where n."follows_id" = r."id")`,
      [campaign.id, campaign.followUps.length],
    );
    for (const recipient of missing) {
      await this.planFollowUp(
        campaign,
        recipient.id,
        recipient.step,
        recipient.subject,
        recipient.sentAt ? new Date(recipient.sentAt) : this.clock.now(),
      );
    }
  }

  /**
   * Recipients a stopped run left 'sending' take the outcome the log has for their key: sent or unknown as it says;
   * an attempt still 'sending' there may have reached Gmail, so it becomes unknown and is never sent again; no
   * attempt, or a failed one, means nothing went out: the recipient is pending again.
   */
  private async settleStranded(campaign: RunningCampaign): Promise<void> {
    const rows = await this.em
      .fork()
      .execute<{ id: number }[]>(
        `select r."id" from "email_campaign_recipient" r where r."campaign_id" = ? and r."state" = 'sending'`,
        [campaign.id],
      );
    const keyOf = (recipientId: number) => recipientKey(campaign.id, recipientId);
    // The log of sends is the posts module's: asked by the keys the run sent under.
    const attempts = !campaign.createdById
      ? new Map<string, { id: number; status: string }>()
      : await this.sentEmails.attemptsByKey(
          campaign.createdById,
          rows.map((row) => keyOf(row.id)),
        );
    const stranded = rows.map((row) => {
      const attempt = attempts.get(keyOf(row.id));
      return { id: row.id, sendId: attempt?.id ?? null, status: attempt?.status ?? null };
    });
    for (const recipient of stranded) {
      if (recipient.status === 'sent') await this.settle(recipient.id, 'sent', null, recipient.sendId);
      else if (recipient.status === 'unknown')
        await this.settle(recipient.id, 'unknown', RUNNER_MESSAGES.stranded, recipient.sendId);
      else if (recipient.status === 'sending') {
        await this.sentEmails.unknown(recipient.sendId!, RUNNER_MESSAGES.stranded);
        await this.settle(recipient.id, 'unknown', RUNNER_MESSAGES.stranded, recipient.sendId);
        this.logger.warn(
          `Campaign ${campaign.id}: recipient ${recipient.id} was being sent when a run stopped; marked unknown`,
        );
      } else await this.settle(recipient.id, 'pending', null);
    }
  }

  /** A recipient's outcome (or back to pending); undefined, so that the run goes on. */
  private async settle(
    recipientId: number,
    state: RecipientState,
    error: string | null,
    sentEmailId?: number | null,
  ): Promise<undefined> {
    await this.execute(
      `update "email_campaign_recipient" set "state" = ?, "error" = ?, "sent_email_id" = coalesce(?, "sent_email_id"),
              "sent_at" = case when ? = 'sent' then coalesce("sent_at", now()) else "sent_at" end, "updated_at" = now() where "id" = ?`,
      [state, error?.slice(0, 1000) ?? null, sentEmailId ?? null, state, recipientId],
    );
    return undefined;
  }

  /** Every recipient has an outcome: the campaign is completed. */
  private async completeIfDone(campaignId: number): Promise<null> {
    await this.execute(
      `update "email_campaign" set "state" = 'completed', "finished_at" = now(), "paused_until" = null, "pause_reason" = null
        where "id" = ? and "state" = 'running' and not exists (select 1 from "email_campaign_recipient" where "campaign_id" = ? and "state" in ('pending', 'sending'))`,
      [campaignId, campaignId],
    );
    return null;
  }

  /** The campaign cannot go on (its account or its maker is gone): what it had not sent fails with why. */
  private async finishWithout(campaignId: number, reason: string): Promise<null> {
    await this.execute(
      `update "email_campaign_recipient" set "state" = 'failed', "error" = ?, "updated_at" = now() where "campaign_id" = ? and "state" = 'pending'`,
      [reason, campaignId],
    );
    return this.completeIfDone(campaignId);
  }

  private async pause(campaignId: number, cause: PauseCause, until: Date | null, reason: string): Promise<void> {
    await this.execute(
      `update "email_campaign" set "state" = 'paused', "pause_cause" = ?, "paused_until" = ?, "pause_reason" = ? where "id" = ? and "state" = 'running'`,
      [cause, until, reason, campaignId],
    );
  }

  /** A running campaign waiting for its account's quota: until when and why (null: no longer waiting). */
  private async noteWait(campaignId: number, until: Date | null, reason: string | null): Promise<void> {
    await this.execute(
      `update "email_campaign" set "paused_until" = ?, "pause_reason" = ? where "id" = ? and "state" = 'running'`,
      [until, reason, campaignId],
    );
  }

  private async execute(statement: string, params: unknown[]): Promise<void> {
    await this.em.getConnection().execute(statement, params);
  }

  private async load(campaignId: number): Promise<RunningCampaign | null> {
    const [campaign] = await this.em.fork().execute<Omit<RunningCampaign, 'followUps'>[]>(
      `select "id", "state", "account_id" as "accountId", "created_by_id" as "createdById", "scheduled_at" as "scheduledAt", "started_at" as "startedAt",
              "paused_until" as "pausedUntil", "pause_cause" as "pauseCause", "subject_template" as "subjectTemplate", "body_template" as "bodyTemplate",
              "attach_comcards" as "attachComcards"
         from "email_campaign" where "id" = ?`,
      [campaignId],
    );
    if (!campaign) return null;
    const followUps = await this.em.fork().execute<FollowUpStep[]>(
      `select "step", "after_days" as "afterDays", "body_template" as "bodyTemplate", "attach_comcards" as "attachComcards"
         from "email_campaign_follow_up" where "campaign_id" = ? order by "step"`,
      [campaignId],
    );
    const date = (at: Date | null) => (at ? new Date(at) : null);
    return {
      ...campaign,
      followUps,
      scheduledAt: date(campaign.scheduledAt),
      startedAt: date(campaign.startedAt),
      pausedUntil: date(campaign.pausedUntil),
    };
  }
}
