// Gmail v1 users.messages.send: `{raw}` JSON, or the upload endpoint (uploadType=media or multipart). Sent
// messages are decoded with postal-mime and kept for the inspection endpoints (and filed in the mailbox).
import { createHash } from 'node:crypto';
import PostalMime, { type Address, type Mailbox } from 'postal-mime';
import { GoogleApiError, type Context } from './http.ts';
import { newMessageId } from './mailbox.ts';
import { splitHeaders, splitMultipart } from './mime.ts';
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
  /** Each attachment as decoded, with a SHA-256 (hex) of its bytes so a test can tell a file arrived intact. */
  attachments: {
    filename: string | null;
    mimeType: string;
    size: number;
    sha256: string;
    contentId: string | null;
    disposition: string | null;
  }[];
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

function attachmentBytes(content: ArrayBuffer | Uint8Array | string): Buffer {
  return typeof content === 'string'
    ? Buffer.from(content)
    : Buffer.from(content instanceof ArrayBuffer ? new Uint8Array(content) : content);
}

function invalidArgument(message: string, reason = 'invalidArgument'): GoogleApiError {
  return new GoogleApiError(400, message, {
    errors: [{ message, domain: 'global', reason }],
    status: 'INVALID_ARGUMENT',
  });
}

/** Splits a multipart/related upload into its parts' content types and bytes. */
function multipartParts(body: Buffer, boundary: string): { contentType: string; content: Buffer }[] {
  return splitMultipart(body, boundary).map((part) => {
    const { head, body: content } = splitHeaders(part);
    return { contentType: /^content-type:\s*(.+)$/im.exec(head)?.[1]?.trim() ?? 'text/plain', content };
  });
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
    if (!/^[A-Za-z0-9+/_=\r\n-]+$/.test(raw))
      throw invalidArgument(`Invalid value for ByteString: ${raw.slice(0, 40)}`, 'invalid');
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
    if (!/^multipart\/related/i.test(contentType) || !boundary)
      throw invalidArgument('Invalid multipart request with 0 mime parts.');
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
  throw new GoogleApiError(
    400,
    uploadType
      ? `Unsupported upload type: ${uploadType} (the sandbox takes media and multipart)`
      : 'Upload requests must include an uploadType URL parameter and a URL path beginning with /upload/',
    {
      errors: [{ message: 'Bad Request', domain: 'global', reason: 'badRequest' }],
      status: 'INVALID_ARGUMENT',
    },
  );
}

/**
 * Decodes a message being sent. Its thread is the mailbox's to decide: `threadId` is the message's own id until
 * the caller files it.
 */
export async function decodeMail(raw: Buffer, account: Account): Promise<StoredMail> {
  if (raw.length === 0) throw invalidArgument('Invalid raw message: empty');
  const email = await PostalMime.parse(raw);
  const to = mailboxes(email.to);
  const cc = mailboxes(email.cc);
  const bcc = mailboxes(email.bcc);
  if (to.length + cc.length + bcc.length === 0) throw invalidArgument('Recipient address required');
  const from =
    email.from && !email.from.group && email.from.address !== undefined
      ? { name: email.from.name, address: email.from.address }
      : null;
  const id = newMessageId();
  return {
    raw,
    mail: {
      id,
      threadId: id,
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
        size: attachmentBytes(attachment.content).length,
        sha256: createHash('sha256').update(attachmentBytes(attachment.content)).digest('hex'),
        contentId: attachment.contentId ?? null,
        disposition: attachment.disposition,
      })),
      rawSize: raw.length,
      sentAt: new Date().toISOString(),
    },
  };
}
