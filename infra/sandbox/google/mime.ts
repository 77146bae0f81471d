// RFC 822 / MIME messages as a tree of parts (RFC 2045–2047, RFC 2231 parameters), and the Gmail API's
// MessagePart view of one: headers decoded, bodies transfer-decoded and base64url, attachments by id.
export interface MimeHeader {
  name: string;
  /** Unfolded, with RFC 2047 encoded words decoded. */
  value: string;
}

export interface MimePart {
  headers: MimeHeader[];
  /** `type/subtype`, lower case. */
  mimeType: string;
  filename: string;
  /** The transfer-decoded bytes of a leaf part; empty for multipart parts. */
  body: Buffer;
  parts: MimePart[];
}

/** Splits a message or part at its blank line into header text and body bytes. */
export function splitHeaders(bytes: Buffer): { head: string; body: Buffer } {
  // A part without headers starts with its blank line.
  if (bytes[0] === 0x0a) return { head: '', body: bytes.subarray(1) };
  if (bytes[0] === 0x0d && bytes[1] === 0x0a) return { head: '', body: bytes.subarray(2) };
  let end = bytes.indexOf('\r\n\r\n');
  let separator = 4;
  const lf = bytes.indexOf('\n\n');
  if (lf >= 0 && (end < 0 || lf < end)) {
    end = lf;
    separator = 2;
  }
  if (end < 0) return { head: bytes.toString('latin1'), body: Buffer.alloc(0) };
  return { head: bytes.subarray(0, end).toString('latin1'), body: bytes.subarray(end + separator) };
}

/** The bodies between `--boundary` lines, without the preamble and epilogue. */
export function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: Buffer[] = [];
  let position = body.indexOf(delimiter);
  while (position >= 0) {
    let start = position + delimiter.length;
    if (body[start] === 0x2d && body[start + 1] === 0x2d) break; // the closing --boundary--
    while (body[start] === 0x20 || body[start] === 0x09) start++;
    if (body[start] === 0x0d) start++;
    if (body[start] === 0x0a) start++;
    let next = body.indexOf(delimiter, start);
    while (next > 0 && body[next - 1] !== 0x0a) next = body.indexOf(delimiter, next + 1);
    if (next < 0) break;
    let end = next;
    if (body[end - 1] === 0x0a) end--;
    if (body[end - 1] === 0x0d) end--;
    parts.push(body.subarray(start, Math.max(start, end)));
    position = next;
  }
  return parts;
}

function decodeCharset(bytes: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}

/** The bytes of text in which `marker` and two hex digits stand for one byte (`=` in quoted-printable, `%` in RFC 2231). */
function hexEscaped(text: string, marker: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    if (text[i] === marker && /^[0-9A-Fa-f]{2}$/.test(text.slice(i + 1, i + 3))) {
      bytes.push(parseInt(text.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(text.charCodeAt(i) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeQuotedPrintable(text: string, underscoreIsSpace: boolean): Buffer {
  return hexEscaped(underscoreIsSpace ? text.replace(/_/g, ' ') : text.replace(/=\r?\n/g, ''), '=');
}

/** Decodes RFC 2047 encoded words (`=?UTF-8?B?…?=`); whitespace between two encoded words is dropped. */
export function decodeWords(value: string): string {
  // Header bytes arrive as latin1; 8-bit (UTF-8) header text is read back as UTF-8.
  const bytesAsLatin1 = [...value].every((char) => char.charCodeAt(0) <= 0xff);
  const text = bytesAsLatin1 ? Buffer.from(value, 'latin1').toString('utf8') : value;
  return text
    .replace(/(=\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)\s+(?==\?[^?\s]+\?[BbQq]\?[^?\s]*\?=)/g, '$1')
    .replace(/=\?([^?\s]+)\?([BbQq])\?([^?\s]*)\?=/g, (_word, charset: string, encoding: string, encoded: string) => {
      const bytes =
        encoding.toUpperCase() === 'B' ? Buffer.from(encoded, 'base64') : decodeQuotedPrintable(encoded, true);
      return decodeCharset(bytes, charset.split('*')[0]);
    });
}

function parseHeaderBlock(head: string): MimeHeader[] {
  const headers: MimeHeader[] = [];
  for (const line of head.split(/\r?\n/)) {
    if (/^[ \t]/.test(line) && headers.length > 0) {
      headers[headers.length - 1].value += ` ${line.trim()}`;
      continue;
    }
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    headers.push({ name: line.slice(0, colon).trim(), value: line.slice(colon + 1).trim() });
  }
  return headers.map((header) => ({ name: header.name, value: decodeWords(header.value) }));
}

export function headerValue(headers: MimeHeader[], name: string): string | null {
  const wanted = name.toLowerCase();
  return headers.find((header) => header.name.toLowerCase() === wanted)?.value ?? null;
}

/** `type/subtype; a=b; c="d"` with RFC 2231 `name*=charset''…` and `name*0*=` continuations. */
export function parseParameters(value: string): { value: string; params: Record<string, string> } {
  const [first, ...rest] = value.split(/;(?=(?:[^"]*"[^"]*")*[^"]*$)/);
  const params: Record<string, string> = {};
  const continued = new Map<string, { index: number; text: string; encoded: boolean }[]>();
  for (const item of rest) {
    const eq = item.indexOf('=');
    if (eq < 0) continue;
    const key = item.slice(0, eq).trim().toLowerCase();
    let text = item.slice(eq + 1).trim();
    if (text.startsWith('"') && text.endsWith('"')) text = text.slice(1, -1).replace(/\\(.)/g, '$1');
    const match = /^([^*]+)(?:\*(\d+))?(\*)?$/.exec(key);
    if (!match) continue;
    const [, name, index, star] = match;
    const pieces = continued.get(name) ?? [];
    pieces.push({ index: Number(index ?? 0), text, encoded: star === '*' });
    continued.set(name, pieces);
  }
  for (const [name, pieces] of continued) {
    pieces.sort((a, b) => a.index - b.index);
    let charset: string | null = null;
    const bytes: Buffer[] = [];
    for (const piece of pieces) {
      let text = piece.text;
      if (piece.encoded && piece.index === 0) {
        const quote = /^([^']*)'[^']*'/.exec(text);
        if (quote) {
          charset = quote[1] || 'utf-8';
          text = text.slice(quote[0].length);
        }
      }
      bytes.push(piece.encoded ? hexEscaped(text, '%') : Buffer.from(text, 'latin1'));
    }
    const joined = Buffer.concat(bytes);
    params[name] = charset ? decodeCharset(joined, charset) : decodeWords(joined.toString('latin1'));
  }
  return { value: first.trim().toLowerCase(), params };
}

function transferDecode(body: Buffer, encoding: string | null): Buffer {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.toString('latin1'), false);
    default:
      return body;
  }
}

/** Parses an RFC 822 message (or a MIME part) into its tree. */
export function parseMime(bytes: Buffer): MimePart {
  const { head, body } = splitHeaders(bytes);
  const headers = parseHeaderBlock(head);
  const type = parseParameters(headerValue(headers, 'content-type') ?? 'text/plain; charset=us-ascii');
  const disposition = parseParameters(headerValue(headers, 'content-disposition') ?? '');
  const filename = disposition.params.filename ?? type.params.name ?? '';
  const mimeType = type.value || 'text/plain';
  if (mimeType.startsWith('multipart/') && type.params.boundary) {
    return {
      headers,
      mimeType,
      filename,
      body: Buffer.alloc(0),
      parts: splitMultipart(body, type.params.boundary).map(parseMime),
    };
  }
  return {
    headers,
    mimeType,
    filename,
    body: transferDecode(body, headerValue(headers, 'content-transfer-encoding')),
    parts: [],
  };
}

/** The text of a leaf part, decoded from its charset. */
export function partText(part: MimePart): string {
  return decodeCharset(
    part.body,
    parseParameters(headerValue(part.headers, 'content-type') ?? '').params.charset ?? 'utf-8',
  );
}

/** Every leaf part, depth first. */
export function leaves(part: MimePart): MimePart[] {
  return part.parts.length === 0 ? [part] : part.parts.flatMap(leaves);
}

/** Gmail's `snippet`: the start of the plain text (or the HTML's text), whitespace collapsed, HTML-escaped. */
export function snippetOf(root: MimePart): string {
  const readable = leaves(root).filter((part) => !part.filename);
  const plain = readable.find((part) => part.mimeType === 'text/plain');
  const html = readable.find((part) => part.mimeType === 'text/html');
  let text = plain
    ? partText(plain)
    : html
      ? partText(html)
          .replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ')
          .replace(/<[^>]*>/g, ' ')
      : '';
  text = text.replace(/\s+/g, ' ').trim().slice(0, 200);
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

export interface GmailMessagePart {
  partId: string;
  mimeType: string;
  filename: string;
  headers: MimeHeader[];
  body: { size: number; data?: string; attachmentId?: string };
  parts?: GmailMessagePart[];
}

/**
 * The `payload` of a Gmail message in format FULL: bodies of text parts inline (base64url), attachments by
 * `attachmentId` (`attachmentIdOf` gives one for a part id).
 */
export function gmailPayload(
  part: MimePart,
  attachmentIdOf: (partId: string) => string,
  partId = '',
): GmailMessagePart {
  const result: GmailMessagePart = {
    partId,
    mimeType: part.mimeType,
    filename: part.filename,
    headers: part.headers,
    body: { size: part.body.length },
  };
  if (part.parts.length > 0) {
    result.body = { size: 0 };
    result.parts = part.parts.map((child, index) =>
      gmailPayload(child, attachmentIdOf, partId === '' ? String(index) : `${partId}.${index}`),
    );
  } else if (part.filename) {
    result.body = { attachmentId: attachmentIdOf(partId), size: part.body.length };
  } else if (part.body.length > 0) {
    result.body = { size: part.body.length, data: part.body.toString('base64url') };
  }
  return result;
}

/** The part with a Gmail part id (`""`, `"1"`, `"1.0"`). */
export function partById(root: MimePart, partId: string): MimePart | null {
  if (partId === '') return root;
  let current: MimePart | undefined = root;
  for (const index of partId.split('.')) current = current?.parts[Number(index)];
  return current ?? null;
}
