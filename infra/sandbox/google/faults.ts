// Faults on demand: Google's real error answers (403 rate and daily limits, 429, 500), revoked grants and slow
// answers, aimed at a path prefix and optionally at one account's tokens. Without a path a fault is the APIs'
// (Drive, Sheets, Gmail, userinfo): the OAuth endpoints a client calls on its own to recover (a token refresh after
// a 401 or 403) answer normally unless a fault names them, so that `times` counts the API's answers and a fault
// can outlast the client's refresh and retries. The sending-limit faults answer Gmail's messages.send only.
import { sendGoogleError, sendHtml, sendOAuthError, type Context } from './http.ts';
import { errorPage } from './pages.ts';

export const FAULT_KINDS = [
  'invalid_grant',
  'rate_limit_403',
  'daily_limit_403',
  'too_many_requests_429',
  'server_error_500',
  'slow',
  'sending_rate_limit_429',
  'daily_sending_limit_429',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

const SENDING_LIMITS: readonly FaultKind[] = ['sending_rate_limit_429', 'daily_sending_limit_429'];
const DEFAULT_SENDING_RETRY_SECONDS = 15 * 60;

export interface Fault {
  id: string;
  kind: FaultKind;
  /** Path prefix, e.g. `/drive/` or `/token`; null = the APIs (invalid_grant: the refresh grants). */
  path: string | null;
  /** Only requests made with this account's tokens (e-mail), or null for everyone. */
  account: string | null;
  /** Requests still to hit; null = until cleared. */
  remaining: number | null;
  delayMs: number;
  /** For rate_limit_403: `rateLimitExceeded` (default) or `userRateLimitExceeded`. */
  reason: string;
  /**
   * For the sending limits: the retry time the answer names, in seconds from the answer. Null for
   * daily_sending_limit_429 means when the account's oldest send of the last 24 hours leaves the window.
   */
  retryAfterSeconds: number | null;
  hits: number;
}

export class FaultError extends Error {}

let nextFault = 1;

export function parseFault(body: unknown): Fault {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new FaultError('expected a JSON object');
  const input = body as Record<string, unknown>;
  if (!FAULT_KINDS.includes(input.kind as FaultKind))
    throw new FaultError(`kind must be one of ${FAULT_KINDS.join(', ')}`);
  const kind = input.kind as FaultKind;
  if (input.path !== undefined && (typeof input.path !== 'string' || !input.path.startsWith('/')))
    throw new FaultError('path must start with /');
  if (input.account !== undefined && typeof input.account !== 'string')
    throw new FaultError('account must be an e-mail address');
  const times = input.times === undefined ? 1 : input.times;
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 0)
    throw new FaultError('times must be a whole number (0 = until cleared)');
  const delayMs = input.delayMs === undefined ? 5000 : input.delayMs;
  if (typeof delayMs !== 'number' || delayMs < 0 || delayMs > 600000)
    throw new FaultError('delayMs must be between 0 and 600000');
  const reason = input.reason === undefined ? 'rateLimitExceeded' : input.reason;
  if (reason !== 'rateLimitExceeded' && reason !== 'userRateLimitExceeded')
    throw new FaultError('reason must be rateLimitExceeded or userRateLimitExceeded');
  const retryAfterSeconds = input.retryAfterSeconds ?? null;
  if (
    retryAfterSeconds !== null &&
    (typeof retryAfterSeconds !== 'number' ||
      !Number.isInteger(retryAfterSeconds) ||
      retryAfterSeconds < 0 ||
      retryAfterSeconds > 7 * 86400)
  ) {
    throw new FaultError('retryAfterSeconds must be a whole number of seconds from 0 to 604800');
  }
  if (retryAfterSeconds !== null && !SENDING_LIMITS.includes(kind))
    throw new FaultError('retryAfterSeconds applies to the sending limits only');
  return {
    id: `fault-${nextFault++}`,
    kind,
    path: (input.path as string | undefined) ?? null,
    account: (input.account as string | undefined)?.toLowerCase() ?? null,
    remaining: times === 0 ? null : times,
    delayMs,
    reason,
    retryAfterSeconds:
      kind === 'sending_rate_limit_429'
        ? (retryAfterSeconds ?? DEFAULT_SENDING_RETRY_SECONDS)
        : (retryAfterSeconds as number | null),
    hits: 0,
  };
}

export interface FaultTarget {
  path: string;
  /** One of Google's APIs (not an OAuth endpoint, the consent page or /sandbox). */
  api: boolean;
  /** The account of the request's token, if it has one. */
  account: string | null;
  /** A refresh_token grant on /token (the only request invalid_grant applies to). */
  refreshGrant: boolean;
  /** Gmail's users.messages.send (the only request the sending limits apply to). */
  mailSend: boolean;
}

function applies(fault: Fault, target: FaultTarget): boolean {
  if (SENDING_LIMITS.includes(fault.kind) && !target.mailSend) return false;
  if (fault.path === null ? !target.api && fault.kind !== 'invalid_grant' : !target.path.startsWith(fault.path))
    return false;
  if (fault.account !== null && fault.account !== target.account?.toLowerCase()) return false;
  if (fault.kind === 'invalid_grant') return target.path === '/token' && target.refreshGrant;
  return true;
}

/** Takes the faults for a request: at most one delay and one error, each counting one hit. */
export function takeFaults(faults: Fault[], target: FaultTarget): { delay: Fault | null; error: Fault | null } {
  let delay: Fault | null = null;
  let error: Fault | null = null;
  for (const fault of faults) {
    if (fault.kind === 'slow' ? delay : error) continue;
    if (!applies(fault, target)) continue;
    if (fault.kind === 'slow') delay = fault;
    else error = fault;
  }
  for (const fault of [delay, error]) {
    if (!fault) continue;
    fault.hits++;
    if (fault.remaining !== null) fault.remaining--;
  }
  for (let i = faults.length - 1; i >= 0; i--) if (faults[i].remaining === 0) faults.splice(i, 1);
  return { delay, error };
}

function serviceOf(path: string): string {
  if (path.startsWith('/drive/')) return 'drive.googleapis.com';
  if (path.startsWith('/v4/')) return 'sheets.googleapis.com';
  if (path.startsWith('/gmail/') || path.startsWith('/upload/gmail/')) return 'gmail.googleapis.com';
  return 'oauth2.googleapis.com';
}

const OAUTH_PATHS = ['/token', '/revoke', '/tokeninfo', '/oauth2/v1/certs', '/oauth2/v3/certs'];

/**
 * Gmail's answer to a send over the account's sending limits: 429 with the time to retry in the message. The
 * per-minute and the daily limits answer alike (the daily one for hours); no Retry-After header.
 */
function sendSendingLimit(ctx: Context, retryAt: Date): void {
  const message = `User-rate limit exceeded.  Retry after ${retryAt.toISOString()} (Mail sending)`;
  sendGoogleError(ctx, 429, message, {
    errors: [{ message, domain: 'usageLimits', reason: 'rateLimitExceeded' }],
    status: 'RESOURCE_EXHAUSTED',
  });
}

/**
 * Answers a request with the fault's error, in the shape the endpoint uses. `dailyWindowEnd` is when the
 * account's oldest send of the last 24 hours leaves the window (daily_sending_limit_429's default retry time).
 */
export function sendFault(ctx: Context, fault: Fault, dailyWindowEnd?: Date): void {
  const { kind } = fault;
  if (SENDING_LIMITS.includes(kind)) {
    const retryAt =
      fault.retryAfterSeconds !== null
        ? new Date(Date.now() + fault.retryAfterSeconds * 1000)
        : (dailyWindowEnd ?? new Date(Date.now() + 86400000));
    sendSendingLimit(ctx, retryAt);
    return;
  }
  if (kind === 'invalid_grant') {
    sendOAuthError(ctx, 400, 'invalid_grant', 'Token has been expired or revoked.');
    return;
  }
  const status = kind === 'too_many_requests_429' ? 429 : kind === 'server_error_500' ? 500 : 403;
  if (ctx.path.startsWith('/o/oauth2/')) {
    sendHtml(ctx, status, errorPage(`${status} 오류`, '샌드박스에 주입된 장애입니다. 잠시 후 다시 시도해 주세요.'));
    return;
  }
  if (OAUTH_PATHS.includes(ctx.path)) {
    if (status === 500) sendOAuthError(ctx, 500, 'internal_failure', 'Internal error encountered.');
    else sendOAuthError(ctx, status, 'rate_limit_exceeded', 'Rate limit exceeded.');
    return;
  }
  const service = serviceOf(ctx.path);
  if (kind === 'rate_limit_403') {
    const message = fault.reason === 'userRateLimitExceeded' ? 'User Rate Limit Exceeded' : 'Rate Limit Exceeded';
    sendGoogleError(ctx, 403, message, {
      errors: [{ message, domain: 'usageLimits', reason: fault.reason }],
      status: 'PERMISSION_DENIED',
    });
  } else if (kind === 'daily_limit_403') {
    sendGoogleError(ctx, 403, 'Daily Limit Exceeded', {
      errors: [{ message: 'Daily Limit Exceeded', domain: 'usageLimits', reason: 'dailyLimitExceeded' }],
      status: 'PERMISSION_DENIED',
    });
  } else if (kind === 'too_many_requests_429') {
    const message = `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute per user' of service '${service}' for consumer 'project_number:000000000000'.`;
    sendGoogleError(ctx, 429, message, {
      errors: [{ message, domain: 'global', reason: 'rateLimitExceeded' }],
      status: 'RESOURCE_EXHAUSTED',
      details: [
        {
          '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
          reason: 'RATE_LIMIT_EXCEEDED',
          domain: 'googleapis.com',
          metadata: {
            service,
            quota_limit: 'RequestsPerMinutePerUser',
            quota_metric: `${service}/requests`,
            consumer: 'projects/000000000000',
            quota_location: 'global',
            quota_limit_value: '60',
          },
        },
      ],
    });
  } else {
    sendGoogleError(ctx, 500, 'Internal error encountered.', {
      errors: [{ message: 'Internal error encountered.', domain: 'global', reason: 'backendError' }],
      status: 'INTERNAL',
    });
  }
}
