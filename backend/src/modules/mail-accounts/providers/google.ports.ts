// What the product does with Google as one connected account, in its own words. Services and jobs call these
// ports; the googleapis adapter (googleapis.adapter.ts) is the only code that speaks to Google. Every port method
// fails with a GoogleCallError that says what Google's failure means (classified in google-errors.ts).

export type GoogleFailureKind =
  /** The refresh token was revoked or expired: the account must be connected again. */
  | 'invalid_grant'
  /**
   * Too many requests for now (429, or 403 rateLimitExceeded / userRateLimitExceeded). Gmail answers a spent
   * sending limit so too, "User-rate limit exceeded (Mail sending)", with the time to retry after (retryAt).
   */
  | 'rate_limited'
  /** The account's daily quota is spent (403 dailyLimitExceeded / quotaExceeded). */
  | 'daily_limit'
  | 'not_found'
  | 'bad_request'
  | 'forbidden'
  /** Google failed (5xx) or could not be reached. */
  | 'unavailable'
  /** Google does not accept our OAuth client (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET): no account is at fault. */
  | 'misconfigured';

export interface GoogleFailure {
  kind: GoogleFailureKind;
  status?: number;
  /** Google's own message, when it sent one. */
  message?: string;
  /** When Google said to try again ("Retry after 2026-11-28T01:02:03.000Z", or a Retry-After header). */
  retryAt?: Date;
}

/** A Google call that failed, with what the failure means; what every port here throws. */
export class GoogleCallError extends Error {
  constructor(readonly failure: GoogleFailure) {
    super(failure.message ?? `Google call failed (${failure.kind})`);
    this.name = 'GoogleCallError';
  }
}

/** The Google failure behind an error (itself, or what caused it, as withGoogle's HTTP errors carry it); null when none. */
export function googleFailureOf(error: unknown): GoogleFailure | null {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    if (cause instanceof GoogleCallError) return cause.failure;
  }
  return null;
}

/** Our route Google sends the browser back to after the consent page. */
export const GOOGLE_CALLBACK_PATH = '/backend/api/v1/google-auth/callback';

export interface DriveFile {
  id: string;
  name: string;
  mimeType: string;
  modifiedTime: string | null;
  thumbnailLink: string | null;
}

/** Drive as the account: My Drive and the shared drives it is a member of. */
export interface DrivePort {
  /** One page of the files a Drive query (the `q` language) finds, folders first, then by name. */
  listFiles(query: string, pageToken?: string): Promise<{ files: DriveFile[]; nextPageToken: string | null }>;
  /** A file's id and type; fails with not_found when the account cannot see it. */
  getFile(fileId: string): Promise<{ id: string; mimeType: string | null }>;
  /**
   * Who can open a file by its link: anyone (a permission of type anyone), restricted (people and groups only),
   * or unknown when the account may not read the file's permissions or cannot see the file.
   */
  linkSharing(fileId: string): Promise<LinkSharing>;
  /** A file's bytes when it has at most `maxBytes` (files.get alt=media); only its size when larger, unread. */
  download(fileId: string, maxBytes: number): Promise<DriveDownload>;
}

export type LinkSharing = 'anyone' | 'restricted' | 'unknown';

export type DriveDownload =
  { kind: 'file'; name: string; mimeType: string; content: Buffer } | { kind: 'too-large'; name: string; size: number };

export interface SpreadsheetTab {
  title: string;
  rowCount: number;
}

/** Sheets as the account. */
export interface SheetsPort {
  /** The spreadsheet's tabs in their order (titles and sizes only). */
  tabs(spreadsheetId: string): Promise<SpreadsheetTab[]>;
  /** A range's cells as staff see them (formatted), row by row. */
  values(spreadsheetId: string, range: string): Promise<unknown[][]>;
}

/** A message Gmail accepted: its id and its thread's (null when Gmail gave none). */
export interface GmailSent {
  id: string | null;
  threadId: string | null;
}

/** Gmail's sending as the account. */
export interface GmailSendPort {
  /**
   * Hands an RFC 822 message (base64url) to Gmail; answers the message's id and its thread's. With `threadId`, it
   * joins that thread (its subject must match the thread's, and In-Reply-To/References name the message it answers).
   */
  send(raw: string, threadId?: string): Promise<GmailSent>;
}

/** A message of the mailbox as the read port gives it: ids, labels and the headers asked for. */
export interface GmailMessageHeaders {
  id: string;
  threadId: string;
  labelIds: string[];
  /** When Gmail received it. */
  receivedAt: Date;
  /** The headers asked for that the message has, by their names as the message writes them. */
  headers: Record<string, string>;
}

/** One page of a mailbox's history: the messages added since the start id, and where to go on from. */
export type GmailHistoryPage =
  | { kind: 'page'; added: { id: string; threadId: string }[]; nextPageToken: string | null; historyId: string }
  /** Gmail keeps no history that far back (its 404): start again from the profile's history id. */
  | { kind: 'too-old' };

/** Reading the account's mailbox (the gmail.readonly scope): what the watch of replies and bounces needs. */
export interface GmailReadPort {
  /** The mailbox's current history id (users.getProfile). */
  historyId(): Promise<string>;
  /** The messages added since `startHistoryId`, a page at a time (users.history.list). */
  history(startHistoryId: string, pageToken?: string): Promise<GmailHistoryPage>;
  /** A message's ids, labels and the named headers; null when it is gone (deleted since). */
  message(id: string, headers: readonly string[]): Promise<GmailMessageHeaders | null>;
  /** A thread's messages in the order received, each with the named headers; empty when the thread is gone. */
  thread(threadId: string, headers: readonly string[]): Promise<GmailMessageHeaders[]>;
  /** The text of a bounce's message/delivery-status part (RFC 3464); null when the message has none. */
  deliveryStatus(id: string): Promise<string | null>;
}

/** Google as one connected account. */
export interface GoogleSession {
  drive: DrivePort;
  sheets: SheetsPort;
  gmail: GmailSendPort;
  /** Works only for an account that granted GMAIL_READ_SCOPE (canReadMail); Google refuses it otherwise. */
  mailbox: GmailReadPort;
}

export interface GoogleProfile {
  googleUserId: string;
  email: string;
  name: string;
  picture: string | null;
}

/**
 * Google's sign-in of mail accounts (the OAuth web-server flow) and the sessions of connected accounts. A class,
 * not an interface, so that it can name the adapter in Nest's container.
 */
export abstract class GoogleGateway {
  /** Fails with a 503 when no OAuth client is configured, instead of failing later. */
  abstract assertConfigured(): void;
  /** The consent page's address, asking for a refresh token. */
  abstract authUrl(state: string, loginHint?: string): string;
  /** Exchanges the callback's code and reads who signed in. */
  abstract exchangeCode(code: string): Promise<{ refreshToken: string; scopes: string; profile: GoogleProfile }>;
  /** Revokes a refresh token at Google (and the access tokens issued from it). */
  abstract revoke(refreshToken: string): Promise<void>;
  /** Where Google sends the browser back (PUBLIC_URL's origin). */
  abstract appOrigin(): string;
  /** Google as the account of this refresh token. */
  abstract session(refreshToken: string): GoogleSession;
  /** Drops what is kept for a token no longer in use. */
  abstract forget(refreshToken: string): void;
}
