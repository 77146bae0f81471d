import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { PostListCache } from './post-list-cache.js';
import { SentEmail } from './sent-email.entity.js';

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
  ) {}

  async start(attempt: SendAttempt): Promise<SendStart> {
    const connection = this.em.getConnection();
    const [created] = await connection.execute<{ id: number }[]>(
      `insert into "sent_email" ("post_id", "account_id", "recipient", "subject", "status", "idempotency_key", "request_hash", "sent_by_id", "created_at")
       values (?, ?, ?, ?, 'sending', ?, ?, ?, now())
       on conflict ("sent_by_id", "idempotency_key") do nothing
       returning "id"`,
      [attempt.postId, attempt.accountId, attempt.recipient, attempt.subject, attempt.idempotencyKey, attempt.requestHash, attempt.sentById],
    );
    if (created) return { kind: 'start', sendId: created.id };
    // The key was used before: for this request, a failed attempt is tried again (taken by exactly one request).
    const [retried] = await connection.execute<{ id: number }[]>(
      `update "sent_email" set "status" = 'sending', "error" = null, "subject" = ?, "created_at" = now()
       where "sent_by_id" = ? and "idempotency_key" = ? and "request_hash" = ? and "status" = 'failed' returning "id"`,
      [attempt.subject, attempt.sentById, attempt.idempotencyKey, attempt.requestHash],
    );
    if (retried) return { kind: 'start', sendId: retried.id };
    const existing = await this.em.fork().findOneOrFail(SentEmail, { sentBy: attempt.sentById, idempotencyKey: attempt.idempotencyKey });
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

  /** Gmail accepted the message: the attempt is sent and the post shows it was e-mailed. */
  async succeeded(sendId: number, gmailMessageId: string | null): Promise<void> {
    // One statement, so one round trip and atomic.
    await this.em.getConnection().execute(
      `with sent as (update "sent_email" set "status" = 'sent', "gmail_message_id" = ?, "error" = null where "id" = ? returning "post_id")
       update "post" set "is_email_sent" = true from sent where "post"."id" = sent."post_id"`,
      [gmailMessageId, sendId],
    );
    await this.listsChanged();
  }

  /** It did not go out. */
  async failed(sendId: number, error: string): Promise<void> {
    await this.em.fork().nativeUpdate(SentEmail, { id: sendId, status: 'sending' }, { status: 'failed', error });
  }

  /** Gmail never answered: it may have gone out. */
  async unknown(sendId: number, error: string): Promise<void> {
    await this.em.fork().nativeUpdate(SentEmail, { id: sendId, status: 'sending' }, { status: 'unknown', error });
  }

  /** A mail account was removed: its sends no longer name it, so the lists by sender change. */
  accountRemoved(): Promise<void> {
    return this.listsChanged();
  }

  /**
   * The sent lists and the posts' notices change. Best effort: the send is recorded whatever happens here, and a
   * missed bump only delays what the lists show until the next write.
   */
  private async listsChanged(): Promise<void> {
    try {
      await this.cache.changed('sent');
    } catch (error) {
      this.logger.warn(`Could not mark the sent lists changed: ${(error as Error).message}`);
    }
  }
}
