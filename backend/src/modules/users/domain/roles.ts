import { ROLES, type Role } from '../../../platform/domain/roles.js';

export { ROLES, type Role };

/** Only admin and superadmin may use the tool. */
export const STAFF_ROLES: readonly Role[] = ['admin', 'superadmin'];

export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}
