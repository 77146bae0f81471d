// Gmail's daily sending limit of an account, and what is left of it. Pure.

/** A consumer account (and a Workspace trial) may send 500 e-mails a day; a paid Workspace account 2,000. */
export const CONSUMER_DAILY_LIMIT = 500;
export const WORKSPACE_DAILY_LIMIT = 2000;
export const MAX_DAILY_LIMIT = 10_000;
/** Gmail counts an account's sends over a rolling 24 hours, not per calendar day. */
export const QUOTA_WINDOW_MS = 24 * 3600 * 1000;

const CONSUMER_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The limit a newly connected account starts with, read from its address's domain (staff may change it). */
export function defaultDailyLimit(email: string): number {
  const domain = email
    .slice(email.lastIndexOf('@') + 1)
    .trim()
    .toLowerCase();
  return CONSUMER_DOMAINS.has(domain) ? CONSUMER_DAILY_LIMIT : WORKSPACE_DAILY_LIMIT;
}

/** What is left of the limit after the sends of the last 24 hours (never below zero: the limit may have been lowered). */
export function remainingOf(dailyLimit: number, sentLast24h: number): number {
  return Math.max(0, dailyLimit - sentLast24h);
}
