import type { Role } from './roles.js';

/** The acting user, as far as these rules care. */
export interface Actor {
  userId: number;
  role: Role;
}

interface TargetUser {
  id: number;
  role: Role;
}

export type PolicyRefusal = { kind: 'forbidden'; message: string } | { kind: 'conflict'; message: string };

export const MESSAGES = {
  superadminOnly: 'Access denied. Superadmin privileges required.',
  ownRecordOnly: 'Access denied. Admins can only view and update their own profile.',
  ownRole: 'You cannot change your own role.',
  ownAccount: 'You cannot delete your own account.',
  lastSuperadmin: 'The last superadmin cannot be removed or demoted.',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'Current password is incorrect',
} as const;

/** Superadmins read everyone; an admin reads only their own record. */
export function canAccessUser(actor: Actor, targetId: number): PolicyRefusal | null {
  if (actor.role === 'superadmin' || actor.userId === targetId) return null;
  return { kind: 'forbidden', message: MESSAGES.ownRecordOnly };
}

/**
 * A role change: only superadmins change roles, never their own, and never the last superadmin's.
 * `superadminCount` counts superadmins including the target.
 */
export function checkRoleChange(
  actor: Actor,
  target: TargetUser,
  newRole: Role,
  superadminCount: number,
): PolicyRefusal | null {
  if (newRole === target.role) return null;
  if (actor.role !== 'superadmin') return { kind: 'forbidden', message: MESSAGES.superadminOnly };
  if (actor.userId === target.id) return { kind: 'conflict', message: MESSAGES.ownRole };
  if (target.role === 'superadmin' && superadminCount <= 1) {
    return { kind: 'conflict', message: MESSAGES.lastSuperadmin };
  }
  return null;
}

/**
 * Changing your own password needs your current one, so that a session left open (or a stolen token) cannot take
 * the account over; a superadmin setting another account's password does not know it.
 */
export function needsCurrentPassword(actor: Actor, targetId: number): boolean {
  return actor.userId === targetId;
}

/** Deleting: superadmins only, never themselves, never the last superadmin. */
export function checkDeletion(actor: Actor, target: TargetUser, superadminCount: number): PolicyRefusal | null {
  if (actor.role !== 'superadmin') return { kind: 'forbidden', message: MESSAGES.superadminOnly };
  if (actor.userId === target.id) return { kind: 'conflict', message: MESSAGES.ownAccount };
  if (target.role === 'superadmin' && superadminCount <= 1) {
    return { kind: 'conflict', message: MESSAGES.lastSuperadmin };
  }
  return null;
}

/** E-mail addresses compare case-insensitively; we store them trimmed and lower-cased. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
