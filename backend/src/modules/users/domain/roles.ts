/** The three roles of spec §6. Only admin and superadmin may use the tool. */
export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES: readonly Role[] = ['admin', 'superadmin'];

export function isStaff(role: Role): boolean {
  return STAFF_ROLES.includes(role);
}
