// Limits of e-mail campaigns that the dashboard and the server share.

/** The most posts one campaign takes: one e-mail to each post's customer. */
export const MAX_CAMPAIGN_POSTS = 500;

/** The most follow-ups a campaign has: each goes a number of days after the e-mail before it, if no reply came. */
export const MAX_FOLLOW_UPS = 2;
/** The longest a follow-up waits after the e-mail before it, in days. */
export const MAX_FOLLOW_UP_DAYS = 30;

/**
 * A follow-up's subject: the e-mail it follows up, as a reply ("Re: "), so that Gmail and the customer's mail
 * program keep both in one thread (Gmail threads a message only when its subject matches).
 */
export function followUpSubject(previousSubject: string): string {
  return /^re:/i.test(previousSubject.trim()) ? previousSubject : `Re: ${previousSubject}`;
}
