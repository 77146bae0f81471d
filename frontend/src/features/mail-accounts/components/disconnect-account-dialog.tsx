import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import type { MailAccount } from '../api/mail-accounts.ts';

interface DisconnectAccountDialogProps {
  account: MailAccount | null;
  onCancel: () => void;
  onConfirm: (account: MailAccount) => Promise<void>;
}

export function DisconnectAccountDialog({ account, onCancel, onConfirm }: DisconnectAccountDialogProps) {
  return (
    <ConfirmDialog
      subject={account}
      title="Disconnect Account"
      question="Are you sure you want to disconnect this account? Its access to Gmail and Drive is revoked; you can connect it again later."
      describe={(subject) => `${subject.name} · ${subject.email}`}
      confirmLabel="Disconnect"
      busyLabel="Disconnecting…"
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
