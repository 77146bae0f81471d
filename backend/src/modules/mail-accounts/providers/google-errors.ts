// What a failed Google call means for the product. Pure: reads the shapes Google answers with, the classic
// `error.errors[].reason` (camelCase, "rateLimitExceeded") and the newer `error.details[].reason` of
// google.rpc.ErrorInfo (UPPER_SNAKE, "RATE_LIMIT_EXCEEDED") alike. Only the googleapis adapter uses it.
import type { GoogleFailure } from './google.ports.js';

interface GoogleErrorLike {
  status?: number;
  code?: string | number;
  message?: string;
  response?: { status?: number; data?: unknown; headers?: unknown };
}

const CLIENT_ERRORS = new Set(['invalid_client', 'unauthorized_client']);
// Reasons compared in one spelling: lower case without underscores, so that RATE_LIMIT_EXCEEDED is rateLimitExceeded.
const RATE_REASONS = new Set(['ratelimitexceeded', 'userratelimitexceeded']);
const DAILY_REASONS = new Set(['dailylimitexceeded', 'quotaexceeded', 'dailylimitexceededunreg']);
const spelling = (reason: string) => reason.replaceAll('_', '').toLowerCase();

/** Google's "Retry after <ISO time>" in a message, else a Retry-After header (seconds or an HTTP date). */
function retryAtOf(message: string | undefined, headers: unknown, now: Date): Date | undefined {
  const said = message && /Retry after (\d{4}-\d{2}-\d{2}T[\d:.]+Z)/i.exec(message)?.[1];
  if (said && !Number.isNaN(Date.parse(said))) return new Date(said);
  const header = headerValue(headers, 'retry-after');
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return new Date(now.getTime() + Number(header) * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : new Date(date);
}

function headerValue(headers: unknown, name: string): string | undefined {
  if (!headers || typeof headers !== 'object') return undefined;
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const value = (headers as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : undefined;
}

export function classifyGoogleError(error: unknown, now = new Date()): GoogleFailure {
  const failure = (error ?? {}) as GoogleErrorLike;
  const status = failure.response?.status ?? failure.status;
  const data = failure.response?.data as
    | {
        error?: string | { message?: string; errors?: { reason?: string }[]; details?: { reason?: string }[] };
        error_description?: string;
      }
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
  const reasons = [...(body?.errors ?? []), ...(body?.details ?? [])].map((entry) => spelling(entry.reason ?? ''));
  const message = body?.message ?? (typeof data?.error_description === 'string' ? data.error_description : undefined);

  if (status === 429 || reasons.some((reason) => RATE_REASONS.has(reason))) {
    const retryAt = retryAtOf(message, failure.response?.headers, now);
    return retryAt ? { kind: 'rate_limited', status, message, retryAt } : { kind: 'rate_limited', status, message };
  }
  if (reasons.some((reason) => DAILY_REASONS.has(reason))) return { kind: 'daily_limit', status, message };
  if (status >= 500) return { kind: 'unavailable', status, message };
  if (status === 404) return { kind: 'not_found', status, message };
  if (status === 403) return { kind: 'forbidden', status, message };
  if (status === 401) return { kind: 'invalid_grant', status, message };
  return { kind: 'bad_request', status, message };
}
