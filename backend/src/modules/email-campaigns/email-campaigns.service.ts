import { randomUUID } from 'node:crypto';
import { EntityManager, UniqueConstraintViolationException } from '@mikro-orm/postgresql';
import { InjectQueue } from '@nestjs/bullmq';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  NotFoundException,
  ServiceUnavailableException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { Queue } from 'bullmq';
import { isEmail } from 'class-validator';
import type pg from 'pg';
import { Clock } from '../../platform/clock.js';
import type { Principal } from '../../platform/http/auth-decorators.js';
import { checkedIdempotencyKey, requestHash } from '../../platform/http/idempotency-key.js';
import { paginate } from '../../platform/http/pagination.js';
import { QueueName } from '../../platform/queue/queue-names.js';
import { CONSENT_MESSAGES, ConsentService } from '../consent/consent.service.js';
import { EmailSendingService, NO_MODELS_SELECTED } from '../email-templates/email-sending.service.js';
import { EmailTemplatesService } from '../email-templates/email-templates.service.js';
import type { MailAccountDto } from '../mail-accounts/dto/mail-account.dto.js';
import { MailAccountsService } from '../mail-accounts/mail-accounts.service.js';
import { ModelsService } from '../models/models.service.js';
import { PostsService } from '../posts/posts.service.js';
import { SentEmailsService } from '../posts/sent-emails.service.js';
import {
  afterCommand,
  type CampaignCommand,
  type CampaignState,
  type PauseCause,
  RECIPIENT_STATES,
  type RecipientState,
} from './domain/campaign-states.js';
import { spreadOverDays } from './domain/quota-schedule.js';
import type {
  CampaignPreviewDto,
  CampaignReviewRecipientDto,
  CreateEmailCampaignDto,
  EmailCampaignDetailDto,
  EmailCampaignDto,
  EmailCampaignListDto,
  EmailCampaignQueryDto,
  EmailCampaignReviewDto,
  LeftOutPostDto,
  PreviewCampaignEmailDto,
  ReviewEmailCampaignDto,
} from './dto/email-campaign.dto.js';
import { EmailCampaign, EmailCampaignFollowUp, EmailCampaignRecipient } from './email-campaign.entity.js';
import {
  CAMPAIGN_JOB_OPTIONS,
  EMAIL_CAMPAIGN_JOB,
  type EmailCampaignJobData,
  emailCampaignJobId,
} from './email-campaign.job.js';

/** How far ahead a campaign may be scheduled. */
const MAX_SCHEDULE_AHEAD_MS = 30 * 24 * 3600 * 1000;

export const CAMPAIGN_MESSAGES = {
  noAddress: 'The post has no valid customer e-mail address.',
  postNotFound: 'Post not found',
  nobody: 'None of the selected posts can be e-mailed. See why each one was left out.',
  past: 'The scheduled time has already passed. Please choose a later time.',
  tooFarAhead: 'A campaign can be scheduled at most 30 days ahead.',
  overQuota: (recipients: number, remaining: number, account: Pick<MailAccountDto, 'email' | 'dailyLimit'>) =>
    `This campaign has ${recipients} e-mails, but ${account.email} can send only ${remaining} more today (its daily limit is ${account.dailyLimit}). Choose to spread it over the following days, or select fewer posts.`,
  notFound: 'Email campaign not found',
  keyReused: 'This Idempotency-Key was used for a different campaign.',
  queueDown: 'The campaign could not be queued; nothing was sent. Please try again.',
  cancelled: 'Cancelled before it was sent.',
  pausedByStaff: 'Paused by staff.',
  notInPreview: 'This post is not among the recipients of the campaign.',
  followUpsNeedReplies: (email: string) =>
    `Follow-ups stop when the customer replies, so ${email} must be allowed to read replies first. Re-authenticate it in Mail Accounts, or make the campaign without follow-ups.`,
} as const;

/** A campaign as planned from its posts: who gets an e-mail (with the subject), who is left out and why. */
interface CampaignPlan {
  template: { id: number; title: string; subject: string; template: string; attachComcards: boolean };
  account: MailAccountDto;
  recipients: (CampaignReviewRecipientDto & { postRowId: number })[];
  leftOut: LeftOutPostDto[];
}

interface CampaignRow {
  id: number;
  state: CampaignState;
  templateId: number | null;
  templateTitle: string;
  accountId: number | null;
  accountEmail: string | null;
  overQuota: string;
  scheduledAt: Date | null;
  pausedUntil: Date | null;
  pauseCause: PauseCause | null;
  pauseReason: string | null;
  total: number;
  leftOut: LeftOutPostDto[];
  createdBy: string | null;
  createdAt: Date;
  startedAt: Date | null;
  finishedAt: Date | null;
  counts: Partial<Record<RecipientState, number>> | null;
  followUpCounts: Partial<Record<RecipientState, number>> | null;
  followUps: EmailCampaignDto['followUps'] | null;
}

const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);

/**
 * E-mail campaigns as staff review, make and steer them: one e-mail per selected post's customer, rendered with the
 * post and the models the staff member selected for it, sent by the worker (EmailCampaignRunner) from one account.
 */
@Injectable()
export class EmailCampaignsService {
  private readonly logger = new Logger(EmailCampaignsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly templates: EmailTemplatesService,
    private readonly sending: EmailSendingService,
    private readonly mailAccounts: MailAccountsService,
    private readonly posts: PostsService,
    private readonly models: ModelsService,
    private readonly consent: ConsentService,
    private readonly sentEmails: SentEmailsService,
    @InjectQueue(QueueName.EmailCampaign) private readonly queue: Queue<EmailCampaignJobData>,
  ) {}

  /** The campaign as it would go now: recipients, those left out, the account's quota and how the e-mails would spread. */
  async review(principal: Principal, input: ReviewEmailCampaignDto): Promise<EmailCampaignReviewDto> {
    const plan = await this.plan(principal.userId, input);
    const { account } = plan;
    const use = await this.sentEmails.quotaUse(account.id, this.mailAccounts.quotaWindowStart());
    return {
      recipients: plan.recipients.map(({ postRowId: _row, ...recipient }) => recipient),
      leftOut: plan.leftOut,
      quota: {
        dailyLimit: account.dailyLimit,
        sentLast24h: account.sentLast24h,
        remainingToday: account.remainingToday,
      },
      exceedsToday: plan.recipients.length > account.remainingToday,
      spread: spreadOverDays(
        plan.recipients.length,
        { dailyLimit: account.dailyLimit, sentAt: use.sentAt },
        this.clock.now(),
      ),
    };
  }

  /** One recipient's e-mail exactly as it would be sent now (the same renderer, post and selected models). */
  async preview(principal: Principal, input: PreviewCampaignEmailDto): Promise<CampaignPreviewDto> {
    const plan = await this.plan(principal.userId, {
      postIds: [input.postId],
      templateId: input.templateId,
      accountId: input.accountId,
    });
    const [recipient] = plan.recipients;
    if (!recipient) throw new BadRequestException(plan.leftOut[0]?.reason ?? CAMPAIGN_MESSAGES.notInPreview);
    const post = (await this.posts.forEmails([input.postId])).get(input.postId)!;
    const models = await this.models.selectionOf(principal.userId, post.id);
    const { subject, body } = this.sending.render(plan.template, post, models, plan.account.email);
    return { postId: recipient.postId, recipient: recipient.recipient, subject, html: body.html, text: body.text };
  }

  /**
   * Makes the campaign and queues it. Under an Idempotency-Key the staff member already used for the same campaign,
   * nothing more is made: it answers that campaign.
   */
  async create(
    principal: Principal,
    input: CreateEmailCampaignDto,
    idempotencyKey: string = randomUUID(),
  ): Promise<EmailCampaignDetailDto> {
    checkedIdempotencyKey(idempotencyKey);
    const followUps = input.followUps ?? [];
    const hash = requestHash([
      'campaign',
      input.postIds,
      input.templateId,
      input.accountId,
      input.scheduledAt ?? null,
      input.overQuota,
      ...(followUps.length > 0 ? [followUps.map((step) => [step.afterDays, step.templateId])] : []),
    ]);
    const earlier = await this.underKey(principal.userId, idempotencyKey, hash);
    if (earlier) return earlier;

    const now = this.clock.now();
    const scheduledAt = input.scheduledAt ? new Date(input.scheduledAt) : null;
    if (scheduledAt && scheduledAt.getTime() <= now.getTime()) throw new BadRequestException(CAMPAIGN_MESSAGES.past);
    if (scheduledAt && scheduledAt.getTime() > now.getTime() + MAX_SCHEDULE_AHEAD_MS)
      throw new BadRequestException(CAMPAIGN_MESSAGES.tooFarAhead);

    const plan = await this.plan(principal.userId, input);
    const { account, recipients } = plan;
    if (recipients.length === 0)
      throw new BadRequestException({ message: CAMPAIGN_MESSAGES.nobody, details: { leftOut: plan.leftOut } });
    if (account.needsReauth) throw this.mailAccounts.googleRefusal({ kind: 'invalid_grant' }, account);
    if (followUps.length > 0 && !account.canReadReplies)
      throw new BadRequestException(CAMPAIGN_MESSAGES.followUpsNeedReplies(account.email));
    const followUpTemplates = await Promise.all(followUps.map((step) => this.templates.get(step.templateId)));
    if (input.overQuota === 'refuse' && recipients.length > account.remainingToday) {
      throw new ConflictException(CAMPAIGN_MESSAGES.overQuota(recipients.length, account.remainingToday, account));
    }

    let campaignId: number;
    try {
      campaignId = await this.em.fork().transactional(async (em) => {
        const campaign = em.create(EmailCampaign, {
          template: plan.template.id,
          templateTitle: plan.template.title,
          subjectTemplate: plan.template.subject,
          bodyTemplate: plan.template.template,
          attachComcards: plan.template.attachComcards,
          account: account.id,
          state: scheduledAt ? 'scheduled' : 'running',
          overQuota: input.overQuota,
          scheduledAt,
          total: recipients.length,
          leftOut: plan.leftOut,
          createdBy: principal.userId,
          idempotencyKey,
          requestHash: hash,
        });
        await em.flush();
        if (followUps.length > 0) {
          await em.insertMany(
            EmailCampaignFollowUp,
            followUps.map((step, index) => ({
              campaign: campaign.id,
              step: index + 1,
              afterDays: step.afterDays,
              template: followUpTemplates[index].id,
              templateTitle: followUpTemplates[index].title,
              bodyTemplate: followUpTemplates[index].template,
              attachComcards: followUpTemplates[index].attachComcards,
            })),
          );
        }
        await em.insertMany(
          EmailCampaignRecipient,
          recipients.map((recipient, position) => ({
            campaign: campaign.id,
            position,
            post: recipient.postRowId,
            postKey: recipient.postId,
            postTitle: recipient.postTitle,
            recipient: recipient.recipient,
            subject: recipient.subject,
            state: 'pending' as const,
            updatedAt: now,
          })),
        );
        return campaign.id;
      });
    } catch (error) {
      // The same key at the same moment: the other request made it.
      if (error instanceof UniqueConstraintViolationException) {
        const made = await this.underKey(principal.userId, idempotencyKey, hash);
        if (made) return made;
      }
      throw error;
    }

    try {
      await this.enqueue(campaignId, scheduledAt);
    } catch (error) {
      this.logger.error(
        `Campaign ${campaignId} could not be queued: ${error instanceof Error ? error.message : String(error)}`,
      );
      // Nothing was sent: the campaign is cancelled and its key freed, so that a retry makes it anew.
      await this.stop(campaignId, CAMPAIGN_MESSAGES.queueDown);
      await this.em.fork().nativeUpdate(EmailCampaign, { id: campaignId }, { idempotencyKey: null });
      throw new ServiceUnavailableException(CAMPAIGN_MESSAGES.queueDown);
    }
    return this.get(campaignId);
  }

  async list(query: EmailCampaignQueryDto): Promise<EmailCampaignListDto> {
    const [{ count }] = await this.em
      .fork()
      .execute<{ count: number }[]>(`select count(*)::int as "count" from "email_campaign"`);
    const rows = await this.campaignRows(`true`, [], query.pageSize, (query.page - 1) * query.pageSize);
    return { data: rows.map(toCampaignDto), pagination: paginate(query.page, query.pageSize, count) };
  }

  async get(id: number): Promise<EmailCampaignDetailDto> {
    const [row] = await this.campaignRows(`c."id" = ?`, [id], 1, 0);
    if (!row) throw new NotFoundException(CAMPAIGN_MESSAGES.notFound);
    type RecipientRow = Omit<
      EmailCampaignDetailDto['recipients'][number],
      'sentAt' | 'dueAt' | 'outcome' | 'bounceReason'
    > & {
      sentAt: Date | null;
      dueAt: Date | null;
      sentEmailId: number | null;
    };
    const recipients = await this.em.fork().execute<RecipientRow[]>(
      `select "id", "step", "post_key" as "postId", "post_title" as "postTitle", "recipient", "subject", "state", "error", "sent_at" as "sentAt", "due_at" as "dueAt",
              "sent_email_id" as "sentEmailId"
         from "email_campaign_recipient" where "campaign_id" = ? order by "position", "step"`,
      [id],
    );
    const outcomes = await this.sentEmails.outcomesOf(
      recipients.flatMap((recipient) =>
        recipient.state === 'sent' && recipient.sentEmailId ? [recipient.sentEmailId] : [],
      ),
    );
    return {
      ...toCampaignDto(row),
      recipients: recipients.map(({ sentEmailId, ...recipient }) => {
        const outcome = sentEmailId === null ? undefined : outcomes.get(sentEmailId);
        return {
          ...recipient,
          sentAt: iso(recipient.sentAt),
          dueAt: iso(recipient.dueAt),
          outcome: outcome?.outcome ?? null,
          bounceReason: outcome?.bounceReason ?? null,
        };
      }),
    };
  }

  /** Pause, resume or cancel, when it makes sense (409 with why otherwise). */
  async command(id: number, command: CampaignCommand): Promise<EmailCampaignDetailDto> {
    const next = await this.em.fork().transactional(async (em) => {
      const [row] = await em.execute<
        { state: CampaignState; scheduledAt: string | null; startedAt: string | null; accountId: number | null }[]
      >(
        `select "state", "scheduled_at" as "scheduledAt", "started_at" as "startedAt", "account_id" as "accountId" from "email_campaign" where "id" = ? for update`,
        [id],
      );
      if (!row) throw new NotFoundException(CAMPAIGN_MESSAGES.notFound);
      const campaign = {
        ...row,
        scheduledAt: row.scheduledAt ? new Date(row.scheduledAt) : null,
        startedAt: row.startedAt ? new Date(row.startedAt) : null,
      };
      const outcome = afterCommand(command, campaign, this.clock.now());
      if ('refused' in outcome) throw new ConflictException(outcome.refused);
      if (command === 'resume' && campaign.accountId !== null) {
        // Resuming an account Google refuses would only pause it again.
        const account = await this.mailAccounts.get(campaign.accountId);
        if (account.needsReauth) throw this.mailAccounts.googleRefusal({ kind: 'invalid_grant' }, account);
      }
      if (command === 'cancel') {
        await em.execute(
          `update "email_campaign_recipient" set "state" = 'skipped', "error" = ?, "updated_at" = now() where "campaign_id" = ? and "state" = 'pending'`,
          [CAMPAIGN_MESSAGES.cancelled, id],
        );
      }
      await em.nativeUpdate(
        EmailCampaign,
        { id },
        {
          state: outcome.state,
          pausedUntil: null,
          pauseCause: command === 'pause' ? 'staff' : null,
          pauseReason: command === 'pause' ? CAMPAIGN_MESSAGES.pausedByStaff : null,
          ...(command === 'cancel' ? { finishedAt: new Date() } : {}),
        },
      );
      return { state: outcome.state, scheduledAt: campaign.scheduledAt };
    });
    if (command === 'resume')
      await this.enqueue(id, next.state === 'scheduled' ? next.scheduledAt : null, { now: true });
    // A paused or cancelled campaign's job finds it so and ends; one waiting (delayed) is dropped now.
    if (command !== 'resume') await this.dropWaitingJob(id);
    return this.get(id);
  }

  /**
   * Gives campaigns that should be running (or waiting for their time, or for Gmail's rate limit to pass) a job when
   * they have none: the worker stopped, Redis lost it, or a resume met the job as it ended. Run every minute on the
   * worker; adding a job a campaign has is a no-op (one job id per campaign).
   */
  async sweep(): Promise<number> {
    const campaigns = await this.em.fork().execute<{ id: number; wakeAt: Date | null }[]>(
      `select "id", case when "state" = 'scheduled' then "scheduled_at" else "paused_until" end as "wakeAt" from "email_campaign"
        where "state" in ('scheduled', 'running') or ("state" = 'paused' and "pause_cause" = 'rate_limited') order by "id"`,
    );
    let mended = 0;
    for (const campaign of campaigns) {
      const job = await this.queue.getJob(emailCampaignJobId(campaign.id));
      if (job && !(await job.isFailed())) continue;
      await job?.remove();
      await this.enqueue(campaign.id, campaign.wakeAt);
      mended++;
    }
    return mended;
  }

  private async enqueue(campaignId: number, at: Date | null, { now = false } = {}): Promise<void> {
    const jobId = emailCampaignJobId(campaignId);
    const delay = at ? Math.max(0, new Date(at).getTime() - Date.now()) : 0;
    // A resume wakes a job waiting for a later time; the run decides again what to do.
    if (now) {
      const job = await this.queue.getJob(jobId);
      if (job && (await job.isDelayed())) await job.changeDelay(delay);
    }
    await this.queue.add(EMAIL_CAMPAIGN_JOB, { campaignId }, { ...CAMPAIGN_JOB_OPTIONS, jobId, delay });
  }

  private async dropWaitingJob(campaignId: number): Promise<void> {
    const job = await this.queue.getJob(emailCampaignJobId(campaignId));
    if (job && (await job.isDelayed())) await job.remove().catch(() => undefined);
  }

  /** Cancels a campaign nothing of which was sent (it could not be queued). */
  private async stop(campaignId: number, reason: string): Promise<void> {
    await this.em.fork().transactional(async (em) => {
      await em.execute(
        `update "email_campaign_recipient" set "state" = 'skipped', "error" = ?, "updated_at" = now() where "campaign_id" = ? and "state" = 'pending'`,
        [reason, campaignId],
      );
      await em.nativeUpdate(
        EmailCampaign,
        { id: campaignId },
        { state: 'cancelled', pauseReason: reason, finishedAt: new Date() },
      );
    });
  }

  private async underKey(userId: number, key: string, hash: string): Promise<EmailCampaignDetailDto | null> {
    const [earlier] = await this.em
      .fork()
      .execute<{ id: number; requestHash: string }[]>(
        `select "id", "request_hash" as "requestHash" from "email_campaign" where "created_by_id" = ? and "idempotency_key" = ?`,
        [userId, key],
      );
    if (!earlier) return null;
    if (earlier.requestHash !== hash) throw new UnprocessableEntityException(CAMPAIGN_MESSAGES.keyReused);
    return this.get(earlier.id);
  }

  /**
   * Who gets an e-mail, in the order the posts were selected: each post's customer, rendered with the staff member's
   * selection for it. Left out, with why: a post without selected models, without a valid address, or whose address
   * opted out of e-mails; and a postId no post has.
   */
  private async plan(userId: number, input: ReviewEmailCampaignDto): Promise<CampaignPlan> {
    const [template, account] = await Promise.all([
      this.templates.get(input.templateId),
      this.mailAccounts.get(input.accountId),
    ]);
    const [posts, selections] = await Promise.all([
      this.posts.forEmails(input.postIds),
      this.models.selectedForPosts(userId, input.postIds),
    ]);
    const modelsOf = new Map(selections.map((selection) => [selection.postId, selection.models]));
    const addressOf = new Map([...posts.values()].map((post) => [post.postId, this.sending.customerAddress(post)]));
    const optedOut = await this.consent.emailOptOuts(
      [...addressOf.values()].filter((address): address is string => address !== null),
    );
    const plan: CampaignPlan = { template, account, recipients: [], leftOut: [] };
    for (const postId of input.postIds) {
      const post = posts.get(postId);
      if (!post) {
        plan.leftOut.push({ postId, postTitle: null, reason: CAMPAIGN_MESSAGES.postNotFound });
        continue;
      }
      const models = modelsOf.get(postId) ?? [];
      const address = addressOf.get(postId) ?? null;
      const reason =
        models.length === 0
          ? NO_MODELS_SELECTED
          : !address || !isEmail(address)
            ? CAMPAIGN_MESSAGES.noAddress
            : optedOut.has(address)
              ? CONSENT_MESSAGES.emailOptedOut(address)
              : null;
      if (reason) {
        plan.leftOut.push({ postId, postTitle: post.postTitle, reason });
        continue;
      }
      const { subject } = this.sending.render({ subject: template.subject }, post, models, account.email);
      plan.recipients.push({
        postId,
        postTitle: post.postTitle,
        recipient: address!,
        subject,
        modelCount: models.length,
        postRowId: post.id,
      });
    }
    return plan;
  }

  private async campaignRows(where: string, params: unknown[], limit: number, offset: number): Promise<CampaignRow[]> {
    const rows = await this.em.fork().execute<Omit<CampaignRow, 'accountEmail'>[]>(
      `select c."id", c."state", c."template_id" as "templateId", c."template_title" as "templateTitle", c."account_id" as "accountId",
              c."over_quota" as "overQuota", c."scheduled_at" as "scheduledAt", c."paused_until" as "pausedUntil", c."pause_cause" as "pauseCause", c."pause_reason" as "pauseReason",
              c."total", c."left_out" as "leftOut", u."name" as "createdBy", c."created_at" as "createdAt", c."started_at" as "startedAt", c."finished_at" as "finishedAt",
              (select jsonb_object_agg(s."state", s."count") from (select "state", count(*)::int as "count" from "email_campaign_recipient" r where r."campaign_id" = c."id" and r."step" = 0 group by "state") s) as "counts",
              (select jsonb_object_agg(s."state", s."count") from (select "state", count(*)::int as "count" from "email_campaign_recipient" r where r."campaign_id" = c."id" and r."step" > 0 group by "state") s) as "followUpCounts",
              (select jsonb_agg(jsonb_build_object('step', f."step", 'afterDays', f."after_days", 'templateId', f."template_id", 'templateTitle', f."template_title") order by f."step")
                 from "email_campaign_follow_up" f where f."campaign_id" = c."id") as "followUps"
         from "email_campaign" c left join "users" u on u."id" = c."created_by_id"
        where ${where} order by c."created_at" desc, c."id" desc limit ? offset ?`,
      [...params, limit, offset],
    );
    // The accounts' addresses are the mail accounts module's to give.
    const emails = await this.mailAccounts.emailsOf(
      rows.flatMap((row) => (row.accountId === null ? [] : [row.accountId])),
    );
    return rows.map((row) => ({
      ...row,
      accountEmail: row.accountId === null ? null : (emails.get(row.accountId) ?? null),
    }));
  }
}

function toCampaignDto(row: CampaignRow): EmailCampaignDto {
  const byState = (counts: CampaignRow['counts']) =>
    Object.fromEntries(RECIPIENT_STATES.map((state) => [state, counts?.[state] ?? 0])) as Record<
      RecipientState,
      number
    >;
  return {
    id: row.id,
    state: row.state,
    templateId: row.templateId,
    templateTitle: row.templateTitle,
    accountId: row.accountId,
    accountEmail: row.accountEmail,
    overQuota: row.overQuota,
    scheduledAt: iso(row.scheduledAt),
    pausedUntil: iso(row.pausedUntil),
    pauseCause: row.pauseCause,
    pauseReason: row.pauseReason,
    total: row.total,
    counts: byState(row.counts),
    followUps: row.followUps ?? [],
    followUpCounts: byState(row.followUpCounts),
    leftOut: row.leftOut,
    createdBy: row.createdBy,
    createdAt: iso(row.createdAt)!,
    startedAt: iso(row.startedAt),
    finishedAt: iso(row.finishedAt),
  };
}

/**
 * After a backup is restored, a campaign that was sending when it was taken may have sent more since (the log was
 * restored to the backup's time, so those e-mails look unsent). Rather than send them again unasked, such campaigns
 * (running, held by Gmail's rate limit, or scheduled for a time now past) are paused for staff to check the account's
 * Sent folder, and a recipient that was being handed to Gmail becomes unknown. Answers how many were paused.
 */
export async function pauseCampaignsThatMayHaveGone(client: pg.ClientBase, backupTakenAt: string): Promise<number> {
  const reason =
    `Restored from the backup of ${backupTakenAt}: this campaign may have sent e-mails after the backup was taken. ` +
    'Check the Sent folder of its account, then cancel it or resume it (resuming sends every recipient still pending).';
  const { rows } = await client.query<{ held: number }>(
    `with held as (
       update "email_campaign" set "state" = 'paused', "pause_cause" = 'staff', "paused_until" = null, "pause_reason" = $1
        where "state" = 'running' or ("state" = 'paused' and "pause_cause" = 'rate_limited') or ("state" = 'scheduled' and "scheduled_at" <= now())
        returning "id"),
     on_their_way as (
       update "email_campaign_recipient" set "state" = 'unknown', "error" = $2, "updated_at" = now()
        where "campaign_id" in (select "id" from held) and "state" = 'sending')
     select count(*)::int as "held" from held`,
    [reason, 'Being sent when the backup was taken; it may or may not have gone out.'],
  );
  return rows[0]?.held ?? 0;
}
