// How a Korean carrier counts a text message: in EUC-KR (CP949), ASCII one byte and Hangul two. The type follows
// from the size: SMS up to 90 bytes, LMS up to 2,000, MMS whenever pictures go with it.
import { isCp949Encodable } from '../../../platform/domain/cp949.js';

export type MessageType = 'SMS' | 'LMS' | 'MMS';

export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;
export const TITLE_MAX_BYTES = 44;

export interface MessageBytes {
  bytes: number;
  /** Characters EUC-KR cannot carry (emoji, say), each once, in order of appearance. */
  unsupported: string[];
}

export function messageBytes(text: string): MessageBytes {
  let bytes = 0;
  const unsupported = new Set<string>();
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 0x80) bytes += 1;
    else {
      bytes += 2;
      if (char.length > 1 || !isCp949Encodable(code)) unsupported.add(char);
    }
  }
  return { bytes, unsupported: [...unsupported] };
}

export function messageType(bytes: number, withPictures: boolean): MessageType {
  if (withPictures) return 'MMS';
  return bytes <= SMS_MAX_BYTES ? 'SMS' : 'LMS';
}

/** Why a text cannot be sent as a text message, or null. */
export function messageTextProblem(text: string): string | null {
  if (text.trim() === '') return 'Please enter the message content.';
  const { bytes, unsupported } = messageBytes(text);
  if (unsupported.length > 0) return `The message has characters a text message cannot carry: ${unsupported.join(' ')}`;
  if (bytes > LMS_MAX_BYTES) return `The message is ${bytes} bytes; a text message holds at most ${LMS_MAX_BYTES} bytes.`;
  return null;
}
