import { classifyGoogleError } from './google-errors.js';

const apiError = (status: number, reason?: string, message = 'm') => ({
  response: { status, data: { error: { code: status, message, errors: reason ? [{ reason }] : [] } } },
});

describe('classifyGoogleError', () => {
  it('reads invalid_grant from the token endpoint', () => {
    expect(
      classifyGoogleError({
        response: {
          status: 400,
          data: { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' },
        },
      }),
    ).toEqual({
      kind: 'invalid_grant',
      status: 400,
      message: 'Token has been expired or revoked.',
    });
  });

  it('does not take a refused OAuth client for a refused sign-in', () => {
    expect(
      classifyGoogleError({
        response: { status: 401, data: { error: 'invalid_client', error_description: 'Unauthorized' } },
      }),
    ).toEqual({
      kind: 'misconfigured',
      status: 401,
      message: 'Unauthorized',
    });
  });

  it('tells a passing rate limit from a spent daily quota', () => {
    expect(classifyGoogleError(apiError(429)).kind).toBe('rate_limited');
    expect(classifyGoogleError(apiError(403, 'userRateLimitExceeded')).kind).toBe('rate_limited');
    expect(classifyGoogleError(apiError(403, 'rateLimitExceeded')).kind).toBe('rate_limited');
    expect(classifyGoogleError(apiError(403, 'dailyLimitExceeded')).kind).toBe('daily_limit');
    expect(classifyGoogleError(apiError(403, 'insufficientPermissions')).kind).toBe('forbidden');
    // The OAuth endpoints (token, revoke) say it in their own shape.
    expect(
      classifyGoogleError({
        response: { status: 403, data: { error: 'rate_limit_exceeded', error_description: 'Rate limit exceeded.' } },
      }).kind,
    ).toBe('rate_limited');
  });

  it('reads the UPPER_SNAKE reasons of google.rpc.ErrorInfo as their camelCase forms', () => {
    const detailed = (status: number, reason: string) => ({
      response: {
        status,
        data: {
          error: {
            code: status,
            message: 'm',
            status: 'X',
            details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason }],
          },
        },
      },
    });
    expect(classifyGoogleError(detailed(403, 'RATE_LIMIT_EXCEEDED')).kind).toBe('rate_limited');
    expect(classifyGoogleError(detailed(403, 'USER_RATE_LIMIT_EXCEEDED')).kind).toBe('rate_limited');
    expect(classifyGoogleError(detailed(403, 'DAILY_LIMIT_EXCEEDED')).kind).toBe('daily_limit');
    expect(classifyGoogleError(detailed(403, 'ACCESS_TOKEN_SCOPE_INSUFFICIENT')).kind).toBe('forbidden');
  });

  it('keeps the time Gmail says to retry after, from its message or a Retry-After header', () => {
    const message = 'User-rate limit exceeded.  Retry after 2026-11-28T01:02:03.000Z (Mail sending)';
    expect(classifyGoogleError(apiError(429, 'rateLimitExceeded', message))).toEqual({
      kind: 'rate_limited',
      status: 429,
      message,
      retryAt: new Date('2026-11-28T01:02:03.000Z'),
    });
    const now = new Date('2026-11-27T12:00:00.000Z');
    const withHeader = {
      response: {
        status: 429,
        headers: { 'retry-after': '120' },
        data: { error: { code: 429, message: 'Too many', errors: [] } },
      },
    };
    expect(classifyGoogleError(withHeader, now).retryAt).toEqual(new Date('2026-11-27T12:02:00.000Z'));
    expect(classifyGoogleError(apiError(429)).retryAt).toBeUndefined();
  });

  it("treats 5xx and unreachable servers as unavailable, and keeps Google's message", () => {
    expect(classifyGoogleError(apiError(500, 'backendError', 'Internal error'))).toEqual({
      kind: 'unavailable',
      status: 500,
      message: 'Internal error',
    });
    expect(classifyGoogleError({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }).kind).toBe('unavailable');
  });

  it('passes 404 and 400 through with their messages', () => {
    expect(classifyGoogleError(apiError(404, 'notFound', 'Requested entity was not found.'))).toMatchObject({
      kind: 'not_found',
    });
    expect(classifyGoogleError(apiError(400, undefined, 'Unable to parse range: 없음'))).toMatchObject({
      kind: 'bad_request',
      message: 'Unable to parse range: 없음',
    });
  });
});
