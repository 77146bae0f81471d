// An e-mail as RFC 822 bytes for Gmail's users.messages.send, built by nodemailer's MailComposer: UTF-8 headers
// (RFC 2047), so a Korean subject and sender name arrive intact; HTML with a plain-text alternative. No I/O.
import MailComposer from 'nodemailer/lib/mail-composer';
import { htmlDocument, type RenderedEmail } from './domain/render-email.js';

export interface OutgoingEmail {
  from: { name: string; address: string };
  to: string;
  subject: string;
  body: RenderedEmail;
  attachments?: readonly MailAttachment[];
  /** The message this one answers (its Message-ID) and the thread's earlier ones: a follow-up in the same thread. */
  inReplyTo?: string;
  references?: readonly string[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export async function buildMimeMessage(email: OutgoingEmail): Promise<Buffer> {
  return new MailComposer({
    from: email.from,
    to: email.to,
    subject: email.subject,
    text: email.body.text,
    html: htmlDocument(email.body.html, email.subject),
    textEncoding: 'base64',
    attachments: email.attachments?.map((attachment) => ({ ...attachment })),
    ...(email.inReplyTo ? { inReplyTo: email.inReplyTo, references: [...(email.references ?? [])] } : {}),
  })
    .compile()
    .build();
}
