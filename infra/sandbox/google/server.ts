// A local Google: OAuth 2.0 (web server flow), userinfo, Drive v3 (files, shared drives, permissions), Sheets v4
// values and Gmail v1 (send, and each account's mailbox: messages, threads, history), on the paths googleapis and
// google-auth-library call when their root URL points here. Seeded with a casting agency's Drive (or a data
// folder), with inspection, the customer's side of the mail (replies, bounces) and fault controls under /sandbox.
// See README.md.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadDataFolder } from './data-folder.ts';
import { findFile, getFile, getPermission, listFiles, listPermissions } from './drive.ts';
import { getDrive, listDrives } from './drive-sharing.ts';
import { FaultError, parseFault, sendFault, takeFaults, type Fault } from './faults.ts';
import {
  MAILER_DAEMON,
  bounceMessage,
  defaultDiagnostic,
  replyMessage,
  type OriginalMessage,
} from './customer-mail.ts';
import { decodeMail, extractMessage, type StoredMail } from './gmail.ts';
import {
  attachmentResource,
  canReadProfile,
  checkId,
  historyList,
  listMessages,
  messageFormat,
  messageResource,
  notFound,
  profileResource,
  readAccess,
  threadResource,
} from './gmail-read.ts';
import {
  BodyTooLargeError,
  GoogleApiError,
  createContext,
  readBody,
  sendBytes,
  sendGoogleError,
  sendHtml,
  sendInsufficientScopes,
  sendJson,
  sendJsonBytes,
  sendSandboxError,
  type Context,
} from './http.ts';
import { avatarSvg, iconSvg, thumbnailSvg } from './images.ts';
import { Mailboxes, type MailboxMessage } from './mailbox.ts';
import { headerValue } from './mime.ts';
import { OAuthServer, SCOPE_EMAIL, SCOPE_PROFILE, type Authenticated } from './oauth.ts';
import { errorPage, filePage, indexPage, sheetPage } from './pages.ts';
import { stableId } from './prng.ts';
import { buildSeed } from './seed.ts';
import { generatePostRows } from './seed-posts.ts';
import { POST_HEADER_ROW_FIELDS, POST_HEADER_ROW_KO } from './sheet-columns.ts';
import { findSpreadsheet, spreadsheetResource, valueRange } from './sheets.ts';
import {
  FOLDER_MIME,
  SPREADSHEET_MIME,
  cloneData,
  hasThumbnail,
  isGoogleType,
  nextSheetId,
  type DriveData,
  type DriveNode,
} from './store.ts';

export { SAMPLE_ACCOUNTS, SAMPLE_ACCOUNT_EMAILS, SEED } from './seed.ts';
export * from './sheet-columns.ts';
export type { Account } from './store.ts';
export type { SentMail } from './gmail.ts';
export type { FaultKind } from './faults.ts';

export const DEFAULT_CLIENT_ID = 'sandbox-client-id';
export const DEFAULT_CLIENT_SECRET = 'sandbox-client-secret';

export interface GoogleSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  clientId?: string;
  clientSecret?: string;
  /** A folder with drive.json and CSV files to serve instead of the seed. */
  dataDir?: string;
  /** Keeps the issued refresh tokens in this JSON file, so they outlive a restart (see OAuthOptions.grantsFile). */
  grantsFile?: string;
  /** One line per request and per notable event; silent when omitted. */
  log?: (line: string) => void;
}

export interface GoogleSandbox {
  /** e.g. `http://127.0.0.1:4010`, without a trailing slash. */
  url: string;
  port: number;
  close(): Promise<void>;
}

/**
 * The endpoints an OAuth2Client of google-auth-library needs to use the sandbox:
 * `new OAuth2Client({ clientId, clientSecret, redirectUri, endpoints: oauthEndpoints(url) })`.
 */
export function oauthEndpoints(url: string) {
  const base = url.replace(/\/+$/, '');
  return {
    oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
    oauth2TokenUrl: `${base}/token`,
    oauth2RevokeUrl: `${base}/revoke`,
    tokenInfoUrl: `${base}/tokeninfo`,
    oauth2FederatedSignonPemCertsUrl: `${base}/oauth2/v1/certs`,
    oauth2FederatedSignonJwkCertsUrl: `${base}/oauth2/v3/certs`,
  };
}

const G = 'https://www.googleapis.com/auth/';
const DRIVE_ALL = [`${G}drive`, `${G}drive.readonly`, `${G}drive.metadata`, `${G}drive.metadata.readonly`];
const SHEETS_ALL = [`${G}spreadsheets`, `${G}spreadsheets.readonly`, `${G}drive`, `${G}drive.readonly`];
const GMAIL_SEND = [`${G}gmail.send`, `${G}gmail.compose`, `${G}gmail.modify`, 'https://mail.google.com/'];
const MAX_GENERATED_ROWS = 200_000;

type Visibility = (node: DriveNode) => boolean;

/** What Drive shows a token: everything (drive, drive.readonly, drive.metadata*), photos only, or nothing. */
function driveVisibility(scopes: Set<string>): Visibility | null {
  if (DRIVE_ALL.some((s) => scopes.has(s))) return () => true;
  if (scopes.has(`${G}drive.photos.readonly`)) return (node) => node.mimeType.startsWith('image/');
  // drive.file sees only files the app created or was given (none here).
  if (scopes.has(`${G}drive.file`) || scopes.has(`${G}drive.appdata`)) return () => false;
  return null;
}

function sheetsVisibility(scopes: Set<string>): Visibility | null {
  if (SHEETS_ALL.some((s) => scopes.has(s))) return () => true;
  if (scopes.has(`${G}drive.file`)) return () => false;
  return null;
}

function segments(path: string): string[] | null {
  try {
    return path
      .split('/')
      .slice(1)
      .map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

export async function startGoogleSandbox(options: GoogleSandboxOptions = {}): Promise<GoogleSandbox> {
  const log = options.log ?? (() => undefined);
  const clientId = options.clientId ?? DEFAULT_CLIENT_ID;
  const clientSecret = options.clientSecret ?? DEFAULT_CLIENT_SECRET;
  const base: DriveData = options.dataDir ? await loadDataFolder(options.dataDir) : buildSeed();
  let data = cloneData(base);
  let mails: StoredMail[] = [];
  const mailboxes = new Mailboxes();
  let faults: Fault[] = [];
  let created = 0;
  /** Bumped when a spreadsheet's cells change, to drop its encoded answers. */
  const revisions = new WeakMap<DriveNode, number>();
  const encoded = new WeakMap<DriveNode, Map<string, { revision: number; bytes: Buffer }>>();
  const oauth = new OAuthServer({
    clientId,
    clientSecret,
    accounts: () => data.accounts,
    log,
    grantsFile: options.grantsFile,
  });
  oauth.warmUp();
  const pendingDelays = new Set<{ timer: NodeJS.Timeout; resolve: () => void }>();
  let closing = false;

  const delay = (ms: number) =>
    new Promise<void>((resolve) => {
      const entry = {
        timer: setTimeout(() => {
          pendingDelays.delete(entry);
          resolve();
        }, ms),
        resolve,
      };
      pendingDelays.add(entry);
    });

  function reset(): void {
    data = cloneData(base);
    mails = [];
    mailboxes.clear();
    faults = [];
    created = 0;
    oauth.clear();
  }

  function account(email: string) {
    return data.accounts.find((a) => a.email.toLowerCase() === email.toLowerCase());
  }

  // --- APIs -----------------------------------------------------------------------------------------------

  function userinfo(ctx: Context, auth: Authenticated, v3: boolean): void {
    const email = auth.scopes.has(SCOPE_EMAIL);
    const profile = auth.scopes.has(SCOPE_PROFILE);
    if (!email && !profile && !auth.scopes.has('openid')) {
      sendInsufficientScopes(ctx, 'oauth2.googleapis.com');
      return;
    }
    const a = auth.account;
    const picture = `${ctx.origin}/sandbox/avatars/${a.id}`;
    const body: Record<string, unknown> = v3 ? { sub: a.id } : { id: a.id };
    if (email)
      Object.assign(body, v3 ? { email: a.email, email_verified: true } : { email: a.email, verified_email: true });
    if (profile)
      Object.assign(body, { name: a.name, given_name: a.givenName, family_name: a.familyName, picture, locale: 'ko' });
    sendJson(ctx, 200, body);
  }

  function drive(ctx: Context, auth: Authenticated, parts: string[]): void {
    const visible = driveVisibility(auth.scopes);
    if (!visible) return sendInsufficientScopes(ctx, 'drive.googleapis.com');
    const q = ctx.url.searchParams;
    // Drive reads booleans as true only when they say so.
    const supportsAllDrives = q.get('supportsAllDrives') === 'true' || q.get('supportsTeamDrives') === 'true';
    if (parts[2] === 'drives' && ctx.method === 'GET') {
      if (parts.length === 3) {
        return sendJson(
          ctx,
          200,
          listDrives(
            data,
            { pageSize: q.get('pageSize'), pageToken: q.get('pageToken'), fields: q.get('fields'), q: q.get('q') },
            ctx.origin,
          ),
        );
      }
      if (parts.length === 4) return sendJson(ctx, 200, getDrive(data, parts[3], q.get('fields'), ctx.origin));
    }
    if (parts[2] !== 'files') throw new GoogleApiError(404, 'Not Found', { status: 'NOT_FOUND' });
    if (parts.length === 3 && ctx.method === 'GET') {
      const body = listFiles(
        data,
        {
          q: q.get('q'),
          orderBy: q.get('orderBy'),
          pageSize: q.get('pageSize'),
          pageToken: q.get('pageToken'),
          fields: q.get('fields'),
          spaces: q.get('spaces'),
          corpora: q.get('corpora'),
          driveId: q.get('driveId'),
          supportsAllDrives,
          includeItemsFromAllDrives:
            q.get('includeItemsFromAllDrives') === 'true' || q.get('includeTeamDriveItems') === 'true',
        },
        auth.account,
        ctx.origin,
        visible,
      );
      return sendJson(ctx, 200, body);
    }
    if (parts.length === 5 && parts[4] === 'permissions' && ctx.method === 'GET') {
      return sendJson(
        ctx,
        200,
        listPermissions(data, parts[3], q.get('fields'), auth.account, ctx.origin, visible, supportsAllDrives),
      );
    }
    if (parts.length === 6 && parts[4] === 'permissions' && ctx.method === 'GET') {
      return sendJson(
        ctx,
        200,
        getPermission(data, parts[3], parts[5], q.get('fields'), auth.account, ctx.origin, visible, supportsAllDrives),
      );
    }
    if (parts.length === 4 && ctx.method === 'GET') {
      if (q.get('alt') === 'media') {
        const node = findFile(data, parts[3], visible, supportsAllDrives);
        if (isGoogleType(node.mimeType)) {
          const message = 'Only files with binary content can be downloaded. Use Export with Docs Editors files.';
          throw new GoogleApiError(403, message, {
            errors: [
              { message, domain: 'global', reason: 'fileNotDownloadable', location: 'alt', locationType: 'parameter' },
            ],
          });
        }
        return sendContent(ctx, node);
      }
      return sendJson(
        ctx,
        200,
        getFile(data, parts[3], q.get('fields'), auth.account, ctx.origin, visible, supportsAllDrives),
      );
    }
    throw new GoogleApiError(404, 'Not Found', { status: 'NOT_FOUND' });
  }

  function sheets(ctx: Context, auth: Authenticated, parts: string[]): void {
    // parts: v4, spreadsheets, {id}, [values, {range}] | [values:batchGet]
    const visible = sheetsVisibility(auth.scopes);
    if (!visible) return sendInsufficientScopes(ctx, 'sheets.googleapis.com');
    if (ctx.method !== 'GET')
      throw new GoogleApiError(405, 'Method not allowed in the sandbox', { status: 'UNIMPLEMENTED' });
    const q = ctx.url.searchParams;
    const spreadsheet = findSpreadsheet(data, parts[2], visible);
    const options = {
      majorDimension: q.get('majorDimension'),
      valueRenderOption: q.get('valueRenderOption'),
      dateTimeRenderOption: q.get('dateTimeRenderOption'),
    };
    if (parts.length === 3)
      return sendJson(ctx, 200, spreadsheetResource(spreadsheet, ctx.origin, q.get('includeGridData') === 'true'));
    if (parts.length === 5 && parts[3] === 'values') {
      // Large answers are kept encoded until the spreadsheet changes, so benchmarks that read a 20,000-row sheet
      // again and again measure the client, not the sandbox.
      const key = JSON.stringify([parts[4], options]);
      const revision = revisions.get(spreadsheet) ?? 0;
      let cache = encoded.get(spreadsheet);
      const hit = cache?.get(key);
      if (hit && hit.revision === revision) return sendJsonBytes(ctx, 200, hit.bytes);
      const bytes = Buffer.from(JSON.stringify(valueRange(spreadsheet, parts[4], options)));
      if (bytes.length >= 256 * 1024) {
        if (!cache || cache.size >= 8) encoded.set(spreadsheet, (cache = new Map()));
        cache.set(key, { revision, bytes });
      }
      return sendJsonBytes(ctx, 200, bytes);
    }
    if (parts.length === 4 && parts[3] === 'values:batchGet') {
      const ranges = q.getAll('ranges');
      const valueRanges = ranges.map((range) => valueRange(spreadsheet, range, options));
      return sendJson(ctx, 200, { spreadsheetId: spreadsheet.id, valueRanges });
    }
    throw new GoogleApiError(404, 'Requested entity was not found.', { status: 'NOT_FOUND' });
  }

  /** `userId` is `me` or the token's own address; anyone else's mailbox is refused as Gmail does. */
  function checkUserId(auth: Authenticated, userId: string): void {
    if (userId !== 'me' && userId.toLowerCase() !== auth.account.email.toLowerCase()) {
      const message = `Delegation denied for ${auth.account.email}`;
      throw new GoogleApiError(403, message, {
        errors: [{ message, domain: 'global', reason: 'forbidden' }],
        status: 'PERMISSION_DENIED',
      });
    }
  }

  async function gmailSend(ctx: Context, auth: Authenticated, userId: string, upload: boolean): Promise<void> {
    if (!GMAIL_SEND.some((s) => auth.scopes.has(s))) return sendInsufficientScopes(ctx, 'gmail.googleapis.com');
    checkUserId(auth, userId);
    const { raw, threadId } = extractMessage(ctx, upload);
    let stored: StoredMail;
    try {
      stored = await decodeMail(raw, auth.account);
    } catch (error) {
      if (error instanceof GoogleApiError) throw error;
      const message = `Invalid raw message: ${(error as Error).message}`;
      throw new GoogleApiError(400, message, {
        errors: [{ message, domain: 'global', reason: 'invalidArgument' }],
        status: 'INVALID_ARGUMENT',
      });
    }
    // The sender's mailbox files it under SENT, in the thread named or replied to.
    const filed = mailboxes.of(auth.account.email).add(raw, ['SENT'], { id: stored.mail.id, threadId });
    stored.mail.threadId = filed.threadId;
    mails.unshift(stored);
    log(
      `gmail: ${auth.account.email} sent "${stored.mail.subject}" to ${stored.mail.to.map((t) => t.address).join(', ')}`,
    );
    sendJson(ctx, 200, { id: stored.mail.id, threadId: stored.mail.threadId, labelIds: stored.mail.labelIds });
  }

  /** users.getProfile, messages.list, messages.get, messages.attachments.get, threads.get and history.list. */
  function gmailRead(ctx: Context, auth: Authenticated, gmail: string[]): void {
    // gmail: gmail, v1, users, {userId}, …
    const [, , , userId, resource, id, sub, subId] = gmail;
    if (ctx.method !== 'GET') throw new GoogleApiError(404, 'Not Found', { status: 'NOT_FOUND' });
    if (resource === 'profile' && gmail.length === 5) {
      if (!canReadProfile(auth.scopes)) return sendInsufficientScopes(ctx, 'gmail.googleapis.com');
      checkUserId(auth, userId);
      return sendJson(ctx, 200, profileResource(mailboxes.of(auth.account.email)));
    }
    const access = readAccess(auth.scopes);
    if (!access) return sendInsufficientScopes(ctx, 'gmail.googleapis.com');
    checkUserId(auth, userId);
    const mailbox = mailboxes.of(auth.account.email);
    const q = ctx.url.searchParams;
    if (resource === 'history' && gmail.length === 5) {
      const request = {
        startHistoryId: q.get('startHistoryId'),
        historyTypes: q.getAll('historyTypes'),
        labelId: q.get('labelId'),
        maxResults: q.get('maxResults'),
        pageToken: q.get('pageToken'),
      };
      return sendJson(ctx, 200, historyList(mailbox, request));
    }
    if (resource === 'messages' && gmail.length === 5) {
      const request = {
        labelIds: q.getAll('labelIds'),
        q: q.get('q'),
        maxResults: q.get('maxResults'),
        pageToken: q.get('pageToken'),
      };
      return sendJson(ctx, 200, listMessages(mailbox, request, access));
    }
    if (resource === 'messages' && id && gmail.length === 6) {
      const format = messageFormat(q.get('format'), access);
      checkId(id);
      const message = mailbox.find(id);
      if (!message) throw notFound();
      return sendJson(ctx, 200, messageResource(message, format, q.getAll('metadataHeaders')));
    }
    if (resource === 'messages' && id && sub === 'attachments' && subId && gmail.length === 8) {
      if (access !== 'full') return sendInsufficientScopes(ctx, 'gmail.googleapis.com');
      checkId(id);
      const message = mailbox.find(id);
      if (!message) throw notFound();
      return sendJson(ctx, 200, attachmentResource(message, subId));
    }
    if (resource === 'threads' && id && gmail.length === 6) {
      const format = messageFormat(q.get('format'), access);
      checkId(id);
      const thread = mailbox.thread(id);
      if (thread.length === 0) throw notFound();
      return sendJson(ctx, 200, threadResource(thread, format, q.getAll('metadataHeaders')));
    }
    throw new GoogleApiError(404, 'Not Found', { status: 'NOT_FOUND' });
  }

  // --- Sandbox pages and controls -----------------------------------------------------------------------------

  function sendContent(ctx: Context, node: DriveNode): void {
    if (hasThumbnail(node)) return sendBytes(ctx, 200, 'image/svg+xml; charset=utf-8', thumbnailSvg(node, 800));
    sendBytes(
      ctx,
      200,
      'text/plain; charset=utf-8',
      `Google sandbox placeholder content of ${node.name} (${node.mimeType})\n`,
    );
  }

  /** Sends of an account over the rolling 24 hours Gmail's daily limit counts, and when the oldest leaves it. */
  function sendingWindow(email: string): { sent: number; recipients: number; windowEnd: Date } {
    const since = Date.now() - 86400000;
    const recent = mails.filter(
      (m) => m.mail.account.toLowerCase() === email.toLowerCase() && Date.parse(m.mail.sentAt) > since,
    );
    const oldest = recent.length > 0 ? Math.min(...recent.map((m) => Date.parse(m.mail.sentAt))) : Date.now();
    return {
      sent: recent.length,
      recipients: recent.reduce((sum, m) => sum + m.mail.to.length + m.mail.cc.length + m.mail.bcc.length, 0),
      windowEnd: new Date(oldest + 86400000),
    };
  }

  function mailboxSummary(message: MailboxMessage) {
    const header = (name: string) => headerValue(message.root.headers, name);
    return {
      id: message.id,
      threadId: message.threadId,
      labelIds: message.labelIds,
      historyId: String(message.historyId),
      messageId: message.messageId,
      from: header('from'),
      to: header('to'),
      subject: header('subject') ?? '',
      snippet: message.snippet,
      internalDate: String(message.internalDate),
    };
  }

  function originalOf(stored: StoredMail): { original: OriginalMessage; filed: MailboxMessage } | null {
    const filed = mailboxes.of(stored.mail.account).find(stored.mail.id);
    if (!filed) return null;
    return {
      filed,
      original: {
        raw: filed.raw,
        messageId: filed.messageId,
        references: headerValue(filed.root.headers, 'references'),
        subject: stored.mail.subject,
        account: stored.mail.account,
      },
    };
  }

  function recipientsOf(stored: StoredMail) {
    return [...stored.mail.to, ...stored.mail.cc, ...stored.mail.bcc];
  }

  /** Files mail from the other side in the sending account's mailbox, in the original's thread, unread. */
  function deliver(ctx: Context, stored: StoredMail, filed: MailboxMessage, raw: Buffer): void {
    const message = mailboxes.of(stored.mail.account).add(raw, ['INBOX', 'UNREAD'], { threadId: filed.threadId });
    log(`gmail: ${stored.mail.account} received "${headerValue(message.root.headers, 'subject') ?? ''}"`);
    sendJson(ctx, 201, { ...mailboxSummary(message), account: stored.mail.account });
  }

  function customerReply(ctx: Context, stored: StoredMail): void {
    const body = (ctx.json() ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) return sendSandboxError(ctx, 400, 'expected a JSON object');
    const found = originalOf(stored);
    if (!found) return sendSandboxError(ctx, 404, 'no such sent message');
    const first = recipientsOf(stored)[0];
    const address = body.from === undefined ? first?.address : body.from;
    if (typeof address !== 'string' || !/^[^\s@<>]+@[^\s@<>]+$/.test(address))
      return sendSandboxError(ctx, 400, 'from must be an e-mail address');
    for (const key of ['name', 'text', 'html'] as const) {
      if (body[key] !== undefined && typeof body[key] !== 'string')
        return sendSandboxError(ctx, 400, `${key} must be a string`);
    }
    const name =
      (body.name as string | undefined) ??
      recipientsOf(stored).find((r) => r.address.toLowerCase() === address.toLowerCase())?.name;
    const text =
      (body.text as string | undefined) ?? '안녕하세요. 보내주신 메일 잘 받았습니다. 검토 후 다시 연락드리겠습니다.';
    const raw = replyMessage(found.original, {
      from: { name: name || undefined, address },
      text,
      html: body.html as string | undefined,
      date: new Date(),
    });
    deliver(ctx, stored, found.filed, raw);
  }

  function mailerDaemonBounce(ctx: Context, stored: StoredMail): void {
    const body = (ctx.json() ?? {}) as Record<string, unknown>;
    if (typeof body !== 'object' || Array.isArray(body)) return sendSandboxError(ctx, 400, 'expected a JSON object');
    const found = originalOf(stored);
    if (!found) return sendSandboxError(ctx, 404, 'no such sent message');
    const recipients = recipientsOf(stored).map((r) => r.address);
    const recipient = body.recipient === undefined ? recipients[0] : body.recipient;
    if (typeof recipient !== 'string' || !recipients.some((r) => r.toLowerCase() === recipient.toLowerCase())) {
      return sendSandboxError(ctx, 400, `recipient must be one of the message's recipients: ${recipients.join(', ')}`);
    }
    const status = body.status === undefined ? '5.1.1' : body.status;
    if (typeof status !== 'string' || !/^[45]\.\d{1,3}\.\d{1,3}$/.test(status))
      return sendSandboxError(ctx, 400, 'status must be an RFC 3463 code such as 5.1.1');
    const diagnostic = body.diagnostic === undefined ? defaultDiagnostic(status) : body.diagnostic;
    if (typeof diagnostic !== 'string' || diagnostic.trim() === '' || diagnostic.length > 2000) {
      return sendSandboxError(
        ctx,
        400,
        'diagnostic must be the remote server\'s answer, e.g. "550 5.1.1 User unknown"',
      );
    }
    const raw = bounceMessage(found.original, { recipient, status, diagnostic, date: new Date() });
    log(`gmail: ${MAILER_DAEMON} bounces ${recipient} (${status})`);
    deliver(ctx, stored, found.filed, raw);
  }

  function mailSummary(stored: StoredMail) {
    return {
      id: stored.mail.id,
      account: stored.mail.account,
      subject: stored.mail.subject,
      to: stored.mail.to.map((t) => t.address).join(', '),
      sentAt: stored.mail.sentAt,
    };
  }

  function sheetValuesInput(value: unknown): string[][] | null {
    if (!Array.isArray(value)) return null;
    const rows: string[][] = [];
    for (const row of value) {
      if (!Array.isArray(row)) return null;
      rows.push(row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
    }
    return rows;
  }

  function addSpreadsheet(name: string, parentId: string, sheetEntries: [string, string[][]][]): DriveNode {
    const now = new Date().toISOString();
    created++;
    const id = stableId(`sandbox-created:${created}:${name}`, 44);
    const node: DriveNode = {
      id,
      name,
      mimeType: SPREADSHEET_MIME,
      parentId,
      createdTime: now,
      modifiedTime: now,
      trashed: false,
      starred: false,
      sheets: [],
    };
    for (const [title, values] of sheetEntries)
      node.sheets?.push({ sheetId: nextSheetId(node.sheets, id), title, values });
    if (node.sheets?.length === 0) node.sheets.push({ sheetId: 0, title: '시트1', values: [] });
    data.nodes.set(id, node);
    return node;
  }

  function sandboxParent(ctx: Context, parentId: unknown): string | null {
    const id = parentId === undefined || parentId === 'root' ? data.rootId : parentId;
    const parent = typeof id === 'string' ? data.nodes.get(id) : undefined;
    if (!parent || parent.mimeType !== FOLDER_MIME) {
      sendSandboxError(ctx, 400, `parentId ${String(parentId)} is not a folder`);
      return null;
    }
    return parent.id;
  }

  async function sandbox(ctx: Context, parts: string[]): Promise<void> {
    // parts[0] === 'sandbox'
    const [, section, ...rest] = parts;
    const { method } = ctx;
    if (!section && method === 'GET') {
      const received = mailboxes
        .all()
        .flatMap((mailbox) =>
          mailbox.messages.filter((m) => m.labelIds.includes('INBOX')).map((m) => ({ mailbox, message: m })),
        )
        .sort((a, b) => b.message.internalDate - a.message.internalDate)
        .map(({ mailbox, message }) => ({
          id: message.id,
          account: mailbox.account,
          from: headerValue(message.root.headers, 'from') ?? '',
          subject: headerValue(message.root.headers, 'subject') ?? '',
          receivedAt: new Date(message.internalDate).toISOString(),
        }));
      return sendHtml(ctx, 200, indexPage({ data, mails: mails.map(mailSummary), received, faults, clientId }));
    }
    if (section === 'oauth' && rest[0] === 'approve' && method === 'GET') return oauth.approve(ctx);
    if (section === 'oauth' && rest[0] === 'deny' && method === 'GET') return oauth.deny(ctx);
    if (section === 'accounts' && rest.length === 0 && method === 'GET') {
      return sendJson(
        ctx,
        200,
        data.accounts.map((a) => ({ ...a, picture: `${ctx.origin}/sandbox/avatars/${a.id}` })),
      );
    }
    if (section === 'avatars' && rest.length === 1 && method === 'GET') {
      const a = data.accounts.find((item) => item.id === rest[0] || item.email === rest[0]);
      if (!a) return sendSandboxError(ctx, 404, 'no such account');
      return sendBytes(ctx, 200, 'image/svg+xml; charset=utf-8', avatarSvg(a), {
        'cache-control': 'public, max-age=3600',
      });
    }
    if (section === 'thumbnails' && rest.length === 1 && method === 'GET') {
      const match = /^([^=]+)(?:=[sw](\d+).*)?$/.exec(rest[0]);
      const node = match ? data.nodes.get(match[1]) : undefined;
      if (!node || !hasThumbnail(node)) return sendSandboxError(ctx, 404, 'no thumbnail');
      const size = Math.min(
        Math.max(Number(match?.[2] ?? ctx.url.searchParams.get('sz')?.replace(/\D/g, '') ?? 220) || 220, 32),
        1600,
      );
      return sendBytes(ctx, 200, 'image/svg+xml; charset=utf-8', thumbnailSvg(node, size), {
        'cache-control': 'public, max-age=3600',
      });
    }
    if (section === 'icons' && rest[1] === 'type' && rest.length >= 3 && method === 'GET') {
      const size = Math.min(Math.max(Number(rest[0]) || 16, 8), 256);
      return sendBytes(ctx, 200, 'image/svg+xml; charset=utf-8', iconSvg(rest.slice(2).join('/'), size), {
        'cache-control': 'public, max-age=86400',
      });
    }
    if (section === 'drive' && rest[0] === 'files' && rest[1] && method === 'GET') {
      const node = data.nodes.get(rest[1]);
      if (!node) return sendHtml(ctx, 404, errorPage('파일을 찾을 수 없습니다', rest[1]));
      if (rest[2] === 'content') return sendContent(ctx, node);
      return sendHtml(ctx, 200, filePage(data, node));
    }
    if (section === 'gmail' && rest[0] === 'messages') {
      if (rest.length === 1 && method === 'GET') {
        const filter = ctx.url.searchParams.get('account')?.toLowerCase();
        return sendJson(
          ctx,
          200,
          mails.filter((m) => !filter || m.mail.account.toLowerCase() === filter).map((m) => m.mail),
        );
      }
      if (rest.length === 1 && method === 'DELETE') {
        const count = mails.length;
        mails = [];
        mailboxes.clear();
        return sendJson(ctx, 200, { deleted: count });
      }
      const stored = mails.find((m) => m.mail.id === rest[1]);
      if (rest.length === 3 && method === 'POST' && (rest[2] === 'reply' || rest[2] === 'bounce')) {
        if (!stored) return sendSandboxError(ctx, 404, 'no such sent message');
        return rest[2] === 'reply' ? customerReply(ctx, stored) : mailerDaemonBounce(ctx, stored);
      }
      if (rest.length >= 2 && method === 'GET') {
        if (!stored) return sendSandboxError(ctx, 404, 'no such message');
        if (rest.length === 2) return sendJson(ctx, 200, stored.mail);
        if (rest[2] === 'raw') return sendBytes(ctx, 200, 'message/rfc822', stored.raw);
        if (rest[2] === 'html') {
          // The message's own HTML, sandboxed so its scripts cannot run.
          return sendHtml(
            ctx,
            200,
            stored.mail.html ??
              `<pre>${(stored.mail.text ?? '').replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`)}</pre>`,
            {
              'content-security-policy': 'sandbox; default-src data:',
            },
          );
        }
      }
    }
    if (section === 'gmail' && rest[0] === 'accounts' && rest.length === 1 && method === 'GET') {
      return sendJson(
        ctx,
        200,
        data.accounts.map((a) => {
          const mailbox = mailboxes.of(a.email);
          const window = sendingWindow(a.email);
          return {
            account: a.email,
            historyId: String(mailbox.historyId),
            messagesTotal: mailbox.messages.length,
            threadsTotal: mailbox.threadCount(),
            sentLast24Hours: window.sent,
            recipientsLast24Hours: window.recipients,
          };
        }),
      );
    }
    if (section === 'gmail' && rest[0] === 'mailbox' && rest.length === 1 && method === 'GET') {
      const email = ctx.url.searchParams.get('account') ?? '';
      if (!account(email)) return sendSandboxError(ctx, 400, 'account must name one of the sandbox accounts');
      return sendJson(ctx, 200, mailboxes.of(email).messages.map(mailboxSummary));
    }
    if (section === 'gmail' && rest[0] === 'history' && rest[1] === 'trim' && rest.length === 2 && method === 'POST') {
      const body = ctx.json() as { account?: unknown } | undefined;
      const email = typeof body?.account === 'string' ? body.account : null;
      if (email !== null && !account(email)) return sendSandboxError(ctx, 404, `no account ${email}`);
      const trimmed = email !== null ? [mailboxes.of(email)] : data.accounts.map((a) => mailboxes.of(a.email));
      for (const mailbox of trimmed) mailbox.trimHistory();
      return sendJson(ctx, 200, {
        trimmed: trimmed.map((m) => ({ account: m.account, historyId: String(m.historyId) })),
      });
    }
    if (section === 'faults') {
      if (rest.length === 0 && method === 'GET') return sendJson(ctx, 200, faults);
      if (rest.length === 0 && method === 'POST') {
        let fault: Fault;
        try {
          fault = parseFault(ctx.json());
        } catch (error) {
          if (error instanceof FaultError) return sendSandboxError(ctx, 400, error.message);
          throw error;
        }
        faults.push(fault);
        log(
          `fault: ${fault.kind} on ${fault.path ?? 'all paths'}${fault.account ? ` for ${fault.account}` : ''} (${fault.remaining ?? 'until cleared'})`,
        );
        return sendJson(ctx, 201, { id: fault.id, fault });
      }
      if (rest.length === 0 && method === 'DELETE') {
        const count = faults.length;
        faults = [];
        return sendJson(ctx, 200, { deleted: count });
      }
      if (rest.length === 1 && method === 'DELETE') {
        const before = faults.length;
        faults = faults.filter((f) => f.id !== rest[0]);
        return before === faults.length
          ? sendSandboxError(ctx, 404, 'no such fault')
          : sendJson(ctx, 200, { deleted: 1 });
      }
    }
    if (section === 'tokens' && rest[0] === 'expire' && rest.length === 1 && method === 'POST') {
      const body = ctx.json() as { account?: unknown } | undefined;
      const email = typeof body?.account === 'string' ? body.account : null;
      if (email && !account(email)) return sendSandboxError(ctx, 404, `no account ${email}`);
      return sendJson(ctx, 200, { expired: oauth.expireAccessTokens(email) });
    }
    if (section === 'spreadsheets') return sandboxSpreadsheets(ctx, rest);
    if (section === 'reset' && rest.length === 0 && method === 'POST') {
      reset();
      log('sandbox: reset');
      return sendJson(ctx, 200, { ok: true });
    }
    sendSandboxError(ctx, 404, `no sandbox route ${method} ${ctx.path}`);
  }

  function sandboxSpreadsheets(ctx: Context, rest: string[]): void {
    const { method } = ctx;
    const body = ctx.json() as Record<string, unknown> | undefined;
    if (rest.length === 0 && method === 'POST') {
      if (!body || typeof body.name !== 'string' || !body.name.trim())
        return sendSandboxError(ctx, 400, 'name is required');
      const parentId = sandboxParent(ctx, body.parentId);
      if (!parentId) return;
      const input = body.sheets ?? {};
      if (!input || typeof input !== 'object' || Array.isArray(input))
        return sendSandboxError(ctx, 400, 'sheets must be an object of sheet name → rows');
      const entries: [string, string[][]][] = [];
      for (const [title, value] of Object.entries(input)) {
        const values = sheetValuesInput(value);
        if (!values) return sendSandboxError(ctx, 400, `sheet ${title}: expected an array of rows`);
        entries.push([title, values]);
      }
      const node = addSpreadsheet(body.name, parentId, entries);
      return sendJson(ctx, 201, { id: node.id, sheets: node.sheets?.map((s) => s.title) });
    }
    if (rest.length === 1 && rest[0] === 'generated-posts' && method === 'POST') {
      const rows = body?.rows;
      if (typeof rows !== 'number' || !Number.isInteger(rows) || rows < 0 || rows > MAX_GENERATED_ROWS) {
        return sendSandboxError(ctx, 400, `rows must be a whole number from 0 to ${MAX_GENERATED_ROWS}`);
      }
      const parentId = sandboxParent(ctx, body?.parentId);
      if (!parentId) return;
      const seed = typeof body?.seed === 'number' || typeof body?.seed === 'string' ? body.seed : 'generated-posts';
      const english = body?.headers === 'fields';
      const sheetName = english ? 'posts' : '공고';
      const values = [(english ? POST_HEADER_ROW_FIELDS : POST_HEADER_ROW_KO).slice(), ...generatePostRows(rows, seed)];
      const name = typeof body?.name === 'string' && body.name.trim() ? body.name : `생성된 공고 ${rows}행`;
      const node = addSpreadsheet(name, parentId, [[sheetName, values]]);
      log(`sandbox: generated ${rows} posts in ${node.id}`);
      return sendJson(ctx, 201, { id: node.id, sheetName, rows });
    }
    if (rest.length === 3 && rest[1] === 'sheets') {
      const node = data.nodes.get(rest[0]);
      if (!node || node.mimeType !== SPREADSHEET_MIME || !node.sheets)
        return sendSandboxError(ctx, 404, 'no such spreadsheet');
      const sheet = node.sheets.find((s) => s.title === rest[2]);
      if (method === 'GET') {
        if (!sheet) return sendSandboxError(ctx, 404, 'no such sheet');
        if (String(ctx.req.headers.accept ?? '').includes('application/json'))
          return sendJson(ctx, 200, { title: sheet.title, values: sheet.values });
        return sendHtml(ctx, 200, sheetPage(node, sheet.title, sheet.values));
      }
      if (method === 'PUT') {
        const values = sheetValuesInput(body?.values);
        if (!values) return sendSandboxError(ctx, 400, 'values must be an array of rows');
        if (sheet) sheet.values = values;
        else node.sheets.push({ sheetId: nextSheetId(node.sheets, node.id), title: rest[2], values });
        node.modifiedTime = new Date().toISOString();
        revisions.set(node, (revisions.get(node) ?? 0) + 1);
        return sendJson(ctx, 200, { id: node.id, sheetName: rest[2], rows: values.length });
      }
    }
    sendSandboxError(ctx, 404, `no sandbox route ${method} ${ctx.path}`);
  }

  // --- Dispatch -------------------------------------------------------------------------------------------------

  async function route(ctx: Context): Promise<void> {
    const parts = segments(ctx.path);
    if (!parts) return sendSandboxError(ctx, 400, 'bad path encoding');
    const { method, path } = ctx;
    if (parts[0] === 'sandbox') return sandbox(ctx, parts);

    const api =
      path === '/oauth2/v2/userinfo' ||
      path === '/userinfo/v2/me' ||
      path === '/oauth2/v3/userinfo' ||
      ['drive', 'v4', 'gmail', 'upload'].includes(parts[0]);
    const target = {
      path,
      api,
      account:
        path === '/token' || path === '/revoke' || path === '/tokeninfo'
          ? oauth.accountOfRequest(ctx)
          : oauth.accountOfBearer(ctx),
      refreshGrant: path === '/token' && oauth.isRefreshGrant(ctx),
      mailSend: method === 'POST' && /^\/(upload\/)?gmail\/v1\/users\/[^/]+\/messages\/send$/.test(path),
    };
    const { delay: slow, error } = takeFaults(faults, target);
    if (slow) {
      log(`fault: slow ${slow.delayMs} ms on ${method} ${path}`);
      await delay(slow.delayMs);
      if (closing) return;
    }
    if (error) {
      log(`fault: ${error.kind} on ${method} ${path}`);
      if (error.kind === 'invalid_grant') {
        const email = error.account ?? oauth.refreshTokenAccount(ctx);
        if (email) oauth.revokeAccount(email);
      }
      return sendFault(ctx, error, target.account ? sendingWindow(target.account).windowEnd : undefined);
    }

    if ((path === '/o/oauth2/v2/auth' || path === '/o/oauth2/auth') && method === 'GET') return oauth.authorize(ctx);
    if (path === '/token' || path === '/o/oauth2/token' || path === '/oauth2/v4/token') return oauth.token(ctx);
    if ((path === '/revoke' || path === '/o/oauth2/revoke') && (method === 'POST' || method === 'GET'))
      return oauth.revoke(ctx);
    if (path === '/tokeninfo' || path === '/oauth2/v3/tokeninfo') return oauth.tokenInfo(ctx);
    if (path === '/oauth2/v1/certs' && method === 'GET') return oauth.pemCerts(ctx);
    if (path === '/oauth2/v3/certs' && method === 'GET') return oauth.jwkCerts(ctx);
    if (path === '/' && method === 'GET') {
      ctx.res.writeHead(302, { location: '/sandbox' });
      ctx.res.end();
      return;
    }

    if (!api) return sendGoogleError(ctx, 404, 'Not Found', { status: 'NOT_FOUND' });
    const auth = oauth.authenticate(ctx);
    if (!auth) return;
    if (path === '/oauth2/v2/userinfo' || path === '/userinfo/v2/me') return userinfo(ctx, auth, false);
    if (path === '/oauth2/v3/userinfo') return userinfo(ctx, auth, true);
    if (parts[0] === 'drive' && parts[1] === 'v3' && (parts[2] === 'files' || parts[2] === 'drives'))
      return drive(ctx, auth, parts);
    if (parts[0] === 'v4' && parts[1] === 'spreadsheets' && parts[2]) return sheets(ctx, auth, parts);
    const upload = parts[0] === 'upload';
    const gmail = upload ? parts.slice(1) : parts;
    if (
      gmail[0] === 'gmail' &&
      gmail[1] === 'v1' &&
      gmail[2] === 'users' &&
      gmail[4] === 'messages' &&
      gmail[5] === 'send' &&
      gmail.length === 6 &&
      method === 'POST'
    ) {
      return gmailSend(ctx, auth, gmail[3], upload);
    }
    if (!upload && gmail[0] === 'gmail' && gmail[1] === 'v1' && gmail[2] === 'users' && gmail[3] && gmail[4])
      return gmailRead(ctx, auth, gmail);
    sendGoogleError(ctx, 404, 'Not Found', { status: 'NOT_FOUND' });
  }

  let fallbackOrigin = '';
  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    res.on('finish', () =>
      log(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`),
    );
    let ctx: Context | undefined;
    try {
      const body = await readBody(req);
      ctx = createContext(req, res, body, fallbackOrigin);
      await route(ctx);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLargeError) {
        res.writeHead(413, { 'content-type': 'application/json; charset=UTF-8', connection: 'close' });
        res.end(
          JSON.stringify({ error: { code: 413, message: 'Request Entity Too Large', status: 'INVALID_ARGUMENT' } }),
        );
        return;
      }
      ctx ??= createContext(req, res, Buffer.alloc(0), fallbackOrigin);
      if (error instanceof GoogleApiError) return sendGoogleError(ctx, error.code, error.message, error.options);
      log(`error: ${(error as Error).stack ?? String(error)}`);
      sendGoogleError(ctx, 500, 'Internal error encountered.', { status: 'INTERNAL' });
    }
  }

  const server = createServer((req, res) => void handle(req, res));
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${urlHost}:${port}`;
  fallbackOrigin = url;

  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const entry of pendingDelays) {
          clearTimeout(entry.timer);
          entry.resolve();
        }
        pendingDelays.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
