// What other features use of mail-accounts: everything else in it is its own.
export { useSenderAccounts } from './api/mail-accounts.ts';
export { AccountSwitcher } from './components/account-switcher.tsx';
export { ReauthBanner } from './components/reauth-banner.tsx';
