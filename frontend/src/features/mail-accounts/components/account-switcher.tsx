import { Select } from '../../../components/ui/select.tsx';
import type { MailAccount } from '../api/mail-accounts.ts';

interface AccountSwitcherProps {
  label?: string;
  accounts: readonly Pick<MailAccount, 'id' | 'name' | 'email'>[];
  value: number | null;
  onChange: (id: number) => void;
  isDisabled?: boolean;
}

/** Chooses the mail account a screen works with. */
export function AccountSwitcher({
  label = 'Mail account',
  accounts,
  value,
  onChange,
  isDisabled,
}: AccountSwitcherProps) {
  return (
    <div className="w-72 max-w-full">
      <Select<number>
        label={label}
        value={value}
        placeholder={accounts.length === 0 ? 'No account connected' : 'Choose an account'}
        isDisabled={isDisabled || accounts.length === 0}
        onChange={onChange}
        options={accounts.map((account) => ({
          id: account.id,
          label: account.id === 0 ? account.name : `${account.name} · ${account.email}`,
        }))}
      />
    </div>
  );
}
