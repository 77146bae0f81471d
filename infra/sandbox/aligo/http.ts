// Request bodies as Aligo's PHP front reads them: query string and form fields (urlencoded or multipart with
// files) merged into one set of parameters. A JSON body is not read, as PHP's $_POST does not read it either.
import type { ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 32 * 1024 * 1024;

export interface UploadedFile {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface Params {
  fields: Record<string, string>;
  files: UploadedFile[];
}

export class BadRequestError extends Error {}

/** Query parameters, then body fields over them (the body wins, as with PHP's $_REQUEST order GP). */
export function readParams(search: string, contentType: string, body: Buffer): Params {
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: UploadedFile[] = [];
  if (search.length > 1) for (const [key, value] of new URLSearchParams(search)) fields[key] = value;
  if (body.length === 0) return { fields, files };
  const type = contentType.toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const boundary = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
    if (!boundary) throw new BadRequestError('multipart body without a boundary');
    parseMultipart(body, boundary[1] ?? boundary[2], fields, files);
  } else if (type === '' || type.startsWith('application/x-www-form-urlencoded')) {
    for (const [key, value] of new URLSearchParams(body.toString('utf8'))) fields[key] = value;
  }
  return { fields, files };
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');

function parseMultipart(body: Buffer, boundary: string, fields: Record<string, string>, files: UploadedFile[]): void {
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  if (start < 0) throw new BadRequestError('multipart body without its boundary');
  while (true) {
    let partStart = start + delimiter.length;
    // `--` after a delimiter closes the body.
    if (body[partStart] === 0x2d && body[partStart + 1] === 0x2d) return;
    if (body[partStart] === 0x0d && body[partStart + 1] === 0x0a) partStart += 2;
    const next = body.indexOf(delimiter, partStart);
    if (next < 0) throw new BadRequestError('multipart body ends inside a part');
    // The part's content ends before the CRLF that precedes the next delimiter.
    const partEnd = body[next - 2] === 0x0d && body[next - 1] === 0x0a ? next - 2 : next;
    const headerEnd = body.indexOf(CRLF_CRLF, partStart);
    if (headerEnd < 0 || headerEnd > partEnd) throw new BadRequestError('multipart part without headers');
    const headers = body.subarray(partStart, headerEnd).toString('utf8');
    const content = body.subarray(headerEnd + 4, partEnd);
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = dispositionParam(disposition, 'name');
    if (name !== null) {
      const filename = dispositionParam(disposition, 'filename');
      if (filename === null) {
        fields[name] = content.toString('utf8');
      } else if (filename !== '' || content.length > 0) {
        // An empty file input (no file chosen) is sent with filename="" and no content: it is no upload.
        const contentType = /^content-type:\s*(.*)$/im.exec(headers)?.[1]?.trim() ?? 'application/octet-stream';
        files.push({ field: name, filename, contentType, data: Buffer.from(content) });
      }
    }
    start = next;
  }
}

function dispositionParam(disposition: string, param: string): string | null {
  const extended = new RegExp(`;\\s*${param}\\*=(?:UTF-8|utf-8)''([^;]*)`).exec(disposition);
  if (extended) {
    try {
      return decodeURIComponent(extended[1]);
    } catch {
      return extended[1];
    }
  }
  const quoted = new RegExp(`;\\s*${param}="((?:[^"\\\\]|\\\\.)*)"`).exec(disposition);
  if (quoted) return quoted[1].replace(/\\(.)/g, '$1');
  const bare = new RegExp(`;\\s*${param}=([^;\\s]*)`).exec(disposition);
  return bare ? bare[1] : null;
}

export function sendJson(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  res.end(body);
}

export function sendText(res: ServerResponse, status: number, contentType: string, body: string): void {
  res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

/** The error pages a web server in front of the gateway gives when it fails (HTML, not Aligo JSON). */
export function sendServerErrorPage(res: ServerResponse, status: number): void {
  const reason = STATUS_TEXT[status] ?? 'Error';
  sendText(
    res,
    status,
    'text/html; charset=utf-8',
    `<html>\r\n<head><title>${status} ${reason}</title></head>\r\n<body>\r\n<center><h1>${status} ${reason}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n`,
  );
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  403: 'Forbidden',
  404: 'Not Found',
  408: 'Request Time-out',
  413: 'Request Entity Too Large',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Temporarily Unavailable',
  504: 'Gateway Time-out',
};

/** The sandbox's own control API speaks JSON. */
export function readJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    throw new BadRequestError('expected a JSON body');
  }
}
