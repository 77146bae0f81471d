import type { Middleware } from 'openapi-fetch';

export interface AuthMiddlewareOptions {
  getToken: () => string | null;
  /** Gets a new access token; resolves false when the session cannot be renewed. Must be single-flight. */
  refresh: () => Promise<boolean>;
  /** Called once per failed renewal; the callers then get the original 401. */
  onSessionExpired: () => void;
}

/** Sign-in and renewal carry credentials in the body; no bearer. */
const CREDENTIAL_PATHS = new Set(['/backend/api/v1/auth/login', '/backend/api/v1/auth/refresh-token']);
/** A 401 from an auth call is its answer (bad credentials, ended session); renewing would not change it. */
const isAuthPath = (schemaPath: string) => schemaPath.startsWith('/backend/api/v1/auth/');

/**
 * Adds the bearer token to every call and, when a call is refused with 401, renews the session once and
 * retries it. Concurrent 401s share one renewal because a refresh token can be used only once: a second
 * use would revoke the whole session on the server.
 */
export function createAuthMiddleware({ getToken, refresh, onSessionExpired }: AuthMiddlewareOptions): Middleware {
  const pending = new Map<string, { retry: Request; token: string | null }>();
  // Calls that shared one failed renewal report the expiry once.
  const reportedFailures = new WeakSet<Promise<boolean>>();

  return {
    onRequest({ request, schemaPath, id }) {
      if (CREDENTIAL_PATHS.has(schemaPath)) return request;
      const token = getToken();
      if (token) request.headers.set('Authorization', `Bearer ${token}`);
      // The body is consumed by the first attempt; keep an untouched copy for the retry.
      pending.set(id, { retry: request.clone(), token });
      return request;
    },

    async onResponse({ response, schemaPath, id, options }) {
      const attempt = pending.get(id);
      pending.delete(id);
      if (response.status !== 401 || !attempt || isAuthPath(schemaPath)) return response;

      let token = getToken();
      // When the token changed while this call was in flight, another call has already renewed the session.
      if (token === attempt.token) {
        const renewal = refresh();
        if (!(await renewal)) {
          if (!reportedFailures.has(renewal)) {
            reportedFailures.add(renewal);
            onSessionExpired();
          }
          return response;
        }
        token = getToken();
      }
      if (!token) return response;
      attempt.retry.headers.set('Authorization', `Bearer ${token}`);
      return options.fetch(attempt.retry);
    },

    onError({ id }) {
      pending.delete(id);
    },
  };
}
