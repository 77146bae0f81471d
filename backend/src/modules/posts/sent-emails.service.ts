import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { TEXT_ARRAY_PARAM, textArray } from '../../platform/database/sql-arrays.js';
import { MailAccountEvents } from '../../platform/events/mail-account-events.js';
import { PostListCache } from './post-list-cache.js';
import { SentEmail, type SentEmailStatus } from './sent-email.entity.js';

export interface SendAttempt {
  postId: number;
  accountId: number;
  recipient: string;
  subject: string;
  sentById: number;
  /** The client's key for this send: a repeated request with it finds this attempt. */
  idempotencyKey: string;
  /** What the request asked for, hashed: the key belongs to this request only. */
  requestHash: string;
}

/** An account's sends that count against its daily limit (sent, sending or unknown) in the 24 hours before a time. */
export interface QuotaUse {
  count: number;
  /** When each of them went, oldest first. */
  sentAt: Date[];
  /** The latest of them: when the account's last e-mail went (for pacing, which is far shorter than the window). */
  lastSentAt: Date | null;
}

/** The statuses that use a place of the daily limit: an e-mail that went, may have gone, or is going. */
const COUNTED_STATUSES = `('sent', 'sending', 'unknown')`;

/** What the log knows of an attempt when a send starts. */
export type SendStart =
  /** Go ahead: a new attempt, or a failed one tried again. */
  | { kind: 'start'; sendId: number }
  /** Gmail already accepted this send: answer as then. */
  | { kind: 'sent'; sendId: number; gmailMessageId: string | null }
  /** Another request with the same key is sending it now. */
  | { kind: 'in-flight'; sendId: number }
  /** Gmail never answered an earlier try: it may have gone out, so it is not sent again under this key. */
  | { kind: 'unknown'; sendId: number }
  /** The key was used for another request. */
  | { kind: 'mismatch' };

/** A sent e-mail in a Gmail thread, as the watch of replies and bounces needs it. */
export interface ThreadSend {
  id: number;
  threadId: string;
  recipient: string;
  gmailMessageId: string | null;
  sentAt: Date;
  replied: boolean;
  bounced: boolean;
}

/**
 * The log of e-mails sent to posts' customers (the sent-emails list reads it). An attempt is written before Gmail
 * is called, under the client's idempotency key, so that a double click or a client retry finds it instead of
 * sending again. An attempt leaves 'sending' once: to sent, failed or unknown.
 */
@Injectable()
export class SentEmailsService {
  private readonly logger = new Logger(SentEmailsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly cache: PostListCache,
    accountEvents: MailAccountEvents,
  ) {
    // The mail accounts module shows each account's quota and removes accounts without importing this log.
    accountEvents.countSendsWith((accountIds, since) => this.countsSince(accountIds, since));
    accountEvents.onRemoval(() => this.accountRemoved());
  }

  async start(attempt: SendAttempt): Promise<SendStart> {
    const connection = this.em.getConnection();
    const [created] = await connection.execute<{ id: number }[]>(
      `insert into "sent_email" ("post_id", "account_id", "recipient", "subject", "status", "idempotency_key", "request_hash", "sent_by_id", "created_at")
       values (?, ?, ?, ?, 'sending', ?, ?, ?, now())
       on conflict ("sent_by_id", "idempotency_key") do nothing
       returning "id"`,
      [
        attempt.postId,
        attempt.accountId,
        attempt.recipient,
        attempt.subject,
        attempt.idempotencyKey,
        attempt.requestHash,
        attempt.sentById,
      ],
    );
    if (created) return { kind: 'start', sendId: created.id };
    // The key was used before: for this request, a failed attempt is tried again (taken by exactly one request).
    const [retried] = await connection.execute<{ id: number }[]>(
      `update "sent_email" set "status" = 'sending', "error" = null, "subject" = ?, "created_at" = now()
       where "sent_by_id" = ? and "idempotency_key" = ? and "request_hash" = ? and "status" = 'failed' returning "id"`,
      [attempt.subject, attempt.sentById, attempt.idempotencyKey, attempt.requestHash],
    );
    if (retried) return { kind: 'start', sendId: retried.id };
    const existing = await this.em
      .fork()
      .findOneOrFail(SentEmail, { sentBy: attempt.sentById, idempotencyKey: attempt.idempotencyKey });
    if (existing.requestHash !== attempt.requestHash) return { kind: 'mismatch' };
    switch (existing.status) {
      case 'sent':
        return { kind: 'sent', sendId: existing.id, gmailMessageId: existing.gmailMessageId ?? null };
      case 'unknown':
        return { kind: 'unknown', sendId: existing.id };
      default:
        return { kind: 'in-flight', sendId: existing.id };
    }
  }

  /** Gmail accepted the message: the attempt is sent (in its thread) and the post shows it was e-mailed. */
  async succeeded(sendId: number, gmailMessageId: string | null, gmailThreadId: string | null = null): Promise<void> {
    // One statement, so one round trip and atomic. Only the first send takes the post's row: later ones leave it
    // to the imports.
    const sent = await this.em.getConnection().execute<{ postId: number }[]>(
      `with sent as (update "sent_email" set "status" = 'sent', "gmail_message_id" = ?, "gmail_thread_id" = ?, "error" = null where "id" = ? returning "post_id"),
         flipped as (update "post" set "is_email_sent" = true from sent where "post"."id" = sent."post_id" and not "post"."is_email_sent")
       select "post_id" as "postId" from sent`,
      [gmailMessageId, gmailThreadId, sendId],
    );
    // The post's card shows it, and the sent lists hold the post.
    await this.listsChanged(() =>
      this.cache.postsChanged(
        sent.map((row) => row.postId),
        'sent',
      ),
    );
  }

  /** It did not go out. */
  async failed(sendId: number, error: string): Promise<void> {
    await this.em.fork().nativeUpdate(SentEmail, { id: sendId, status: 'sending' }, { status: 'failed', error });
  }

  /** Gmail never answered: it may have gone out. */
  async unknown(sendId: number, error: string): Promise<void> {
    await this.em.fork().nativeUpdate(SentEmail, { id: sendId, status: 'sending' }, { status: 'unknown', error });
  }

  /** The account's sent e-mails in these Gmail threads. */
  async sendsInThreads(accountId: number, threadIds: readonly string[]): Promise<ThreadSend[]> {
    if (threadIds.length === 0) return [];
    const rows = await this.em.getConnection().execute<(Omit<ThreadSend, 'sentAt'> & { sentAt: string | Date })[]>(
      `select "id", "gmail_thread_id" as "threadId", "recipient", "gmail_message_id" as "gmailMessageId", "created_at" as "sentAt",
              "replied_at" is not null as "replied", "bounced_at" is not null as "bounced"
         from "sent_email"
        where "account_id" = ? and "status" = 'sent' and "gmail_thread_id" in (select jsonb_array_elements_text(?::jsonb))
        order by "id"`,
      [accountId, JSON.stringify([...new Set(threadIds)])],
    );
    return rows.map((row) => ({ ...row, sentAt: new Date(row.sentAt) }));
  }

  /**
   * Where a sent e-mail stands in its Gmail thread: the ids a follow-up answers it by, and whether anything in the
   * thread was replied to or bounced (the watch marks every send a reply or a bounce can answer). Null when the
   * attempt is not a sent one with its Gmail ids.
   */
  async threadOf(
    sendId: number,
  ): Promise<{ gmailMessageId: string; threadId: string; replied: boolean; bounced: boolean } | null> {
    const [row] = await this.em
      .getConnection()
      .execute<{ gmailMessageId: string; threadId: string; replied: boolean; bounced: boolean }[]>(
        `select s."gmail_message_id" as "gmailMessageId", s."gmail_thread_id" as "threadId",
              exists (select 1 from "sent_email" t where t."account_id" = s."account_id" and t."gmail_thread_id" = s."gmail_thread_id" and t."replied_at" is not null) as "replied",
              exists (select 1 from "sent_email" t where t."account_id" = s."account_id" and t."gmail_thread_id" = s."gmail_thread_id" and t."bounced_at" is not null) as "bounced"
         from "sent_email" s where s."id" = ? and s."status" = 'sent' and s."gmail_message_id" is not null and s."gmail_thread_id" is not null`,
        [sendId],
      );
    return row ?? null;
  }

  /** What came back of these sent e-mails, for those a reply or a bounce answered (a bounce outweighs a reply). */
  async outcomesOf(
    sendIds: readonly number[],
  ): Promise<Map<number, { outcome: 'replied' | 'bounced'; bounceReason: string | null }>> {
    if (sendIds.length === 0) return new Map();
    const rows = await this.em.getConnection().execute<{ id: number; bounced: boolean; bounceReason: string | null }[]>(
      `select "id", "bounced_at" is not null as "bounced", "bounce_reason" as "bounceReason" from "sent_email"
        where "id" in (select jsonb_array_elements_text(?::jsonb)::int) and ("replied_at" is not null or "bounced_at" is not null)`,
      [JSON.stringify(sendIds)],
    );
    return new Map(
      rows.map((row) => [
        row.id,
        { outcome: row.bounced ? 'bounced' : 'replied', bounceReason: row.bounced ? row.bounceReason : null },
      ]),
    );
  }

  /** The Gmail threads of the account's e-mails sent since `since`. */
  async threadsSentSince(accountId: number, since: Date): Promise<string[]> {
    const rows = await this.em.getConnection().execute<{ threadId: string }[]>(
      `select distinct "gmail_thread_id" as "threadId" from "sent_email"
        where "account_id" = ? and "status" = 'sent' and "gmail_thread_id" is not null and "created_at" >= ?`,
      [accountId, since],
    );
    return rows.map((row) => row.threadId);
  }

  /** The customer replied to these e-mails: the first reply's time is kept. Answers how many were not marked yet. */
  async markReplied(sendIds: readonly number[], at: Date): Promise<number> {
    return this.mark(`"replied_at" = ?`, `"replied_at" is null`, [at], sendIds);
  }

  /** These e-mails bounced, for this reason: the first report is kept. Answers how many were not marked yet. */
  async markBounced(sendIds: readonly number[], at: Date, reason: string): Promise<number> {
    return this.mark(`"bounced_at" = ?, "bounce_reason" = ?`, `"bounced_at" is null`, [at, reason], sendIds);
  }

  private async mark(set: string, unmarked: string, values: unknown[], sendIds: readonly number[]): Promise<number> {
    if (sendIds.length === 0) return 0;
    const marked = await this.em
      .getConnection()
      .execute<{ id: number; postId: number }[]>(
        `update "sent_email" set ${set} where "id" in (select jsonb_array_elements_text(?::jsonb)::int) and ${unmarked} returning "id", "post_id" as "postId"`,
        [...values, JSON.stringify(sendIds)],
      );
    // What the posts' cards and rows say changes; which posts a list holds does not.
    if (marked.length > 0)
      await this.listsChanged(() => this.cache.postsChanged([...new Set(marked.map((row) => row.postId))]));
    return marked.length;
  }

  /** How many e-mails counted against their limits each account sent since a time (0 for those without any). */
  async countsSince(accountIds: readonly number[], since: Date): Promise<Map<number, number>> {
    const counts = new Map(accountIds.map((id) => [id, 0]));
    if (accountIds.length === 0) return counts;
    const rows = await this.em.getConnection().execute<{ accountId: number; count: number }[]>(
      `select "account_id" as "accountId", count(*)::int as "count" from "sent_email"
        where "account_id" = any(?::int[]) and "status" in ${COUNTED_STATUSES} and "created_at" > ? group by "account_id"`,
      [`{${accountIds.join(',')}}`, since],
    );
    for (const row of rows) counts.set(row.accountId, row.count);
    return counts;
  }

  /** How many of an account's sends count against its limit since `since` (the window), and the latest of them. */
  async quotaCount(accountId: number, since: Date): Promise<Pick<QuotaUse, 'count' | 'lastSentAt'>> {
    const [row] = await this.em.getConnection().execute<{ count: number; lastSentAt: Date | null }[]>(
      `select count(*)::int as "count", max("created_at") as "lastSentAt" from "sent_email"
        where "account_id" = ? and "status" in ${COUNTED_STATUSES} and "created_at" > ?`,
      [accountId, since],
    );
    return { count: row.count, lastSentAt: row.lastSentAt ? new Date(row.lastSentAt) : null };
  }

  /** One account's use of its limit since `since` (the window), leaving out one attempt (the one being checked). */
  async quotaUse(accountId: number, since: Date, exceptSendId?: number): Promise<QuotaUse> {
    const rows = await this.em.getConnection().execute<{ createdAt: Date }[]>(
      `select "created_at" as "createdAt" from "sent_email"
        where "account_id" = ? and "status" in ${COUNTED_STATUSES} and "created_at" > ? and "id" <> ? order by "created_at"`,
      [accountId, since, exceptSendId ?? 0],
    );
    const sentAt = rows.map((row) => new Date(row.createdAt));
    return { count: sentAt.length, sentAt, lastSentAt: sentAt.at(-1) ?? null };
  }

  /** The attempts a staff member made under the given idempotency keys, by key. */
  async attemptsByKey(
    sentById: number,
    keys: readonly string[],
  ): Promise<Map<string, { id: number; status: SentEmailStatus }>> {
    if (keys.length === 0) return new Map();
    const rows = await this.em
      .getConnection()
      .execute<{ id: number; status: SentEmailStatus; key: string }[]>(
        `select "id", "status", "idempotency_key" as "key" from "sent_email" where "sent_by_id" = ? and "idempotency_key" = any(${TEXT_ARRAY_PARAM})`,
        [sentById, textArray(keys)],
      );
    return new Map(rows.map((row) => [row.key, { id: row.id, status: row.status }]));
  }

  /** A mail account was removed: its sends no longer name it, so the lists by sender change. */
  accountRemoved(): Promise<void> {
    return this.listsChanged(() => this.cache.changed('sent'));
  }

  /**
   * Tells the post lists what changed. Best effort: the send is recorded whatever happens here, and a missed bump
   * only delays what the lists show until the next write.
   */
  private async listsChanged(announce: () => Promise<void>): Promise<void> {
    try {
      await announce();
    } catch (error) {
      this.logger.warn(`Could not tell the post lists what changed: ${(error as Error).message}`);
    }
  }
}
