// Limits of e-mail campaigns that the dashboard and the server share.

/** The most posts one campaign takes: one e-mail to each post's customer. */
export const MAX_CAMPAIGN_POSTS = 500;
