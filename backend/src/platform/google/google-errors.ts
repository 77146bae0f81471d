// What a failed Google call means for the product. Pure: reads the shapes Google answers with.

export type GoogleFailureKind =
  /** The refresh token was revoked or expired: the account must be connected again. */
  | 'invalid_grant'
  /** Too many requests for now (429, or 403 rateLimitExceeded / userRateLimitExceeded). */
  | 'rate_limited'
  /** The account's daily quota is spent (403 dailyLimitExceeded / quotaExceeded; Gmail's sending limit). */
  | 'daily_limit'
  | 'not_found'
  | 'bad_request'
  | 'forbidden'
  /** Google failed (5xx) or could not be reached. */
  | 'unavailable'
  /** Google does not accept our OAuth client (GOOGLE_CLIENT_ID / GOOGLE_CLIENT_SECRET): no account is at fault. */
  | 'misconfigured';

export interface GoogleFailure {
  kind: GoogleFailureKind;
  status?: number;
  /** Google's own message, when it sent one. */
  message?: string;
}

interface GoogleErrorLike {
  status?: number;
  code?: string | number;
  message?: string;
  response?: { status?: number; data?: unknown };
}

const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client']);
const RATE_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);
const DAILY_REASONS = new Set(['dailyLimitExceeded', 'quotaExceeded', 'dailyLimitExceededUnreg']);

export function classifyGoogleError(error: unknown): GoogleFailure {
  const failure = (error ?? {}) as GoogleErrorLike;
  const status = failure.response?.status ?? failure.status;
  const data = failure.response?.data as
    | { error?: string | { message?: string; errors?: { reason?: string }[]; details?: { reason?: string }[] }; error_description?: string }
    | undefined;

  if (data && typeof data.error === 'string') {
    // The OAuth endpoints answer {error, error_description}.
    if (data.error === 'invalid_grant') return { kind: 'invalid_grant', status, message: data.error_description };
    if (data.error === 'rate_limit_exceeded') return { kind: 'rate_limited', status, message: data.error_description };
    // A 401 from the token endpoint, but about the client, not the account's sign-in.
    if (CLIENT_ERRORS.has(data.error)) return { kind: 'misconfigured', status, message: data.error_description };
  }
  if (status === undefined) return { kind: 'unavailable', message: failure.message };

  const body = data && typeof data.error === 'object' ? data.error : undefined;
  const reasons = [...(body?.errors ?? []), ...(body?.details ?? [])].map((entry) => entry.reason ?? '');
  const message = body?.message ?? (typeof data?.error_description === 'string' ? data.error_description : undefined);

  if (status === 429 || reasons.some((reason) => RATE_REASONS.has(reason))) return { kind: 'rate_limited', status, message };
  if (reasons.some((reason) => DAILY_REASONS.has(reason))) return { kind: 'daily_limit', status, message };
  if (status >= 500) return { kind: 'unavailable', status, message };
  if (status === 404) return { kind: 'not_found', status, message };
  if (status === 403) return { kind: 'forbidden', status, message };
  if (status === 401) return { kind: 'invalid_grant', status, message };
  return { kind: 'bad_request', status, message };
}
