import { describe, expect, it } from 'vitest';
import type { StoredSession, StoredUser } from '../lib/storage.ts';
import { decideAdminRoute, decidePublicRoute, GUARD_MESSAGES } from './route-guard.ts';

const NOW = 1_700_000_000_000;

function jwtExpiringAt(ms: number): string {
  const payload = btoa(JSON.stringify({ sub: '1', exp: Math.floor(ms / 1000) })).replace(/=+$/, '');
  return `header.${payload}.signature`;
}

function user(role: StoredUser['role']): StoredUser {
  return {
    id: 1,
    name: '김배우',
    username: 'kim',
    email: 'kim@example.com',
    role,
    isAdmin: role !== 'user',
    createdAt: '',
    updatedAt: '',
  };
}

function session(role: StoredUser['role'], overrides: Partial<StoredSession> = {}): StoredSession {
  return { token: jwtExpiringAt(NOW + 600_000), refreshToken: 'refresh', user: user(role), ...overrides };
}

describe('decideAdminRoute', () => {
  it('sends visitors without a session to /login', () => {
    const expected = { kind: 'redirect', to: '/login', message: GUARD_MESSAGES.loginRequired };
    expect(decideAdminRoute(session('admin', { token: null }), '/admin/profile', NOW)).toEqual(expected);
    expect(decideAdminRoute(session('admin', { user: null }), '/admin/profile', NOW)).toEqual(expected);
    expect(GUARD_MESSAGES.loginRequired).toBe('Please login to continue.');
  });

  it('asks for a renewal when the token has expired and a refresh token exists', () => {
    const expired = session('admin', { token: jwtExpiringAt(NOW - 1000) });
    expect(decideAdminRoute(expired, '/admin/profile', NOW)).toEqual({ kind: 'refresh' });
  });

  it('ends an expired session at /login once renewal failed or is impossible', () => {
    const expected = { kind: 'redirect', to: '/login', message: 'Session expired. Please login again.' };
    const expired = session('admin', { token: jwtExpiringAt(NOW - 1000) });
    expect(decideAdminRoute(expired, '/admin/profile', NOW, true)).toEqual(expected);
    expect(decideAdminRoute({ ...expired, refreshToken: null }, '/admin/profile', NOW)).toEqual(expected);
    expect(decideAdminRoute(session('admin', { token: 'opaque' }), '/admin/profile', NOW, true)).toEqual(expected);
  });

  it('sends an account without admin rights to / with the admin-only message', () => {
    expect(decideAdminRoute(session('user'), '/admin/email-accounts', NOW)).toEqual({
      kind: 'redirect',
      to: '/',
      message: 'Access denied. Only admin allowed.',
    });
  });

  it('keeps admins out of the user routes', () => {
    const expected = {
      kind: 'redirect',
      to: '/admin/dashboard',
      message: 'Access denied. Admins cannot access user routes.',
    };
    expect(decideAdminRoute(session('admin'), '/admin/users', NOW)).toEqual(expected);
    expect(decideAdminRoute(session('admin'), '/admin/users/add', NOW)).toEqual(expected);
    expect(decideAdminRoute(session('admin'), '/admin/usersettings', NOW)).toEqual({ kind: 'allow' });
  });

  it('lets admins into admin routes and superadmins everywhere', () => {
    expect(decideAdminRoute(session('admin'), '/admin/profile', NOW)).toEqual({ kind: 'allow' });
    expect(decideAdminRoute(session('superadmin'), '/admin/users', NOW)).toEqual({ kind: 'allow' });
    expect(decideAdminRoute(session('superadmin'), '/admin/users/add', NOW)).toEqual({ kind: 'allow' });
  });
});

describe('decidePublicRoute', () => {
  it('lets visitors and expired sessions see the login page', () => {
    expect(decidePublicRoute(session('admin', { token: null }), NOW)).toEqual({ kind: 'allow' });
    expect(decidePublicRoute(session('admin', { token: jwtExpiringAt(NOW - 1) }), NOW)).toEqual({ kind: 'allow' });
  });

  it('sends a live session to its home', () => {
    expect(decidePublicRoute(session('admin'), NOW)).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
    expect(decidePublicRoute(session('superadmin'), NOW)).toEqual({ kind: 'redirect', to: '/admin/dashboard' });
    expect(decidePublicRoute(session('user'), NOW)).toEqual({ kind: 'redirect', to: '/dashboard' });
  });
});
