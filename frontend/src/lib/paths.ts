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
  /** E-mail campaigns: one e-mail to each of many posts' customers, paced within Gmail's limits. */
  emailCampaigns: '/admin/email-campaigns',
  emailCampaign: (id: number | string) => `/admin/email-campaigns/${encodeURIComponent(String(id))}`,
  favourites: '/admin/favourites',
  /** The message sender, with a recipient's phone number filled in when given (a post's Quick Message). */
  messageSender: (phoneNumber?: string) =>
    phoneNumber ? `/admin/message-sender?phoneNumber=${encodeURIComponent(phoneNumber)}` : '/admin/message-sender',
  /** The sends with their counts and each recipient's outcome (the sender's View Results). */
  messageResults: '/admin/message-results',
  /** The page titled Address Book: contact list, message sender and duplicate check tabs. */
  contactBook: '/admin/contact-book',
  /** The opt-out (수신거부) and advertising consent register. */
  optOuts: '/admin/opt-outs',
  /** A person's outreach history: what was sent to a number or an address, its opt-outs and consent. */
  outreach: (address?: string) =>
    address ? `/admin/outreach?address=${encodeURIComponent(address)}` : '/admin/outreach',
  profile: '/admin/profile',
  users: '/admin/users',
  addAdmin: '/admin/users/add',
  error: '/admin/error',
} as const;
