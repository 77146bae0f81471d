import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import {
  consentFailureMessage,
  consentOutcomeMessage,
  startReauthentication,
  useConsentOutcome,
  type MailAccount,
} from '../api/mail-accounts.ts';
import { toast } from '../../../lib/toast.tsx';

/** Google refused the account's stored sign-in: Drive and sending need a new consent. */
export function ReauthBanner({ account }: { account: MailAccount }) {
  const [isBusy, setBusy] = useState(false);
  // The consent pop-up reports back; the accounts are fetched again, which lifts this banner once it worked.
  useConsentOutcome((outcome) => {
    const words = consentOutcomeMessage(outcome);
    if (words) (outcome.connectError ? toast.error : toast.success)(words);
  });
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950"
    >
      <p className="flex-1">
        <span className="font-semibold">{account.email}</span> needs re-authentication: Google no longer accepts its
        sign-in.
      </p>
      <Button
        variant="secondary"
        className="h-9"
        isPending={isBusy}
        onPress={async () => {
          setBusy(true);
          try {
            await startReauthentication(account.id);
          } catch (failure) {
            toast.error(consentFailureMessage(failure, 'Failed to reauthenticate account.'));
          } finally {
            setBusy(false);
          }
        }}
      >
        Re-authenticate
      </Button>
    </div>
  );
}
