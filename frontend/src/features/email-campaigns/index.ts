// What other features use of email-campaigns: everything else in it is its own.
export { CampaignDialog } from './components/campaign-dialog.tsx';
