import { Inject, Injectable, ServiceUnavailableException } from '@nestjs/common';
import { OAuth2Client } from 'google-auth-library';
// One API module each, rather than the googleapis index, which loads every Google API (~1 s).
import { drive_v3 } from 'googleapis/build/src/apis/drive/v3.js';
import { gmail_v1 } from 'googleapis/build/src/apis/gmail/v1.js';
import { oauth2_v2 } from 'googleapis/build/src/apis/oauth2/v2.js';
import { sheets_v4 } from 'googleapis/build/src/apis/sheets/v4.js';
import { APP_CONFIG, type AppConfig } from '../../../platform/config/config.js';
import { GMAIL_READ_SCOPE } from '../domain/google-scopes.js';
import { classifyGoogleError } from './google-errors.js';
import {
  type DriveFile,
  GOOGLE_CALLBACK_PATH,
  GoogleCallError,
  GoogleGateway,
  type GmailHistoryPage,
  type GmailMessageHeaders,
  type GmailReadPort,
  type GoogleProfile,
  type GoogleSession,
} from './google.ports.js';

/**
 * What the product asks Google for (spec §4, mail connect): sending mail and reading the replies and bounces of
 * what it sent, reading Drive and Sheets, the profile.
 */
export const GOOGLE_SCOPES = [
  'https://www.googleapis.com/auth/gmail.send',
  GMAIL_READ_SCOPE,
  'https://www.googleapis.com/auth/drive.readonly',
  'https://www.googleapis.com/auth/spreadsheets.readonly',
  'https://www.googleapis.com/auth/userinfo.email',
  'https://www.googleapis.com/auth/userinfo.profile',
];

interface GoogleApis {
  drive: drive_v3.Drive;
  sheets: sheets_v4.Sheets;
  gmail: gmail_v1.Gmail;
  /** Gmail for reading, whose calls may be retried (a send may not). */
  gmailRead: gmail_v1.Gmail;
}

const DELIVERY_STATUS_TYPE = 'message/delivery-status';

/** Runs a Google call; its failure becomes a GoogleCallError that says what it means. */
async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw new GoogleCallError(classifyGoogleError(error));
  }
}

/** A call whose 404 means the thing is gone: answers `gone` instead of failing. */
async function unlessGone<T>(work: () => Promise<T>, gone: T): Promise<T> {
  try {
    return await call(work);
  } catch (error) {
    if (error instanceof GoogleCallError && error.failure.kind === 'not_found') return gone;
    throw error;
  }
}

function messageHeaders(message: gmail_v1.Schema$Message): GmailMessageHeaders | null {
  if (!message.id || !message.threadId) return null;
  const headers: Record<string, string> = {};
  for (const { name, value } of message.payload?.headers ?? [])
    if (name && value !== null && value !== undefined) headers[name] = value;
  return {
    id: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds ?? [],
    receivedAt: new Date(Number(message.internalDate ?? 0)),
    headers,
  };
}

/** The first part of a type in a message's MIME tree, depth first. */
function findPart(part: gmail_v1.Schema$MessagePart | undefined, mimeType: string): gmail_v1.Schema$MessagePart | null {
  if (!part) return null;
  if (part.mimeType?.toLowerCase() === mimeType) return part;
  for (const child of part.parts ?? []) {
    const found = findPart(child, mimeType);
    if (found) return found;
  }
  return null;
}

/** Gmail's read API as the read port: the watch of replies and bounces. */
function gmailReadPort(gmail: gmail_v1.Gmail): GmailReadPort {
  return {
    historyId: () =>
      call(async () => {
        const { data } = await gmail.users.getProfile({ userId: 'me' });
        if (!data.historyId) throw new Error('Gmail returned no history id for the mailbox');
        return String(data.historyId);
      }),
    history: (startHistoryId, pageToken) =>
      unlessGone<GmailHistoryPage>(
        async () => {
          const { data } = await gmail.users.history.list({
            userId: 'me',
            startHistoryId,
            historyTypes: ['messageAdded'],
            maxResults: 500,
            pageToken,
          });
          const added = (data.history ?? []).flatMap((record) =>
            (record.messagesAdded ?? []).flatMap(({ message }) =>
              message?.id && message.threadId ? [{ id: message.id, threadId: message.threadId }] : [],
            ),
          );
          return {
            kind: 'page',
            added,
            nextPageToken: data.nextPageToken ?? null,
            historyId: String(data.historyId ?? startHistoryId),
          };
          // Gmail answers 404 for a start id older than the history it keeps.
        },
        { kind: 'too-old' },
      ),
    message: (id, headers) =>
      unlessGone(async () => {
        const { data } = await gmail.users.messages.get({
          userId: 'me',
          id,
          format: 'metadata',
          metadataHeaders: [...headers],
        });
        return messageHeaders(data);
      }, null),
    thread: (threadId, headers) =>
      unlessGone(async () => {
        const { data } = await gmail.users.threads.get({
          userId: 'me',
          id: threadId,
          format: 'metadata',
          metadataHeaders: [...headers],
        });
        return (data.messages ?? []).flatMap((message) => messageHeaders(message) ?? []);
      }, []),
    deliveryStatus: (id) =>
      unlessGone(async () => {
        const { data } = await gmail.users.messages.get({ userId: 'me', id, format: 'full' });
        const part = findPart(data.payload, DELIVERY_STATUS_TYPE);
        if (!part?.body) return null;
        let encoded = part.body.data;
        // A part Gmail counts as an attachment comes by its own call.
        if (!encoded && part.body.attachmentId) {
          encoded = (
            await gmail.users.messages.attachments.get({ userId: 'me', messageId: id, id: part.body.attachmentId })
          ).data.data;
        }
        return encoded ? Buffer.from(encoded, 'base64url').toString('utf8') : null;
      }, null),
  };
}

/**
 * The ports of google-ports.ts through googleapis, with every endpoint from configuration so that the local
 * sandbox can stand in. API clients are kept per refresh token, so access tokens are reused until they expire.
 */
@Injectable()
export class GoogleApisGateway extends GoogleGateway {
  private readonly clients = new Map<string, GoogleApis>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    super();
  }

  /** Without an OAuth client nothing can be connected: say so instead of failing later. */
  assertConfigured(): void {
    if (!this.config.GOOGLE_CLIENT_ID || !this.config.GOOGLE_CLIENT_SECRET) {
      throw new ServiceUnavailableException(
        'Google sign-in is not configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET).',
      );
    }
  }

  /** The consent page's address for the OAuth web-server flow, asking for a refresh token. */
  authUrl(state: string, loginHint?: string): string {
    return this.oauthClient().generateAuthUrl({
      access_type: 'offline',
      prompt: 'consent',
      include_granted_scopes: true,
      scope: GOOGLE_SCOPES,
      state,
      // Only when there is one: the client would otherwise send an empty login_hint.
      ...(loginHint ? { login_hint: loginHint } : {}),
    });
  }

  /** Exchanges the callback's code and reads who signed in. */
  async exchangeCode(code: string): Promise<{ refreshToken: string; scopes: string; profile: GoogleProfile }> {
    const client = this.oauthClient();
    const { tokens } = await client.getToken(code);
    if (!tokens.refresh_token) throw new Error('Google returned no refresh token');
    client.setCredentials(tokens);
    const { data } = await new oauth2_v2.Oauth2({
      auth: client,
      rootUrl: this.rootUrl('https://www.googleapis.com/'),
    }).userinfo.get();
    if (!data.email || !data.id) throw new Error('Google returned no e-mail address for the account');
    return {
      refreshToken: tokens.refresh_token,
      scopes: tokens.scope ?? GOOGLE_SCOPES.join(' '),
      profile: {
        googleUserId: data.id,
        email: data.email.toLowerCase(),
        name: data.name || data.email,
        picture: data.picture ?? null,
      },
    };
  }

  /** Revokes a refresh token at Google (and the access tokens issued from it). */
  async revoke(refreshToken: string): Promise<void> {
    this.clients.delete(refreshToken);
    await call(() => this.oauthClient().revokeToken(refreshToken));
  }

  session(refreshToken: string): GoogleSession {
    const { drive, sheets, gmail, gmailRead } = this.apisFor(refreshToken);
    return {
      drive: {
        listFiles: (query, pageToken) =>
          call(async () => {
            const { data } = await drive.files.list({
              q: query,
              orderBy: 'folder,name',
              pageSize: 1000,
              pageToken,
              // My Drive and the shared drives the account is a member of.
              corpora: 'allDrives',
              supportsAllDrives: true,
              includeItemsFromAllDrives: true,
              fields: 'nextPageToken, files(id, name, mimeType, modifiedTime, thumbnailLink)',
            });
            const files: DriveFile[] = (data.files ?? []).flatMap((file) =>
              file.id && file.name && file.mimeType
                ? [
                    {
                      id: file.id,
                      name: file.name,
                      mimeType: file.mimeType,
                      modifiedTime: file.modifiedTime ?? null,
                      thumbnailLink: file.thumbnailLink ?? null,
                    },
                  ]
                : [],
            );
            return { files, nextPageToken: data.nextPageToken ?? null };
          }),
        getFile: (fileId) =>
          call(async () => {
            const { data } = await drive.files.get({ fileId, fields: 'id, mimeType', supportsAllDrives: true });
            return { id: data.id ?? fileId, mimeType: data.mimeType ?? null };
          }),
        download: (fileId, maxBytes) =>
          call(async () => {
            const { data: file } = await drive.files.get({
              fileId,
              fields: 'name, mimeType, size',
              supportsAllDrives: true,
            });
            const name = file.name ?? fileId;
            if (Number(file.size ?? 0) > maxBytes) return { kind: 'too-large', name, size: Number(file.size) };
            const { data } = await drive.files.get(
              { fileId, alt: 'media', supportsAllDrives: true },
              { responseType: 'arraybuffer' },
            );
            const content = Buffer.from(data as unknown as ArrayBuffer);
            // Drive leaves out the size of some files: the bytes read decide then.
            if (content.length > maxBytes) return { kind: 'too-large', name, size: content.length };
            return { kind: 'file', name, mimeType: file.mimeType ?? 'application/octet-stream', content };
          }),
        linkSharing: async (fileId) => {
          try {
            const { data } = await call(() =>
              drive.permissions.list({ fileId, supportsAllDrives: true, fields: 'permissions(type, role)' }),
            );
            return (data.permissions ?? []).some((permission) => permission.type === 'anyone')
              ? 'anyone'
              : 'restricted';
          } catch (error) {
            // An account that may not read the file's permissions (403), or cannot see the file (404), cannot tell.
            if (
              error instanceof GoogleCallError &&
              (error.failure.kind === 'forbidden' || error.failure.kind === 'not_found')
            )
              return 'unknown';
            throw error;
          }
        },
      },
      sheets: {
        tabs: (spreadsheetId) =>
          call(async () => {
            const { data } = await sheets.spreadsheets.get({
              spreadsheetId,
              fields: 'sheets.properties(title,gridProperties.rowCount)',
            });
            return (data.sheets ?? []).flatMap(({ properties }) =>
              properties?.title
                ? [{ title: properties.title, rowCount: properties.gridProperties?.rowCount ?? 0 }]
                : [],
            );
          }),
        values: (spreadsheetId, range) =>
          call(async () => {
            const { data } = await sheets.spreadsheets.values.get({
              spreadsheetId,
              range,
              majorDimension: 'ROWS',
              valueRenderOption: 'FORMATTED_VALUE',
            });
            return (data.values ?? []) as unknown[][];
          }),
      },
      gmail: {
        send: (raw, threadId) =>
          call(async () => {
            const { data } = await gmail.users.messages.send({
              userId: 'me',
              requestBody: threadId ? { raw, threadId } : { raw },
            });
            return { id: data.id ?? null, threadId: data.threadId ?? null };
          }),
      },
      mailbox: gmailReadPort(gmailRead),
    };
  }

  /** Drive, Sheets and Gmail acting as the account of this refresh token. */
  private apisFor(refreshToken: string): GoogleApis {
    let apis = this.clients.get(refreshToken);
    if (!apis) {
      const auth = this.oauthClient();
      auth.setCredentials({ refresh_token: refreshToken });
      // Transient failures (429, 5xx) are retried by the client with backoff; idempotent calls only. A call
      // that gets no answer in time is retried once, so a hung Google costs at most two timeouts.
      const timeout = this.config.GOOGLE_TIMEOUT_MS;
      const retryConfig = {
        retry: 2,
        noResponseRetries: 1,
        statusCodesToRetry: [
          [429, 429],
          [500, 599],
        ] as [number, number][],
      };
      const options = { auth, timeout, retryConfig };
      apis = {
        drive: new drive_v3.Drive({ ...options, rootUrl: this.rootUrl('https://www.googleapis.com/') }),
        sheets: new sheets_v4.Sheets({ ...options, rootUrl: this.rootUrl('https://sheets.googleapis.com/') }),
        gmail: new gmail_v1.Gmail({ auth, timeout, rootUrl: this.rootUrl('https://gmail.googleapis.com/') }),
        gmailRead: new gmail_v1.Gmail({ ...options, rootUrl: this.rootUrl('https://gmail.googleapis.com/') }),
      };
      this.clients.set(refreshToken, apis);
    }
    return apis;
  }

  /** Where Google sends the browser back (PUBLIC_URL's origin): a sign-in started from another origin lands signed out. */
  appOrigin(): string {
    return new URL(this.config.PUBLIC_URL).origin;
  }

  /** Drops cached clients of a token that is no longer in use. */
  forget(refreshToken: string): void {
    this.clients.delete(refreshToken);
  }

  private oauthClient(): OAuth2Client {
    this.assertConfigured();
    const { GOOGLE_CLIENT_ID, GOOGLE_CLIENT_SECRET, PUBLIC_URL } = this.config;
    return new OAuth2Client({
      clientId: GOOGLE_CLIENT_ID,
      clientSecret: GOOGLE_CLIENT_SECRET,
      redirectUri: new URL(GOOGLE_CALLBACK_PATH, PUBLIC_URL).toString(),
      // An access token can be invalidated before its expiry (a password change, a revoked session): refresh and
      // retry once on a 401 instead of failing until the cached token runs out.
      forceRefreshOnFailure: true,
      endpoints: {
        oauth2AuthBaseUrl: this.config.GOOGLE_AUTH_URL,
        oauth2TokenUrl: this.config.GOOGLE_TOKEN_URL,
        oauth2RevokeUrl: this.config.GOOGLE_REVOKE_URL,
      },
    });
  }

  private rootUrl(googleDefault: string): string {
    const root = this.config.GOOGLE_API_ROOT_URL;
    return root ? (root.endsWith('/') ? root : `${root}/`) : googleDefault;
  }
}
