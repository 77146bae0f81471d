import { Migration20261122000000_users_and_sessions } from './Migration20261122000000_users_and_sessions.js';

/** Every committed migration, in order. Listed explicitly so the build needs no file discovery. */
export const migrationsList = [
  { name: 'Migration20261122000000_users_and_sessions', class: Migration20261122000000_users_and_sessions },
];
