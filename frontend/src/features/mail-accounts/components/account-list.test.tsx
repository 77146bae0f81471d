import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { MailAccount } from '../api/mail-accounts.ts';
import { AccountList } from './account-list.tsx';

const account = (id: number, email: string, fields: Partial<MailAccount> = {}): MailAccount => ({
  id,
  name: email.split('@')[0]!,
  email,
  picture: null,
  needsReauth: false,
  canReadReplies: true,
  createdAt: '2026-12-01T00:00:00.000Z',
  dailyLimit: 500,
  sentLast24h: 0,
  remainingToday: 500,
  ...fields,
});

describe('AccountList', () => {
  it('asks an account connected before replies were read to re-authenticate once, through the usual button', async () => {
    const onReauthenticate = vi.fn();
    const older = account(2, 'older@gmail.com', { canReadReplies: false });
    render(
      <AccountList
        accounts={[
          account(1, 'current@gmail.com'),
          older,
          account(3, 'refused@gmail.com', { needsReauth: true, canReadReplies: false }),
        ]}
        busyId={null}
        onDashboard={vi.fn()}
        onReauthenticate={onReauthenticate}
        onDisconnect={vi.fn()}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items.map((item) => item.textContent?.includes('Re-authenticate once to see replies and bounces'))).toEqual([
      false,
      true,
      false,
    ]);
    // An account Google refused says that instead: re-authenticating fixes both.
    expect(items[2]!.textContent).toContain('Needs re-authentication');
    await userEvent.click(screen.getByRole('button', { name: 'Re-authenticate older@gmail.com' }));
    expect(onReauthenticate).toHaveBeenCalledWith(older);
  });
});
