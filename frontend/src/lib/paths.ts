/** Every route of the app, so that links and redirects cannot drift from the router. */
export const paths = {
  root: '/',
  login: '/login',
  /** Where a signed-in account without admin rights lands. */
  nonAdminHome: '/dashboard',
  admin: '/admin',
  emailAccounts: '/admin/email-accounts',
  dashboard: '/admin/dashboard',
  accountDashboard: (accountId: string) => `/admin/dashboard/${encodeURIComponent(accountId)}`,
  sentEmails: '/admin/sent-emails',
  favourites: '/admin/favourites',
  profile: '/admin/profile',
  users: '/admin/users',
  addAdmin: '/admin/users/add',
  error: '/admin/error',
} as const;
