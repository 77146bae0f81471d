import type { Schemas } from '@job-casting/contracts';
import { useEffect, useEffectEvent } from 'react';
import useSWR, { mutate } from 'swr';
import { api } from '../../../lib/api-client.ts';
import { errorMessage, unwrap } from '../../../lib/api-error.ts';

/** Mail accounts as the API lists them; shared by the accounts page and the dashboard's switcher. */
export type MailAccount = Schemas['MailAccountDto'];

export const mailAccountsKey = ['mail-accounts', 'list'] as const;
export const senderAccountsKey = ['mail-accounts', 'senders'] as const;

/** After a change to accounts, both lists are fetched again. */
export function revalidateMailAccounts(): Promise<unknown> {
  return mutate((key) => Array.isArray(key) && key[0] === 'mail-accounts');
}

export async function fetchSenderAccounts(): Promise<MailAccount[]> {
  return unwrap(await api.GET('/backend/api/v1/user-email'));
}

/** The sender accounts (GET user-email) for the account switchers. */
export function useSenderAccounts() {
  return useSWR(senderAccountsKey, fetchSenderAccounts);
}

/** Spec §8, when the browser refuses to open the consent window. */
class PopupBlockedError extends Error {
  constructor() {
    super('Popup was blocked. Please allow popups for this site and try again.');
  }
}

/**
 * The app is open at another origin than the one Google sends the browser back to (PUBLIC_URL): the sign-in would
 * come back to a page where nobody is signed in (browsers keep sign-ins per origin), so it is not started.
 */
export class OtherOriginError extends Error {
  constructor(appOrigin: string, here: string) {
    super(
      `Google sends the sign-in back to ${appOrigin}, but this page is open at ${here}. Open JOB CASTING at ${appOrigin} and connect from there (or set PUBLIC_URL to ${here}).`,
    );
  }
}

/** What to tell staff when starting a consent failed: the blocked pop-up, the other origin, the server's words, or `fallback`. */
export function consentFailureMessage(failure: unknown, fallback: string): string {
  return failure instanceof PopupBlockedError || failure instanceof OtherOriginError
    ? failure.message
    : errorMessage(failure, fallback);
}

/** How the consent window tells the app's other windows how it ended (it may have lost its opener on the way). */
const CONSENT_CHANNEL = 'jc-google-consent';

export interface ConsentOutcome {
  connected?: string;
  /** An account signed in again (Re-authenticate). */
  reauthenticated?: string;
  connectError?: string;
}

/** The words of a consent's outcome, for the banner and the toast. */
export function consentOutcomeMessage(outcome: ConsentOutcome): string | null {
  if (outcome.connected) return `Connected ${outcome.connected}.`;
  if (outcome.reauthenticated) return `Re-authenticated ${outcome.reauthenticated}.`;
  return outcome.connectError ?? null;
}

/**
 * Google's consent in a pop-up (spec §4: the browser goes to the authorisation URL; a pop-up may be used). The
 * window opens at once, inside the click, so that browsers allow it, and goes to the URL once the API gives it.
 */
async function openConsent(requestAuthUrl: () => Promise<{ authUrl: string; appOrigin: string }>): Promise<void> {
  const popup = window.open('', CONSENT_CHANNEL, 'popup,width=520,height=720');
  if (!popup) throw new PopupBlockedError();
  try {
    const { authUrl, appOrigin } = await requestAuthUrl();
    if (appOrigin !== window.location.origin) throw new OtherOriginError(appOrigin, window.location.origin);
    popup.location.href = authUrl;
  } catch (error) {
    popup.close();
    throw error;
  }
}

/** Connects a new Gmail account through Google's consent. */
export function startConnect(): Promise<void> {
  return openConsent(async () =>
    unwrap(await api.POST('/backend/api/v1/google-auth/connect', { params: { query: { window: 'popup' } } })),
  );
}

/** Asks for a new consent for an account Google no longer accepts. */
export function startReauthentication(id: number): Promise<void> {
  return openConsent(async () =>
    unwrap(
      await api.GET('/backend/api/v1/google-auth/reauthenticate/{id}', {
        params: { path: { id }, query: { window: 'popup' } },
      }),
    ),
  );
}

/** In the consent window, back from Google: tells the app's other windows the outcome. */
export function reportConsentOutcome(outcome: ConsentOutcome): void {
  const channel = new BroadcastChannel(CONSENT_CHANNEL);
  channel.postMessage(outcome);
  channel.close();
}

/** Calls `onOutcome` when a consent window of this app reports back; the accounts are fetched again first. */
export function useConsentOutcome(onOutcome: (outcome: ConsentOutcome) => void): void {
  const handle = useEffectEvent((outcome: ConsentOutcome) => {
    void revalidateMailAccounts();
    onOutcome(outcome);
  });
  useEffect(() => {
    const channel = new BroadcastChannel(CONSENT_CHANNEL);
    channel.onmessage = (event: MessageEvent<ConsentOutcome>) => handle(event.data);
    return () => channel.close();
  }, []);
}
