import { useEffect, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import {
  consentFailureMessage,
  consentOutcomeMessage,
  reportConsentOutcome,
  startConnect,
  startReauthentication,
  useConsentOutcome,
  type MailAccount,
} from '../api/mail-accounts.ts';
import { paths } from '../../../lib/paths.ts';
import { writeSelectedMailAccount } from '../../../lib/storage.ts';
import { toast } from '../../../lib/toast.tsx';
import { disconnectAccount } from '../api/disconnect-account.ts';
import { useMailAccounts } from '../api/use-mail-accounts.ts';
import { AccountList } from '../components/account-list.tsx';
import { DisconnectAccountDialog } from '../components/disconnect-account-dialog.tsx';

/** The search parameters the OAuth callback leaves on its way back. */
const OUTCOME_PARAMS = ['connected', 'reauthenticated', 'connectError'] as const;

/**
 * What the OAuth callback reported on its way back (?connected=<email>, ?reauthenticated=<email> or
 * ?connectError=<message>). In the consent pop-up (&window=popup) the outcome goes to the window that opened it,
 * and the pop-up closes.
 */
function ConnectOutcome() {
  const [params, setParams] = useSearchParams();
  const connected = params.get('connected');
  const reauthenticated = params.get('reauthenticated');
  const connectError = params.get('connectError');
  const inPopup = params.get('window') === 'popup';
  useEffect(() => {
    if (!inPopup) return;
    reportConsentOutcome({
      connected: connected ?? undefined,
      reauthenticated: reauthenticated ?? undefined,
      connectError: connectError ?? undefined,
    });
    window.close();
  }, [inPopup, connected, reauthenticated, connectError]);
  const words = consentOutcomeMessage({
    connected: connected ?? undefined,
    reauthenticated: reauthenticated ?? undefined,
    connectError: connectError ?? undefined,
  });
  if (!words) return null;
  const dismiss = () => setParams((current) => withoutOutcome(current), { replace: true });
  return (
    <div className="mb-6 flex items-start gap-3">
      <div className="flex-1">
        <Alert tone={connectError ? 'error' : 'success'}>
          {words}
          {inPopup && ' You can close this window.'}
        </Alert>
      </div>
      <AriaButton
        aria-label="Dismiss"
        onPress={dismiss}
        className={`mt-2 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 cursor-pointer ${focusRing}`}
      >
        <span aria-hidden="true">✕</span>
      </AriaButton>
    </div>
  );
}

function withoutOutcome(params: URLSearchParams): URLSearchParams {
  for (const name of OUTCOME_PARAMS) params.delete(name);
  return params;
}

export function EmailAccountsPage() {
  const { data, error, isLoading } = useMailAccounts();
  const navigate = useNavigate();
  const [isConnecting, setConnecting] = useState(false);
  const [reauthenticating, setReauthenticating] = useState<number | null>(null);
  const [disconnecting, setDisconnecting] = useState<MailAccount | null>(null);
  const [, setParams] = useSearchParams();

  // The consent pop-up reports back here: show its outcome as if the callback had come to this window.
  useConsentOutcome((outcome) => {
    const shown: Record<string, string> = {};
    for (const name of OUTCOME_PARAMS) if (outcome[name]) shown[name] = outcome[name];
    setParams(shown, { replace: true });
  });

  const connect = async () => {
    setConnecting(true);
    try {
      await startConnect();
    } catch (failure) {
      toast.error(consentFailureMessage(failure, 'Failed to connect to Google. Please try again.'));
    } finally {
      setConnecting(false);
    }
  };

  const reauthenticate = async (account: MailAccount) => {
    setReauthenticating(account.id);
    try {
      await startReauthentication(account.id);
    } catch (failure) {
      toast.error(consentFailureMessage(failure, 'Failed to reauthenticate account.'));
    } finally {
      setReauthenticating(null);
    }
  };

  const openDashboard = (account: MailAccount) => {
    writeSelectedMailAccount(account);
    void navigate(paths.accountDashboard(String(account.id)));
  };

  const confirmDisconnect = async (account: MailAccount) => {
    try {
      await disconnectAccount(account.id);
      toast.success('Account disconnected.');
      setDisconnecting(null);
      // A "Connected" banner of the account that is gone would say what is no longer true.
      setParams((current) => withoutOutcome(current), { replace: true });
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to disconnect account.'));
    }
  };

  const connectButton = (
    <Button isPending={isConnecting} onPress={() => void connect()}>
      {isConnecting ? 'Connecting…' : 'Connect Gmail Account'}
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Email Accounts"
        description="Gmail accounts connected to send e-mails and read Drive files."
        actions={connectButton}
      />
      <ConnectOutcome />
      {isLoading ? (
        <Card>
          <Loading label="Loading accounts…" />
        </Card>
      ) : error || !data ? (
        <Alert>Failed to fetch connected accounts.</Alert>
      ) : data.length === 0 ? (
        <Card>
          <div className="py-8 text-center">
            <p className="font-semibold text-slate-900">No accounts connected yet.</p>
            <p className="mt-1 text-sm text-slate-600">Connect a Gmail account to browse posts and send e-mails.</p>
          </div>
        </Card>
      ) : (
        <AccountList
          accounts={data}
          busyId={reauthenticating}
          onDashboard={openDashboard}
          onReauthenticate={(account) => void reauthenticate(account)}
          onDisconnect={setDisconnecting}
        />
      )}
      <DisconnectAccountDialog
        account={disconnecting}
        onCancel={() => setDisconnecting(null)}
        onConfirm={confirmDisconnect}
      />
    </>
  );
}
