// Small helpers over node:http: bodies, JSON and HTML answers, and Google's error shapes.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export class BodyTooLargeError extends Error {}

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of req) {
    length += (chunk as Buffer).length;
    if (length > MAX_BODY_BYTES) throw new BodyTooLargeError('request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export interface Context {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  url: URL;
  path: string;
  body: Buffer;
  /** The sandbox's own origin as the client reached it, for links in answers (thumbnails, avatars). */
  origin: string;
  /** Form or JSON body fields, parsed on first use. */
  params(): Record<string, string>;
  /** The JSON body, or undefined when it is not JSON. */
  json(): unknown;
}

export function createContext(
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  fallbackOrigin: string,
): Context {
  const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
  const host = req.headers.host;
  const origin = host && /^[\w.[\]:-]+$/.test(host) ? `http://${host}` : fallbackOrigin;
  let parsedParams: Record<string, string> | undefined;
  let parsedJson: { value: unknown } | undefined;
  const contentType = String(req.headers['content-type'] ?? '').toLowerCase();
  const json = () => {
    if (!parsedJson) {
      parsedJson = { value: undefined };
      if (body.length > 0 && (contentType.includes('json') || /^\s*[[{]/.test(body.subarray(0, 16).toString()))) {
        try {
          parsedJson.value = JSON.parse(body.toString('utf8'));
        } catch {
          parsedJson.value = undefined;
        }
      }
    }
    return parsedJson.value;
  };
  return {
    req,
    res,
    method: (req.method ?? 'GET').toUpperCase(),
    url,
    path: url.pathname,
    body,
    origin,
    json,
    params() {
      if (!parsedParams) {
        parsedParams = {};
        const value = json();
        if (value && typeof value === 'object' && !Array.isArray(value)) {
          for (const [key, item] of Object.entries(value))
            if (item !== undefined && item !== null) parsedParams[key] = String(item);
        } else if (body.length > 0 && !contentType.includes('multipart/')) {
          for (const [key, item] of new URLSearchParams(body.toString('utf8'))) parsedParams[key] = item;
        }
      }
      return parsedParams;
    },
  };
}

export function sendJson(ctx: Context, status: number, value: unknown, headers: Record<string, string> = {}): void {
  // One encoding pass: large sheets answer tens of megabytes.
  sendJsonBytes(ctx, status, Buffer.from(JSON.stringify(value)), headers);
}

export function sendJsonBytes(ctx: Context, status: number, bytes: Buffer, headers: Record<string, string> = {}): void {
  ctx.res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'content-length': bytes.length,
    ...headers,
  });
  ctx.res.end(bytes);
}

export function sendHtml(ctx: Context, status: number, html: string, headers: Record<string, string> = {}): void {
  ctx.res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    ...headers,
  });
  ctx.res.end(html);
}

export function sendBytes(
  ctx: Context,
  status: number,
  contentType: string,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  ctx.res.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body), ...headers });
  ctx.res.end(body);
}

export function redirect(ctx: Context, location: string): void {
  ctx.res.writeHead(302, { location, 'content-length': 0, 'cache-control': 'no-store' });
  ctx.res.end();
}

/** OAuth endpoints answer `{error, error_description}` without caching. */
export function sendOAuthError(ctx: Context, status: number, error: string, description?: string): void {
  sendJson(ctx, status, description === undefined ? { error } : { error, error_description: description }, {
    'cache-control': 'no-cache, no-store, max-age=0, must-revalidate',
    pragma: 'no-cache',
  });
}

export interface GoogleErrorItem {
  message: string;
  domain: string;
  reason: string;
  location?: string;
  locationType?: string;
}

export interface GoogleErrorOptions {
  status?: string;
  errors?: GoogleErrorItem[];
  details?: unknown[];
  headers?: Record<string, string>;
}

/** Google's JSON error body: `{"error":{"code","message","errors"?,"status"?,"details"?}}`. */
export function sendGoogleError(ctx: Context, code: number, message: string, options: GoogleErrorOptions = {}): void {
  const error: Record<string, unknown> = { code, message };
  if (options.errors) error.errors = options.errors;
  if (options.status) error.status = options.status;
  if (options.details) error.details = options.details;
  sendJson(ctx, code, { error }, { vary: 'Origin, X-Origin, Referer', ...options.headers });
}

export function sendUnauthenticated(ctx: Context, missing: boolean): void {
  sendGoogleError(
    ctx,
    401,
    missing
      ? 'Request is missing required authentication credential. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.'
      : 'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    {
      errors: [
        missing
          ? {
              message: 'Login Required.',
              domain: 'global',
              reason: 'required',
              location: 'Authorization',
              locationType: 'header',
            }
          : {
              message: 'Invalid Credentials',
              domain: 'global',
              reason: 'authError',
              location: 'Authorization',
              locationType: 'header',
            },
      ],
      status: 'UNAUTHENTICATED',
      headers: {
        'www-authenticate': missing
          ? 'Bearer realm="https://accounts.google.com/"'
          : 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      },
    },
  );
}

export function sendInsufficientScopes(ctx: Context, service: string): void {
  sendGoogleError(ctx, 403, 'Request had insufficient authentication scopes.', {
    errors: [{ message: 'Insufficient Permission', domain: 'global', reason: 'insufficientPermissions' }],
    status: 'PERMISSION_DENIED',
    details: [
      {
        '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
        reason: 'ACCESS_TOKEN_SCOPE_INSUFFICIENT',
        domain: 'googleapis.com',
        metadata: { service },
      },
    ],
    headers: { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="insufficient_scope"' },
  });
}

export function sendSandboxError(ctx: Context, status: number, message: string): void {
  sendJson(ctx, status, { error: message });
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML and XML (SVG) content and attribute values. */
export function escapeHtml(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]);
}

/** Thrown by handlers; the server answers it with sendGoogleError. */
export class GoogleApiError extends Error {
  readonly code: number;
  readonly options: GoogleErrorOptions;
  constructor(code: number, message: string, options: GoogleErrorOptions = {}) {
    super(message);
    this.code = code;
    this.options = options;
  }
}

export function invalidParameter(location: string, message = 'Invalid Value'): GoogleApiError {
  return new GoogleApiError(400, message, {
    errors: [{ message, domain: 'global', reason: 'invalid', location, locationType: 'parameter' }],
  });
}
