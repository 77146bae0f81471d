import { isTokenExpired } from '../lib/jwt.ts';
import { paths } from '../lib/paths.ts';
import type { Role, StoredSession } from '../lib/storage.ts';

/** The guard's messages (spec §2, route guard). */
export const GUARD_MESSAGES = {
  loginRequired: 'Please login to continue.',
  sessionExpired: 'Session expired. Please login again.',
  adminOnly: 'Access denied. Only admin allowed.',
  userRoutesSuperadminOnly: 'Access denied. Admins cannot access user routes.',
} as const;

export type GuardDecision =
  | { kind: 'allow' }
  /** The access token has expired but a refresh token may renew it: try, then decide again. */
  | { kind: 'refresh' }
  | { kind: 'redirect'; to: string; message?: string };

const isStaff = (role: Role) => role === 'admin' || role === 'superadmin';
const isUserRoute = (pathname: string) => pathname === paths.users || pathname.startsWith(`${paths.users}/`);

/**
 * Who may open an admin route. `refreshFailed` is set on the second pass, after a renewal was tried and
 * failed, so that an expired session ends at /login instead of looping.
 */
export function decideAdminRoute(
  session: StoredSession,
  pathname: string,
  now: number,
  refreshFailed = false,
): GuardDecision {
  const { token, refreshToken, user } = session;
  if (!token || !user) return { kind: 'redirect', to: paths.login, message: GUARD_MESSAGES.loginRequired };
  if (isTokenExpired(token, now)) {
    return refreshToken && !refreshFailed
      ? { kind: 'refresh' }
      : { kind: 'redirect', to: paths.login, message: GUARD_MESSAGES.sessionExpired };
  }
  if (!isStaff(user.role)) return { kind: 'redirect', to: paths.root, message: GUARD_MESSAGES.adminOnly };
  if (isUserRoute(pathname) && user.role !== 'superadmin') {
    return { kind: 'redirect', to: paths.dashboard, message: GUARD_MESSAGES.userRoutesSuperadminOnly };
  }
  return { kind: 'allow' };
}

/** Public routes (the login page) are for visitors; a live session goes to its home instead. */
export function decidePublicRoute(session: StoredSession, now: number): GuardDecision {
  const { token, user } = session;
  if (!token || !user || isTokenExpired(token, now)) return { kind: 'allow' };
  return { kind: 'redirect', to: isStaff(user.role) ? paths.dashboard : paths.nonAdminHome };
}
