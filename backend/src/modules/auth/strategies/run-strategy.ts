import passport, { type Strategy } from 'passport';

export interface StrategyOutcome<T> {
  /** What the strategy authenticated, or false when it refused the request. */
  user: T | false;
  /** Why it refused, as the strategy said it (passport-jwt: the token's error). */
  info: unknown;
}

/**
 * Runs one strategy through Passport for a request. The strategy is handed over as an object, never looked up by
 * name in Passport's process-wide registry, so applications sharing a process (the tests start several) each keep
 * their own services; each request gets a copy, since Passport attaches the request's callbacks to it.
 */
export function runStrategy<T>(strategy: Strategy, request: unknown, reply: unknown): Promise<StrategyOutcome<T>> {
  return new Promise((resolve, reject) => {
    const authenticate = passport.authenticate(
      Object.create(strategy) as Strategy,
      { session: false },
      (error: unknown, user: T | false, info: unknown) => (error ? reject(error) : resolve({ user, info })),
    ) as (request: unknown, reply: unknown, next: (error?: unknown) => void) => void;
    authenticate(request, reply, (error) => (error ? reject(error) : resolve({ user: false, info: undefined })));
  });
}

/** A registry of its own for a strategy, which runStrategy never reads: nothing is looked up by name. */
export function privateRegistry(): passport.Authenticator {
  return new passport.Authenticator();
}
