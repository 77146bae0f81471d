import {
  canAccessUser,
  checkDeletion,
  checkRoleChange,
  MESSAGES,
  needsCurrentPassword,
  normaliseEmail,
} from './user-policy.js';

const superadmin = { userId: 1, role: 'superadmin' as const };
const admin = { userId: 2, role: 'admin' as const };

describe('user policy', () => {
  it('lets a superadmin access anyone and an admin only themselves', () => {
    expect(canAccessUser(superadmin, 5)).toBeNull();
    expect(canAccessUser(admin, 2)).toBeNull();
    expect(canAccessUser(admin, 1)).toEqual({ kind: 'forbidden', message: MESSAGES.ownRecordOnly });
  });

  it('keeps role changes to superadmins, never on themselves, never on the last superadmin', () => {
    expect(checkRoleChange(superadmin, { id: 3, role: 'admin' }, 'superadmin', 1)).toBeNull();
    expect(checkRoleChange(admin, { id: 2, role: 'admin' }, 'superadmin', 1)?.message).toBe(MESSAGES.superadminOnly);
    expect(checkRoleChange(superadmin, { id: 1, role: 'superadmin' }, 'admin', 2)?.message).toBe(MESSAGES.ownRole);
    expect(checkRoleChange(superadmin, { id: 4, role: 'superadmin' }, 'admin', 1)?.message).toBe(
      MESSAGES.lastSuperadmin,
    );
    expect(checkRoleChange(superadmin, { id: 4, role: 'superadmin' }, 'admin', 2)).toBeNull();
    expect(checkRoleChange(admin, { id: 2, role: 'admin' }, 'admin', 1)).toBeNull();
  });

  it('asks for the current password when staff change their own, not when a superadmin sets another’s', () => {
    expect(needsCurrentPassword(admin, 2)).toBe(true);
    expect(needsCurrentPassword(superadmin, 1)).toBe(true);
    expect(needsCurrentPassword(superadmin, 2)).toBe(false);
  });

  it('refuses deleting oneself, the last superadmin, or anyone as an admin', () => {
    expect(checkDeletion(superadmin, { id: 3, role: 'admin' }, 1)).toBeNull();
    expect(checkDeletion(superadmin, { id: 1, role: 'superadmin' }, 2)?.message).toBe(MESSAGES.ownAccount);
    expect(checkDeletion(superadmin, { id: 4, role: 'superadmin' }, 1)?.message).toBe(MESSAGES.lastSuperadmin);
    expect(checkDeletion(admin, { id: 3, role: 'admin' }, 1)?.kind).toBe('forbidden');
  });

  it('normalises e-mail addresses', () => {
    expect(normaliseEmail('  Kim.Actor@Example.COM ')).toBe('kim.actor@example.com');
  });
});
