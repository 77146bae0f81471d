// Korean carriers carry SMS text in EUC-KR (CP949): ASCII counts 1 byte, Hangul and every other character 2.
// Characters CP949 cannot encode (emoji, most scripts beyond Korean, Chinese and Japanese) reach the handset as '?',
// which is what Aligo's spec warns about; the sandbox delivers them the same way and reports which they were.

let cp949: Set<number> | null = null;

/** The BMP code points CP949 encodes in two bytes, read once from the platform's own EUC-KR decoder. */
function cp949DoubleByteCharacters(): Set<number> {
  if (cp949) return cp949;
  const decoder = new TextDecoder('euc-kr');
  const characters = new Set<number>();
  const pair = new Uint8Array(2);
  for (let lead = 0x81; lead <= 0xfe; lead++) {
    for (let trail = 0x41; trail <= 0xfe; trail++) {
      pair[0] = lead;
      pair[1] = trail;
      const decoded = decoder.decode(pair);
      if (decoded.length === 1 && decoded !== '\ufffd') characters.add(decoded.charCodeAt(0));
    }
  }
  cp949 = characters;
  return characters;
}

export interface EncodedText {
  /** The text as delivered: unencodable characters replaced by '?'. */
  text: string;
  /** Its length in EUC-KR bytes. */
  bytes: number;
  /** The characters that were replaced, in order of appearance (repeats kept). */
  unencodable: string[];
}

const NONE: string[] = [];

export function encodeCp949(input: string): EncodedText {
  let bytes = 0;
  let replaced: string[] | null = null;
  for (let i = 0; i < input.length; i++) {
    const code = input.charCodeAt(i);
    if (code < 0x80) {
      bytes += 1;
      continue;
    }
    // Hangul syllables are all in CP949 (KS X 1001 plus the UHC extension): the common case needs no table.
    if (code >= 0xac00 && code <= 0xd7a3) {
      bytes += 2;
      continue;
    }
    const surrogate = code >= 0xd800 && code <= 0xdbff && i + 1 < input.length;
    if (!surrogate && cp949DoubleByteCharacters().has(code)) {
      bytes += 2;
      continue;
    }
    replaced ??= [];
    replaced.push(surrogate ? input.slice(i, i + 2) : input[i]);
    if (surrogate) i++;
    bytes += 1;
  }
  if (!replaced) return { text: input, bytes, unencodable: NONE };
  let text = '';
  for (const char of input) text += char.length === 1 && (char.charCodeAt(0) < 0x80 || isEncodable(char)) ? char : '?';
  return { text, bytes, unencodable: replaced };
}

function isEncodable(char: string): boolean {
  const code = char.charCodeAt(0);
  return (code >= 0xac00 && code <= 0xd7a3) || cp949DoubleByteCharacters().has(code);
}

/** Bytes of a text already known to be encodable (or already replaced). */
export function cp949Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) bytes += text.charCodeAt(i) < 0x80 ? 1 : 2;
  return bytes;
}

/** The longest prefix of `text` that fits in `limit` EUC-KR bytes, cut between characters. */
export function truncateCp949(text: string, limit: number): string {
  let bytes = 0;
  let end = 0;
  for (const char of text) {
    const size = char.length === 1 && char.charCodeAt(0) < 0x80 ? 1 : 2;
    if (bytes + size > limit) break;
    bytes += size;
    end += char.length;
  }
  return text.slice(0, end);
}
