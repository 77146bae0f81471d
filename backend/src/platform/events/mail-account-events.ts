import { Injectable, Module } from '@nestjs/common';

/** How many of each account's sends count against its daily limit since a time (0 for an account without any). */
export type SendCounter = (accountIds: readonly number[], since: Date) => Promise<Map<number, number>>;

/** What a module does once a mail account is gone (its row deleted). */
export type MailAccountRemovalListener = (accountId: number) => Promise<void>;

/**
 * Joins the mail accounts to the log of what was sent through them without a cycle: the log (posts) keeps a
 * relation to the account, so the accounts module may not import the log. The log registers here, when it is
 * built, how it counts an account's sends and what it does when an account is removed; the accounts module asks
 * and announces through this class only.
 */
@Injectable()
export class MailAccountEvents {
  private counter: SendCounter | null = null;
  private readonly removalListeners: MailAccountRemovalListener[] = [];

  countSendsWith(counter: SendCounter): void {
    this.counter = counter;
  }

  onRemoval(listener: MailAccountRemovalListener): void {
    this.removalListeners.push(listener);
  }

  /** Refuses when no log has registered: an account's quota must never read as unused. */
  sendCounts(accountIds: readonly number[], since: Date): Promise<Map<number, number>> {
    if (!this.counter) throw new Error('Nothing has registered to count the sends of mail accounts');
    return this.counter(accountIds, since);
  }

  async removed(accountId: number): Promise<void> {
    for (const listener of this.removalListeners) await listener(accountId);
  }
}

/** One MailAccountEvents for every module that imports it. */
@Module({ providers: [MailAccountEvents], exports: [MailAccountEvents] })
export class MailAccountEventsModule {}
