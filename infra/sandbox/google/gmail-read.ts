// Gmail v1's read side over a mailbox: users.messages.list, .get (and attachments.get), users.threads.get,
// users.history.list and users.getProfile, with Gmail's resource shapes, scopes and errors.
import { GoogleApiError } from './http.ts';
import type { Mailbox, MailboxMessage } from './mailbox.ts';
import { gmailPayload, headerValue, partById } from './mime.ts';

const G = 'https://www.googleapis.com/auth/';
const FULL_READ = ['https://mail.google.com/', `${G}gmail.modify`, `${G}gmail.readonly`];
const METADATA = `${G}gmail.metadata`;

/**
 * What a token may read: everything, metadata only (ids, labels and headers), or nothing. Once `gmail.metadata`
 * is granted Gmail holds the token to it even beside `gmail.readonly`, so a client asks for one or the other.
 */
export function readAccess(scopes: Set<string>): 'full' | 'metadata' | null {
  if (scopes.has(METADATA)) return 'metadata';
  return FULL_READ.some((scope) => scopes.has(scope)) ? 'full' : null;
}

/** users.getProfile also answers the compose scope. */
export function canReadProfile(scopes: Set<string>): boolean {
  return readAccess(scopes) !== null || scopes.has(`${G}gmail.compose`);
}

export type MessageFormat = 'minimal' | 'full' | 'raw' | 'metadata';

export function notFound(): GoogleApiError {
  const message = 'Requested entity was not found.';
  return new GoogleApiError(404, message, {
    errors: [{ message, domain: 'global', reason: 'notFound' }],
    status: 'NOT_FOUND',
  });
}

function invalid(message: string): GoogleApiError {
  return new GoogleApiError(400, message, {
    errors: [{ message, domain: 'global', reason: 'invalidArgument' }],
    status: 'INVALID_ARGUMENT',
  });
}

/** The `format` parameter (default FULL), refused as Gmail does when the token holds only the metadata scope. */
export function messageFormat(value: string | null, access: 'full' | 'metadata'): MessageFormat {
  const format = (value ?? 'full').toLowerCase();
  if (format !== 'minimal' && format !== 'full' && format !== 'raw' && format !== 'metadata') {
    throw invalid(
      `Invalid value at 'format' (type.googleapis.com/google.apps.gmail.v1.GetMessageRequest.Format), "${value}"`,
    );
  }
  if (access === 'metadata' && (format === 'full' || format === 'raw')) {
    const message = `Metadata scope doesn't allow format ${format.toUpperCase()}`;
    throw new GoogleApiError(403, message, {
      errors: [{ message, domain: 'global', reason: 'forbidden' }],
      status: 'PERMISSION_DENIED',
    });
  }
  return format;
}

/** Gmail's ids are 16 hex digits; anything else is a 400 before any lookup. */
export function checkId(id: string): void {
  if (!/^[0-9a-f]{16}$/.test(id)) throw invalid('Invalid id value');
}

function attachmentIdOf(message: MailboxMessage): (partId: string) => string {
  return (partId) => Buffer.from(`${message.id}/${partId}`).toString('base64url');
}

export function messageResource(
  message: MailboxMessage,
  format: MessageFormat,
  metadataHeaders: string[],
): Record<string, unknown> {
  const resource: Record<string, unknown> = {
    id: message.id,
    threadId: message.threadId,
    labelIds: message.labelIds,
    snippet: message.snippet,
    sizeEstimate: message.raw.length,
    historyId: String(message.historyId),
    internalDate: String(message.internalDate),
  };
  if (format === 'raw') resource.raw = message.raw.toString('base64url');
  if (format === 'full') resource.payload = gmailPayload(message.root, attachmentIdOf(message));
  if (format === 'metadata') {
    const wanted = new Set(metadataHeaders.map((name) => name.toLowerCase()));
    const headers = message.root.headers.filter((header) => wanted.size === 0 || wanted.has(header.name.toLowerCase()));
    resource.payload = { mimeType: message.root.mimeType, headers };
  }
  return resource;
}

export function threadResource(
  messages: MailboxMessage[],
  format: MessageFormat,
  metadataHeaders: string[],
): Record<string, unknown> {
  return {
    id: messages[0].threadId,
    historyId: String(Math.max(...messages.map((m) => m.historyId))),
    messages: messages.map((m) => messageResource(m, format, metadataHeaders)),
  };
}

/** users.messages.attachments.get: `{attachmentId, size, data}` (base64url). */
export function attachmentResource(message: MailboxMessage, attachmentId: string): Record<string, unknown> {
  const [messageId, partId] = Buffer.from(attachmentId, 'base64url').toString('utf8').split('/');
  const part = messageId === message.id && partId !== undefined ? partById(message.root, partId) : null;
  if (!part || !part.filename) throw invalid('Invalid attachment token');
  return { attachmentId, size: part.body.length, data: part.body.toString('base64url') };
}

export interface MessageListRequest {
  labelIds: string[];
  q: string | null;
  maxResults: string | null;
  pageToken: string | null;
}

/** One term of Gmail's search: the operators a sync needs, and free text matched in the subject and snippet. */
function searchTerm(term: string): (message: MailboxMessage) => boolean {
  const [, operator, operand] = /^([a-z0-9]+):(.+)$/i.exec(term) ?? [];
  const header = (message: MailboxMessage, name: string) =>
    (headerValue(message.root.headers, name) ?? '').toLowerCase();
  const value = (operand ?? term).toLowerCase();
  switch (operator?.toLowerCase()) {
    case 'in':
    case 'label':
    case 'is':
      return (message) => message.labelIds.some((label) => label.toLowerCase() === value);
    case 'from':
    case 'to':
    case 'subject':
      return (message) => header(message, operator).includes(value);
    case 'rfc822msgid':
      return (message) => message.messageId?.toLowerCase() === (value.startsWith('<') ? value : `<${value}>`);
    default:
      return (message) => header(message, 'subject').includes(value) || message.snippet.toLowerCase().includes(value);
  }
}

/** users.messages.list: newest first, `{messages: [{id, threadId}], nextPageToken?, resultSizeEstimate}`. */
export function listMessages(
  mailbox: Mailbox,
  request: MessageListRequest,
  access: 'full' | 'metadata',
): Record<string, unknown> {
  if (request.q && access === 'metadata') {
    const message = "Metadata scope does not support 'q' parameter";
    throw new GoogleApiError(403, message, {
      errors: [{ message, domain: 'global', reason: 'forbidden' }],
      status: 'PERMISSION_DENIED',
    });
  }
  let maxResults = 100;
  if (request.maxResults !== null) {
    maxResults = Number(request.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 1)
      throw invalid(`Invalid value at 'max_results' (TYPE_UINT32), "${request.maxResults}"`);
    maxResults = Math.min(maxResults, 500);
  }
  const terms = (request.q ?? '').split(/\s+/).filter(Boolean).map(searchTerm);
  const matching = [...mailbox.messages]
    .reverse()
    .filter(
      (message) =>
        request.labelIds.every((label) => message.labelIds.includes(label)) && terms.every((term) => term(message)),
    );
  const offset = request.pageToken ? Number(Buffer.from(request.pageToken, 'base64url').toString('utf8')) : 0;
  if (!Number.isInteger(offset) || offset < 0) throw invalid('Invalid pageToken');
  const page = matching.slice(offset, offset + maxResults);
  const body: Record<string, unknown> = {};
  if (page.length > 0) body.messages = page.map((message) => ({ id: message.id, threadId: message.threadId }));
  if (offset + maxResults < matching.length)
    body.nextPageToken = Buffer.from(String(offset + maxResults)).toString('base64url');
  body.resultSizeEstimate = matching.length;
  return body;
}

export function profileResource(mailbox: Mailbox): Record<string, unknown> {
  return {
    emailAddress: mailbox.account,
    messagesTotal: mailbox.messages.length,
    threadsTotal: mailbox.threadCount(),
    historyId: String(mailbox.historyId),
  };
}

const HISTORY_TYPES = ['messageAdded', 'messageDeleted', 'labelAdded', 'labelRemoved'];

export interface HistoryRequest {
  startHistoryId: string | null;
  historyTypes: string[];
  labelId: string | null;
  maxResults: string | null;
  pageToken: string | null;
}

/** users.history.list. The sandbox's mailboxes only ever add messages, so every record is a messageAdded. */
export function historyList(mailbox: Mailbox, request: HistoryRequest): Record<string, unknown> {
  if (request.startHistoryId === null) {
    throw new GoogleApiError(400, 'Required parameter: startHistoryId', {
      errors: [
        {
          message: 'Required parameter: startHistoryId',
          domain: 'global',
          reason: 'required',
          location: 'startHistoryId',
          locationType: 'parameter',
        },
      ],
      status: 'INVALID_ARGUMENT',
    });
  }
  if (!/^\d{1,19}$/.test(request.startHistoryId))
    throw invalid(`Invalid value at 'start_history_id' (TYPE_UINT64), "${request.startHistoryId}"`);
  for (const type of request.historyTypes) {
    if (!HISTORY_TYPES.includes(type))
      throw invalid(
        `Invalid value at 'history_types' (type.googleapis.com/google.apps.gmail.v1.ListHistoryRequest.HistoryType), "${type}"`,
      );
  }
  let maxResults = 100;
  if (request.maxResults !== null) {
    maxResults = Number(request.maxResults);
    if (!Number.isInteger(maxResults) || maxResults < 1)
      throw invalid(`Invalid value at 'max_results' (TYPE_UINT32), "${request.maxResults}"`);
    maxResults = Math.min(maxResults, 500);
  }
  const start = Number(request.startHistoryId);
  const key = JSON.stringify([start, request.historyTypes, request.labelId]);
  let after = start;
  if (request.pageToken) {
    let token: { after?: unknown; key?: unknown } | null;
    try {
      token = JSON.parse(Buffer.from(request.pageToken, 'base64url').toString('utf8')) as {
        after?: unknown;
        key?: unknown;
      };
    } catch {
      token = null;
    }
    if (!token || typeof token.after !== 'number' || token.key !== key) throw invalid('Invalid pageToken');
    after = token.after;
  }
  const records = mailbox.historySince(start);
  if (records === null) throw notFound();
  const wantsAdded = request.historyTypes.length === 0 || request.historyTypes.includes('messageAdded');
  const matching = wantsAdded
    ? records.filter(
        (record) =>
          record.id > after && (request.labelId === null || record.message.labelIds.includes(request.labelId)),
      )
    : [];
  const page = matching.slice(0, maxResults);
  const body: Record<string, unknown> = {};
  if (page.length > 0) {
    body.history = page.map((record) => ({
      id: String(record.id),
      messages: [{ id: record.message.id, threadId: record.message.threadId }],
      messagesAdded: [
        { message: { id: record.message.id, threadId: record.message.threadId, labelIds: record.message.labelIds } },
      ],
    }));
  }
  if (matching.length > maxResults) {
    body.nextPageToken = Buffer.from(JSON.stringify({ after: page[page.length - 1].id, key })).toString('base64url');
  }
  body.historyId = String(mailbox.historyId);
  return body;
}
