import { Avatar } from '../../../components/ui/avatar.tsx';
import { Button } from '../../../components/ui/button.tsx';
import type { MailAccount } from '../api/mail-accounts.ts';

interface AccountListProps {
  accounts: readonly MailAccount[];
  busyId: number | null;
  onDashboard: (account: MailAccount) => void;
  onReauthenticate: (account: MailAccount) => void;
  onDisconnect: (account: MailAccount) => void;
}

/** The connected accounts: avatar, name, e-mail, and what can be done with each. */
export function AccountList({ accounts, busyId, onDashboard, onReauthenticate, onDisconnect }: AccountListProps) {
  return (
    <ul
      aria-label="Connected accounts"
      className="divide-y divide-slate-100 overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
    >
      {accounts.map((account) => (
        <li key={account.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
          <Avatar name={account.name} picture={account.picture} />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900">{account.name}</p>
            <p className="truncate text-sm text-slate-600">{account.email}</p>
            {account.needsReauth && (
              <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                <span aria-hidden="true">⚠</span> Needs re-authentication
              </p>
            )}
            {!account.needsReauth && !account.canReadReplies && (
              <p className="mt-1 inline-flex items-center gap-1.5 rounded-full bg-sky-100 px-2.5 py-0.5 text-xs font-semibold text-sky-900">
                Re-authenticate once to see replies and bounces
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <Button className="h-9" aria-label={`Dashboard of ${account.email}`} onPress={() => onDashboard(account)}>
              Dashboard
            </Button>
            <Button
              variant="secondary"
              className={`h-9 ${account.needsReauth ? 'ring-amber-500' : !account.canReadReplies ? 'ring-sky-500' : ''}`}
              aria-label={`Re-authenticate ${account.email}`}
              isPending={busyId === account.id}
              onPress={() => onReauthenticate(account)}
            >
              Re-authenticate
            </Button>
            <Button
              variant="danger"
              className="h-9"
              aria-label={`Disconnect ${account.email}`}
              onPress={() => onDisconnect(account)}
            >
              Disconnect
            </Button>
          </div>
        </li>
      ))}
    </ul>
  );
}
