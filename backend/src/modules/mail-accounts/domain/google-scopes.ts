// What a connected account's granted scopes allow. Pure.

/**
 * Reading the mailbox, for the replies and bounces of our sends. gmail.readonly rather than gmail.metadata: a
 * bounce's reason (its Status and Diagnostic-Code) is in the body of the report's message/delivery-status part,
 * which metadata cannot read (Gmail refuses format FULL and RAW to it, even beside gmail.readonly).
 */
export const GMAIL_READ_SCOPE = 'https://www.googleapis.com/auth/gmail.readonly';

/** The scopes that read whole messages: GMAIL_READ_SCOPE, or the broader ones that include it. */
const FULL_READ_SCOPES = new Set([
  GMAIL_READ_SCOPE,
  'https://www.googleapis.com/auth/gmail.modify',
  'https://mail.google.com/',
]);
const METADATA_SCOPE = 'https://www.googleapis.com/auth/gmail.metadata';

/** Whether an account's scopes (space-separated, as Google grants them) let the watch read its replies and bounces. */
export function canReadMail(scopes: string): boolean {
  const granted = new Set(scopes.split(/\s+/).filter(Boolean));
  // Gmail holds a token with gmail.metadata to metadata, whatever else it has.
  if (granted.has(METADATA_SCOPE)) return false;
  return [...FULL_READ_SCOPES].some((scope) => granted.has(scope));
}
