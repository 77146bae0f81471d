// Mail from the other side of a send, made on demand: a recipient's reply, and the bounce Gmail's mailer-daemon
// delivers when a recipient's server refuses the message (a DSN: RFC 3464 in a multipart/report, RFC 6522).
import { randomBytes } from 'node:crypto';
import { splitHeaders } from './mime.ts';

/** RFC 5322 date-time, in UTC. */
function mailDate(date: Date): string {
  return date.toUTCString().replace(/GMT$/, '+0000');
}

/** A header value, as an RFC 2047 encoded word when it is not plain ASCII. */
function encodeHeader(value: string): string {
  return /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value).toString('base64')}?=`;
}

function base64Lines(text: string): string {
  return (
    Buffer.from(text)
      .toString('base64')
      .match(/.{1,76}/g) ?? []
  ).join('\r\n');
}

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1) || 'example.com';
}

export interface OriginalMessage {
  raw: Buffer;
  messageId: string | null;
  references: string | null;
  subject: string;
  /** The account that sent it. */
  account: string;
}

export interface ReplyInput {
  from: { name?: string; address: string };
  text: string;
  html?: string;
  date: Date;
}

/** A recipient's reply: in the original's thread (In-Reply-To, References), from the recipient to the account. */
export function replyMessage(original: OriginalMessage, input: ReplyInput): Buffer {
  const subject = /^re:/i.test(original.subject) ? original.subject : `Re: ${original.subject}`;
  const references = [original.references, original.messageId].filter(Boolean).join(' ');
  const from = input.from.name ? `${encodeHeader(input.from.name)} <${input.from.address}>` : input.from.address;
  const headers = [
    `From: ${from}`,
    `To: ${original.account}`,
    `Subject: ${encodeHeader(subject)}`,
    `Date: ${mailDate(input.date)}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domainOf(input.from.address)}>`,
    ...(original.messageId ? [`In-Reply-To: ${original.messageId}`] : []),
    ...(references ? [`References: ${references}`] : []),
    'MIME-Version: 1.0',
  ];
  if (!input.html) {
    return Buffer.from(
      `${headers.join('\r\n')}\r\nContent-Type: text/plain; charset=UTF-8\r\nContent-Transfer-Encoding: base64\r\n\r\n${base64Lines(input.text)}\r\n`,
    );
  }
  const boundary = `reply-${randomBytes(8).toString('hex')}`;
  return Buffer.from(
    [
      ...headers,
      `Content-Type: multipart/alternative; boundary="${boundary}"`,
      '',
      `--${boundary}`,
      'Content-Type: text/plain; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(input.text),
      `--${boundary}`,
      'Content-Type: text/html; charset=UTF-8',
      'Content-Transfer-Encoding: base64',
      '',
      base64Lines(input.html),
      `--${boundary}--`,
      '',
    ].join('\r\n'),
  );
}

export const MAILER_DAEMON = 'Mail Delivery Subsystem <mailer-daemon@googlemail.com>';

export interface BounceInput {
  recipient: string;
  /** RFC 3463 enhanced status code, e.g. `5.1.1`. */
  status: string;
  /** The remote server's answer, as the DSN's `Diagnostic-Code: smtp; …` carries it. */
  diagnostic: string;
  date: Date;
}

/** Gmail's wording of the common refusals; anything else reads as a generic failure. */
function humanReadable(input: BounceInput): { title: string; explanation: string; learnMore: string } {
  if (input.status.startsWith('4.')) {
    return {
      title: 'Message delayed',
      explanation: `There was a temporary problem delivering your message to ${input.recipient}. Gmail will retry for 46 more hours. You'll be notified if the delivery fails permanently.`,
      learnMore: 'https://support.google.com/mail/?p=TempFailure',
    };
  }
  if (input.status === '5.1.1') {
    return {
      title: 'Address not found',
      explanation: `Your message wasn't delivered to ${input.recipient} because the address couldn't be found, or is unable to receive mail.`,
      learnMore: 'https://support.google.com/mail/?p=NoSuchUser',
    };
  }
  return {
    title: 'Message not delivered',
    explanation: `Your message wasn't delivered to ${input.recipient} because the remote server refused it.`,
    learnMore: 'https://support.google.com/mail/answer/7720',
  };
}

/** The default remote answer for a status: Gmail's own 550-5.1.1 text for an unknown address. */
export function defaultDiagnostic(status: string): string {
  if (status === '5.1.1') {
    return [
      '550-5.1.1 The email account that you tried to reach does not exist. Please try',
      "550-5.1.1 double-checking the recipient's email address for typos or",
      '550-5.1.1 unnecessary spaces. For more information, go to',
      '550 5.1.1  https://support.google.com/mail/?p=NoSuchUser',
    ].join(' ');
  }
  return `${status.startsWith('4.') ? '451' : '550'} ${status} Requested action not taken`;
}

/**
 * The bounce of `original`: From the mailer-daemon, in its thread, `multipart/report; report-type=delivery-status`
 * with a human-readable part, the `message/delivery-status` fields and the original's headers.
 */
export function bounceMessage(original: OriginalMessage, input: BounceInput): Buffer {
  const boundary = `dsn-${randomBytes(8).toString('hex')}`;
  const failed = input.status.startsWith('5.');
  const text = humanReadable(input);
  const diagnostic = input.diagnostic.replace(/\s*\r?\n\s*/g, ' ');
  const date = mailDate(input.date);
  const originalHeaders = splitHeaders(original.raw).head;
  const head = [
    'Return-Path: <>',
    `Delivered-To: ${original.account}`,
    `From: ${MAILER_DAEMON}`,
    `To: ${original.account}`,
    'Auto-Submitted: auto-replied',
    `Subject: Delivery Status Notification (${failed ? 'Failure' : 'Delay'})`,
    `Date: ${date}`,
    `Message-ID: <${randomBytes(12).toString('hex')}.googlemail.com@mx.google.com>`,
    ...(original.messageId ? [`In-Reply-To: ${original.messageId}`, `References: ${original.messageId}`] : []),
    ...(failed ? [`X-Failed-Recipients: ${input.recipient}`] : []),
    'MIME-Version: 1.0',
    `Content-Type: multipart/report; boundary="${boundary}"; report-type=delivery-status`,
  ];
  const human = [
    `** ${text.title} **`,
    '',
    text.explanation,
    '',
    `Learn more here: ${text.learnMore}`,
    '',
    'The response was:',
    '',
    diagnostic,
  ];
  const status = [
    'Reporting-MTA: dns; googlemail.com',
    `Arrival-Date: ${date}`,
    '',
    `Final-Recipient: rfc822; ${input.recipient}`,
    `Action: ${failed ? 'failed' : 'delayed'}`,
    `Status: ${input.status}`,
    `Remote-MTA: dns; ${domainOf(input.recipient)}`,
    `Diagnostic-Code: smtp; ${diagnostic}`,
    `Last-Attempt-Date: ${date}`,
  ];
  const parts = [
    `${head.join('\r\n')}\r\n\r\n`,
    `--${boundary}\r\nContent-Type: text/plain; charset="UTF-8"\r\nContent-Transfer-Encoding: 7bit\r\n\r\n${human.join('\r\n')}\r\n`,
    `--${boundary}\r\nContent-Type: message/delivery-status\r\n\r\n${status.join('\r\n')}\r\n`,
    `--${boundary}\r\nContent-Type: text/rfc822-headers\r\n\r\n`,
  ];
  return Buffer.concat([
    Buffer.from(parts.join('')),
    Buffer.from(originalHeaders, 'latin1'),
    Buffer.from(`\r\n\r\n--${boundary}--\r\n`),
  ]);
}
