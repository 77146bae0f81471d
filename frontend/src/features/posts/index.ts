// What other features use of posts: everything else in it is its own.
export { revalidatePosts } from './api/posts-keys.ts';
export { sendTestEmail } from './api/send-email.ts';
export { emailOutcomeText } from './components/email-outcome.tsx';
export { type CampaignPick } from './domain/campaign-picks.ts';
