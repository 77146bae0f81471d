/** The three roles of spec §6. Here, not in the users module, because every route's authorisation names them. */
export const ROLES = ['user', 'admin', 'superadmin'] as const;
export type Role = (typeof ROLES)[number];
