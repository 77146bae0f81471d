// Gmail v1 users.messages.send: `{raw}` JSON, or the upload endpoint (uploadType=media or multipart). Sent
// messages are decoded with postal-mime and kept for the inspection endpoints.
import PostalMime, { type Address, type Mailbox } from 'postal-mime';
import { GoogleApiError, type Context } from './http.ts';
import type { Account } from './store.ts';

export interface SentMail {
  id: string;
  threadId: string;
  labelIds: string[];
  /** The account whose token sent it. */
  account: string;
  from: Mailbox | null;
  to: Mailbox[];
  cc: Mailbox[];
  bcc: Mailbox[];
  replyTo: Mailbox[];
  /** Decoded (RFC 2047), so Korean subjects read as typed. */
  subject: string;
  html: string | null;
  text: string | null;
  /** The Date header, as written. */
  date: string | null;
  messageId: string | null;
  inReplyTo: string | null;
  attachments: { filename: string | null; mimeType: string; size: number; contentId: string | null; disposition: string | null }[];
  /** Bytes of the RFC 822 message. */
  rawSize: number;
  /** When the sandbox received it (ISO 8601). */
  sentAt: string;
}

export interface StoredMail {
  mail: SentMail;
  raw: Buffer;
}

function mailboxes(addresses: Address[] | undefined): Mailbox[] {
  const result: Mailbox[] = [];
  for (const address of addresses ?? []) {
    if (address.group) result.push(...address.group);
    else if (address.address !== undefined) result.push({ name: address.name, address: address.address });
  }
  return result;
}

function invalidArgument(message: string, reason = 'invalidArgument'): GoogleApiError {
  return new GoogleApiError(400, message, { errors: [{ message, domain: 'global', reason }], status: 'INVALID_ARGUMENT' });
}

/** Splits a multipart/related body into its parts' headers and bytes. */
function multipartParts(body: Buffer, boundary: string): { contentType: string; content: Buffer }[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { contentType: string; content: Buffer }[] = [];
  let position = body.indexOf(delimiter);
  while (position >= 0) {
    let start = position + delimiter.length;
    if (body[start] === 0x2d && body[start + 1] === 0x2d) break; // the closing --boundary--
    if (body[start] === 0x0d) start++;
    if (body[start] === 0x0a) start++;
    const next = body.indexOf(delimiter, start);
    if (next < 0) break;
    let end = next;
    if (body[end - 1] === 0x0a) end--;
    if (body[end - 1] === 0x0d) end--;
    const part = body.subarray(start, end);
    let headerEnd = part.indexOf('\r\n\r\n');
    let separator = 4;
    if (headerEnd < 0) {
      headerEnd = part.indexOf('\n\n');
      separator = 2;
    }
    const headers = headerEnd < 0 ? '' : part.subarray(0, headerEnd).toString('utf8');
    const content = headerEnd < 0 ? part : part.subarray(headerEnd + separator);
    const contentType = /^content-type:\s*(.+)$/im.exec(headers)?.[1]?.trim() ?? 'text/plain';
    parts.push({ contentType, content });
    position = next;
  }
  return parts;
}

/** The RFC 822 bytes and the message metadata of a send request. */
export function extractMessage(ctx: Context, upload: boolean): { raw: Buffer; threadId: string | null } {
  if (!upload) {
    const body = ctx.json();
    const raw = body && typeof body === 'object' ? (body as Record<string, unknown>).raw : undefined;
    const threadId = body && typeof body === 'object' ? (body as Record<string, unknown>).threadId : undefined;
    if (typeof raw !== 'string' || raw === '') {
      throw invalidArgument("'raw' RFC822 payload message string or uploading message via /upload/* URL required");
    }
    if (!/^[A-Za-z0-9+/_=\r\n-]+$/.test(raw)) throw invalidArgument(`Invalid value for ByteString: ${raw.slice(0, 40)}`, 'invalid');
    return { raw: Buffer.from(raw, 'base64url'), threadId: typeof threadId === 'string' ? threadId : null };
  }
  const uploadType = ctx.url.searchParams.get('uploadType');
  const contentType = String(ctx.req.headers['content-type'] ?? '');
  if (uploadType === 'media') {
    if (ctx.body.length === 0) throw invalidArgument('Media message is empty');
    return { raw: ctx.body, threadId: null };
  }
  if (uploadType === 'multipart') {
    const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
    if (!/^multipart\/related/i.test(contentType) || !boundary) throw invalidArgument('Invalid multipart request with 0 mime parts.');
    const parts = multipartParts(ctx.body, boundary);
    if (parts.length < 2) throw invalidArgument(`Invalid multipart request with ${parts.length} mime parts.`);
    let threadId: string | null = null;
    try {
      const metadata = JSON.parse(parts[0].content.toString('utf8') || '{}') as Record<string, unknown>;
      if (typeof metadata.threadId === 'string') threadId = metadata.threadId;
    } catch {
      throw invalidArgument('Invalid JSON payload received in the metadata part.');
    }
    return { raw: parts[1].content, threadId };
  }
  throw new GoogleApiError(400, uploadType ? `Unsupported upload type: ${uploadType} (the sandbox takes media and multipart)` : 'Upload requests must include an uploadType URL parameter and a URL path beginning with /upload/', {
    errors: [{ message: 'Bad Request', domain: 'global', reason: 'badRequest' }],
    status: 'INVALID_ARGUMENT',
  });
}

let counter = 0;

function messageId(): string {
  counter = (counter + 1) % 4096;
  return (BigInt(Date.now()) * 4096n + BigInt(counter)).toString(16).padStart(16, '0');
}

export async function decodeMail(raw: Buffer, account: Account, threadId: string | null): Promise<StoredMail> {
  if (raw.length === 0) throw invalidArgument('Invalid raw message: empty');
  const email = await PostalMime.parse(raw);
  const to = mailboxes(email.to);
  const cc = mailboxes(email.cc);
  const bcc = mailboxes(email.bcc);
  if (to.length + cc.length + bcc.length === 0) throw invalidArgument('Recipient address required');
  const from = email.from && !email.from.group && email.from.address !== undefined ? { name: email.from.name, address: email.from.address } : null;
  const id = messageId();
  return {
    raw,
    mail: {
      id,
      threadId: threadId ?? id,
      labelIds: ['SENT'],
      account: account.email,
      from,
      to,
      cc,
      bcc,
      replyTo: mailboxes(email.replyTo),
      subject: email.subject ?? '',
      html: email.html ?? null,
      text: email.text ?? null,
      date: email.date ?? null,
      messageId: email.messageId ?? null,
      inReplyTo: email.inReplyTo ?? null,
      attachments: email.attachments.map((attachment) => ({
        filename: attachment.filename,
        mimeType: attachment.mimeType,
        size: typeof attachment.content === 'string' ? Buffer.byteLength(attachment.content) : attachment.content.byteLength,
        contentId: attachment.contentId ?? null,
        disposition: attachment.disposition,
      })),
      rawSize: raw.length,
      sentAt: new Date().toISOString(),
    },
  };
}
