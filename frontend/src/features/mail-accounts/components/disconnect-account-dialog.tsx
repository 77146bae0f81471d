import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { MailAccount } from '../../../lib/mail-accounts.ts';

interface DisconnectAccountDialogProps {
  account: MailAccount | null;
  onCancel: () => void;
  onConfirm: (account: MailAccount) => Promise<void>;
}

export function DisconnectAccountDialog({ account, onCancel, onConfirm }: DisconnectAccountDialogProps) {
  const [isBusy, setBusy] = useState(false);
  return (
    <Dialog title="Disconnect Account" role="alertdialog" size="sm" isOpen={!!account} onOpenChange={(isOpen) => !isOpen && onCancel()}>
      <p className="text-sm text-slate-700">
        Are you sure you want to disconnect this account? Its access to Gmail and Drive is revoked; you can connect it again later.
      </p>
      {account && (
        <p className="mt-3 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-800">
          {account.name} · {account.email}
        </p>
      )}
      <div className="mt-6 flex justify-end gap-2">
        <Button slot="close" variant="secondary" autoFocus>
          Cancel
        </Button>
        <Button
          variant="danger"
          isPending={isBusy}
          onPress={async () => {
            if (!account) return;
            setBusy(true);
            try {
              await onConfirm(account);
            } finally {
              setBusy(false);
            }
          }}
        >
          {isBusy ? 'Disconnecting…' : 'Disconnect'}
        </Button>
      </div>
    </Dialog>
  );
}
