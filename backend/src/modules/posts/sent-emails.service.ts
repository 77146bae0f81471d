import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable } from '@nestjs/common';
import { PostListCache } from './post-list-cache.js';
import { Post } from './post.entity.js';
import { SentEmail } from './sent-email.entity.js';

export interface SendAttempt {
  postId: number;
  accountId: number;
  recipient: string;
  subject: string;
  sentById: number;
  /** The client's key for this send: a repeated request with it finds this attempt. */
  idempotencyKey: string;
}

/** What the log knows of an attempt when a send starts. */
export type SendStart =
  /** Go ahead: a new attempt, or a failed one tried again. */
  | { kind: 'start'; sendId: number }
  /** Gmail already accepted this send: answer as then. */
  | { kind: 'sent'; sendId: number; gmailMessageId: string | null }
  /** Another request with the same key is sending it now. */
  | { kind: 'in-flight'; sendId: number };

/**
 * The log of e-mails sent to posts' customers (the sent-emails list reads it). An attempt is written before Gmail
 * is called, under the client's idempotency key, so that a double click or a client retry finds it instead of
 * sending again.
 */
@Injectable()
export class SentEmailsService {
  constructor(
    private readonly em: EntityManager,
    private readonly cache: PostListCache,
  ) {}

  async start(attempt: SendAttempt): Promise<SendStart> {
    const connection = this.em.getConnection();
    const [created] = await connection.execute<{ id: number }[]>(
      `insert into "sent_email" ("post_id", "account_id", "recipient", "subject", "status", "idempotency_key", "sent_by_id", "created_at")
       values (?, ?, ?, ?, 'sending', ?, ?, now())
       on conflict ("idempotency_key") do nothing
       returning "id"`,
      [attempt.postId, attempt.accountId, attempt.recipient, attempt.subject, attempt.idempotencyKey, attempt.sentById],
    );
    if (created) return { kind: 'start', sendId: created.id };
    // The key was used before. A failed attempt is tried again (taken by exactly one request); otherwise answer as it stands.
    const [retried] = await connection.execute<{ id: number }[]>(
      `update "sent_email" set "status" = 'sending', "error" = null, "recipient" = ?, "subject" = ?, "account_id" = ?, "created_at" = now()
       where "idempotency_key" = ? and "status" = 'failed' returning "id"`,
      [attempt.recipient, attempt.subject, attempt.accountId, attempt.idempotencyKey],
    );
    if (retried) return { kind: 'start', sendId: retried.id };
    const existing = await this.em.fork().findOneOrFail(SentEmail, { idempotencyKey: attempt.idempotencyKey });
    return existing.status === 'sent'
      ? { kind: 'sent', sendId: existing.id, gmailMessageId: existing.gmailMessageId ?? null }
      : { kind: 'in-flight', sendId: existing.id };
  }

  /** Gmail accepted the message: the attempt is sent and the post shows it was e-mailed. */
  async succeeded(sendId: number, gmailMessageId: string | null): Promise<void> {
    const em = this.em.fork();
    await em.transactional(async (tx) => {
      const send = await tx.findOneOrFail(SentEmail, { id: sendId });
      send.status = 'sent';
      send.gmailMessageId = gmailMessageId;
      send.error = null;
      await tx.nativeUpdate(Post, { id: send.post.id }, { isEmailSent: true });
    });
    await this.cache.changed('sent');
  }

  async failed(sendId: number, error: string): Promise<void> {
    await this.em.fork().nativeUpdate(SentEmail, { id: sendId }, { status: 'failed', error });
  }
}
