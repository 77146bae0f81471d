import { EntityManager } from '@mikro-orm/postgresql';
import { Injectable, Logger } from '@nestjs/common';
import { Clock } from '../../platform/clock.js';
import { ConsentService } from '../consent/consent.service.js';
import { type GoogleAccount, MailAccountsService } from '../mail-accounts/mail-accounts.service.js';
import type { GmailMessageHeaders, GmailReadPort } from '../mail-accounts/providers/google.ports.js';
import { type ThreadSend, SentEmailsService } from '../posts/sent-emails.service.js';
import { bounceOf } from './domain/delivery-status.js';
import { laterHistoryId, resyncSince, watchStart } from './domain/history-cursor.js';
import { CLASSIFYING_HEADERS, threadMessageKind } from './domain/thread-message.js';
import { GmailWatchCursor } from './gmail-watch-cursor.entity.js';

/** What one watch of every account found. */
export interface WatchSummary {
  /** Accounts whose mailbox was read. */
  watched: number;
  /** Accounts that cannot be read: connected without the read scope, or waiting for re-authentication. */
  skipped: number;
  /** Accounts whose mailbox could not be read this time (tried again at the next watch). */
  failed: number;
  /** Sent e-mails newly marked replied, and bounced. */
  replied: number;
  bounced: number;
}

/** The messages that came into our sends' threads, with those sends. */
interface Arrivals {
  messages: GmailMessageHeaders[];
  sends: ThreadSend[];
}

/**
 * Watches the threads of the e-mails each account sent, through its Gmail history (polled): a customer's reply
 * marks the e-mail replied; a mailer-daemon's delivery-status report of a permanent failure marks it bounced with
 * the reason, and the address is opted out of e-mails. Every step may run again (after a crash, or the next watch
 * reading the same history) and changes nothing the second time.
 */
@Injectable()
export class GmailWatchService {
  private readonly logger = new Logger(GmailWatchService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly mailAccounts: MailAccountsService,
    private readonly sentEmails: SentEmailsService,
    private readonly consent: ConsentService,
  ) {}

  /** One watch of every account that can be read; an account that fails is left for the next watch. */
  async watchAll(): Promise<WatchSummary> {
    const summary: WatchSummary = { watched: 0, skipped: 0, failed: 0, replied: 0, bounced: 0 };
    for (const account of await this.mailAccounts.list()) {
      if (!account.canReadReplies || account.needsReauth) {
        summary.skipped++;
        continue;
      }
      try {
        const found = await this.watch(account.id);
        summary.watched++;
        summary.replied += found.replied;
        summary.bounced += found.bounced;
      } catch (error) {
        summary.failed++;
        this.logger.warn(
          `Could not read the replies of mail account ${account.id}: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }
    return summary;
  }

  /**
   * Reads what came into one account's mailbox since its cursor, then moves the cursor on. Without a usable
   * cursor (the first watch, or one Gmail keeps no history for), it starts at the mailbox's current history id
   * and reads the threads of the account's sends of the last days directly.
   */
  async watch(accountId: number): Promise<{ replied: number; bounced: number }> {
    return this.mailAccounts.withGoogle(accountId, async ({ mailbox }, account) => {
      const cursor = await this.cursorOf(accountId);
      const start = watchStart(cursor);
      const history = start.kind === 'history' ? await this.sinceHistory(mailbox, accountId, start.since) : null;
      const read = history ?? (await this.resync(mailbox, accountId));
      const found = await this.settle(mailbox, account, read.arrivals);
      // Only after every arrival is settled: a crash before this reads them again, which changes nothing. After a
      // resync the profile's id replaces the cursor whatever it was: Gmail no longer knows the old one.
      await this.saveCursor(accountId, history ? laterHistoryId(cursor, read.historyId) : read.historyId);
      return found;
    });
  }

  /** The messages added to our sends' threads since `since`; null when Gmail no longer has that history. */
  private async sinceHistory(
    mailbox: GmailReadPort,
    accountId: number,
    since: string,
  ): Promise<{ arrivals: Arrivals; historyId: string } | null> {
    const added = new Map<string, string>();
    let historyId: string;
    let pageToken: string | undefined;
    do {
      const page = await mailbox.history(since, pageToken);
      if (page.kind === 'too-old') return null;
      for (const { id, threadId } of page.added) added.set(id, threadId);
      historyId = page.historyId;
      pageToken = page.nextPageToken ?? undefined;
    } while (pageToken);

    const sends = await this.sentEmails.sendsInThreads(accountId, [...new Set(added.values())]);
    const ours = new Set(sends.map((send) => send.threadId));
    const sentIds = new Set(sends.map((send) => send.gmailMessageId));
    const messages: GmailMessageHeaders[] = [];
    for (const [id, threadId] of added) {
      if (!ours.has(threadId) || sentIds.has(id)) continue;
      const message = await mailbox.message(id, CLASSIFYING_HEADERS);
      if (message) messages.push(message);
    }
    return { arrivals: { messages, sends }, historyId };
  }

  /** Starts again from the mailbox's current history id, and reads the threads of the recent sends whole. */
  private async resync(mailbox: GmailReadPort, accountId: number): Promise<{ arrivals: Arrivals; historyId: string }> {
    // Taken before the threads are read, so that what arrives meanwhile is read by the next watch.
    const historyId = await mailbox.historyId();
    const threadIds = await this.sentEmails.threadsSentSince(accountId, resyncSince(this.clock.now()));
    const sends = await this.sentEmails.sendsInThreads(accountId, threadIds);
    const sentIds = new Set(sends.map((send) => send.gmailMessageId));
    const messages: GmailMessageHeaders[] = [];
    for (const threadId of threadIds) {
      for (const message of await mailbox.thread(threadId, CLASSIFYING_HEADERS))
        if (!sentIds.has(message.id)) messages.push(message);
    }
    return { arrivals: { messages, sends }, historyId };
  }

  /** Marks what the arrived messages say of our sends. */
  private async settle(
    mailbox: GmailReadPort,
    account: GoogleAccount,
    { messages, sends }: Arrivals,
  ): Promise<{ replied: number; bounced: number }> {
    const found = { replied: 0, bounced: 0 };
    for (const message of messages) {
      // The sends of the thread that the message can answer: those sent before it came.
      const answered = sends.filter(
        (send) => send.threadId === message.threadId && send.sentAt.getTime() <= message.receivedAt.getTime(),
      );
      if (answered.length === 0) continue;
      const kind = threadMessageKind(message, account.email);
      if (kind === 'reply') {
        found.replied += await this.sentEmails.markReplied(
          answered.filter((send) => !send.replied).map((send) => send.id),
          message.receivedAt,
        );
      } else if (kind === 'delivery-report') {
        const unbounced = answered.filter((send) => !send.bounced);
        if (unbounced.length === 0) continue;
        const report = await mailbox.deliveryStatus(message.id);
        const bounce =
          report === null
            ? null
            : bounceOf(
                report,
                unbounced.map((send) => send.recipient),
              );
        if (!bounce) continue;
        const bounced = unbounced.filter((send) => send.recipient.trim().toLowerCase() === bounce.recipient);
        // The opt-out first: a crash after it leaves the e-mail unmarked, and the next watch finds the opt-out in force.
        await this.consent.recordBounce(bounce.recipient, `Bounced: ${bounce.reason}`);
        found.bounced += await this.sentEmails.markBounced(
          bounced.map((send) => send.id),
          message.receivedAt,
          bounce.reason,
        );
      }
    }
    return found;
  }

  private async cursorOf(accountId: number): Promise<string | null> {
    const cursor = await this.em.fork().findOne(GmailWatchCursor, { account: accountId });
    return cursor?.historyId ?? null;
  }

  private async saveCursor(accountId: number, historyId: string): Promise<void> {
    await this.em
      .fork()
      .getConnection()
      .execute(
        `insert into "gmail_watch_cursor" ("account_id", "history_id", "updated_at") values (?, ?, ?)
         on conflict ("account_id") do update set "history_id" = excluded."history_id", "updated_at" = excluded."updated_at"`,
        [accountId, historyId, this.clock.now()],
      );
  }
}
