// How a call whose answer was lost is recognised in the gateway's records (its `list`). The records hold what the
// gateway took, in the gateway's own form: a text that went as multipart (with pictures) has its line breaks as
// CRLF, spaces at the ends of lines may be gone, and Hangul may be composed differently in Unicode. So texts are
// compared in one normal form, and a record must also agree with the call on all else it carries: the sender, the
// type, the number of receivers and the time. (The receivers themselves are compared on the record's sms_list.)
import type { MessageType } from '@job-casting/rules';

/** How far the gateway's clock may be from ours. */
export const RECORD_CLOCK_SLACK_MS = 60_000;

/** One send as the gateway's records show it. */
export interface RecordedSend {
  /** Digits only. */
  sender: string;
  /** Null when the record does not say. */
  type: MessageType | null;
  count: number;
  text: string;
  registeredAt: Date;
}

/** What we know of a text-message call whose answer never came. */
export interface LostCall {
  /** Digits only. */
  sender: string;
  type: MessageType;
  pictures: number;
  receivers: number;
  /** The one text of a `send` call; null for a `send_mass` call, whose record shows only one of its texts. */
  text: string | null;
  startedAt: Date;
  /** How long the call could still be on its way after it started. */
  timeoutMs: number;
}

/**
 * A text in the form it is compared in: line breaks as LF, no spaces at the end of a line, none at either end of
 * the text, and Unicode composed (NFC).
 */
export function comparableText(text: string): string {
  return text
    .normalize('NFC')
    .split(/\r\n|\r|\n/)
    .map((line) => line.trimEnd())
    .join('\n')
    .trim();
}

/** The type the gateway sends a message as: an MMS without a picture goes as an LMS. */
export function gatewayType(type: MessageType, pictures: number): MessageType {
  return type === 'MMS' && pictures === 0 ? 'LMS' : type;
}

/**
 * Whether a record may be the lost call: taken from the call's sender, as its type, for as many receivers, with
 * its text (a `send`), and registered while the call was on its way: not long before it started (clocks differ a
 * little), and not after it could no longer arrive.
 */
export function mayBeLostCall(record: RecordedSend, call: LostCall): boolean {
  const started = call.startedAt.getTime();
  const registered = record.registeredAt.getTime();
  return (
    record.sender === call.sender &&
    record.count === call.receivers &&
    (record.type === null || record.type === gatewayType(call.type, call.pictures)) &&
    registered >= started - RECORD_CLOCK_SLACK_MS &&
    registered <= started + call.timeoutMs + RECORD_CLOCK_SLACK_MS &&
    (call.text === null || comparableText(record.text) === comparableText(call.text))
  );
}
