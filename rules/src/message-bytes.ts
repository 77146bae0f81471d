// How a Korean carrier counts a text message (spec §5, §9): in EUC-KR as carriers take it (CP949), ASCII one byte
// and every other character two. Up to 90 bytes it is a short message (SMS), up to 2,000 a long one (LMS); with
// pictures an MMS. The server refuses what breaks these rules; the editor shows them while staff type.

export type MessageType = 'SMS' | 'LMS' | 'MMS';

export const SMS_MAX_BYTES = 90;
export const LMS_MAX_BYTES = 2000;
export const TITLE_MAX_BYTES = 44;

export interface MessageBytes {
  bytes: number;
  /** Characters EUC-KR cannot carry (emoji, say), each once, in order of appearance. */
  unsupported: string[];
}

let encodable: Set<number> | null = null;

/**
 * The characters CP949 can carry beyond ASCII: KS X 1001 read from the platform's EUC-KR decoder (browsers and
 * Node alike), plus every modern Hangul syllable, which CP949 adds to KS X 1001's 2,350. Built once, on first use.
 */
function encodableCharacters(): Set<number> {
  if (encodable) return encodable;
  const pairs = new Uint8Array(94 * 94 * 3);
  let at = 0;
  for (let lead = 0xa1; lead <= 0xfe; lead++) {
    for (let trail = 0xa1; trail <= 0xfe; trail++) {
      pairs[at++] = lead;
      pairs[at++] = trail;
      pairs[at++] = 0x0a;
    }
  }
  const found = new Set<number>();
  for (const char of new TextDecoder('euc-kr').decode(pairs).split('\n')) {
    const code = char.length === 1 ? char.charCodeAt(0) : 0;
    // Unmapped pairs decode to U+FFFD and the user-defined rows to private-use characters: neither is text.
    if (code && code !== 0xfffd && !(code >= 0xe000 && code <= 0xf8ff)) found.add(code);
  }
  for (let syllable = 0xac00; syllable <= 0xd7a3; syllable++) found.add(syllable);
  // Later additions to KS X 1001 that some decoders lack: €, ® and ㉾.
  for (const code of [0x20ac, 0x00ae, 0x327e]) found.add(code);
  encodable = found;
  return found;
}

export function messageBytes(text: string): MessageBytes {
  let bytes = 0;
  const unsupported = new Set<string>();
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x80) {
      bytes += 1;
      continue;
    }
    bytes += 2;
    if (code > 0xffff || !encodableCharacters().has(code)) unsupported.add(char);
  }
  return { bytes, unsupported: [...unsupported] };
}

export function messageType(bytes: number, withPictures: boolean): MessageType {
  if (withPictures) return 'MMS';
  return bytes <= SMS_MAX_BYTES ? 'SMS' : 'LMS';
}

/** The most a text of this size may hold before it changes type: 90 bytes while short, 2,000 once long. */
export function byteLimitOf(bytes: number): number {
  return bytes <= SMS_MAX_BYTES ? SMS_MAX_BYTES : LMS_MAX_BYTES;
}

export function unsupportedCharactersMessage(characters: readonly string[]): string {
  return `The message has characters a text message cannot carry: ${characters.join(' ')}`;
}

/** Why a text cannot go out as a text message, or null. */
export function messageTextProblem(text: string): string | null {
  if (text.trim() === '') return 'Please enter the message content.';
  const { bytes, unsupported } = messageBytes(text);
  if (unsupported.length > 0) return unsupportedCharactersMessage(unsupported);
  if (bytes > LMS_MAX_BYTES)
    return `The message is ${bytes} bytes; a text message holds at most ${LMS_MAX_BYTES} bytes.`;
  return null;
}
