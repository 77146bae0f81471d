import { useState } from 'react';
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { useNavigate, type NavigateFunction } from 'react-router';
import { focusRing } from '../components/ui/focus-ring.ts';
import { logout } from '../features/auth/api/logout.ts';
import { createQueueBoardLink } from '../features/operations/api/create-queue-board-link.ts';
import { paths } from '../lib/paths.ts';
import type { StoredUser } from '../lib/storage.ts';
import { toast } from '../lib/toast.tsx';

interface MenuItem {
  label: string;
  superadminOnly?: boolean;
  /** Where the item leads, or what it does. */
  to?: string;
  run?: (navigate: NavigateFunction) => Promise<void>;
}

async function openQueueBoard(): Promise<void> {
  try {
    window.open(await createQueueBoardLink(), '_blank', 'noopener');
  } catch {
    toast.error('Failed to open the queue dashboard.');
  }
}

async function signOut(navigate: NavigateFunction): Promise<void> {
  await logout();
  await navigate(paths.login, { replace: true });
}

/** The slide-in menu's entries, in the spec's order; a new screen adds one line here. */
const MENU_ITEMS: readonly MenuItem[] = [
  { label: 'Home', to: paths.emailAccounts },
  { label: 'Add Account', to: paths.emailAccounts },
  { label: 'Sent Emails', to: paths.sentEmails },
  { label: 'Campaigns', to: paths.emailCampaigns },
  { label: 'Show Favourites', to: paths.favourites },
  { label: 'Update Profile', to: paths.profile },
  { label: 'Contact Book', to: paths.contactBook },
  { label: 'Message Sender', to: paths.messageSender() },
  { label: 'Opt-outs (수신거부)', to: paths.optOuts },
  { label: 'Manage Users', to: paths.users, superadminOnly: true },
  { label: 'Queue Dashboard', run: openQueueBoard, superadminOnly: true },
  { label: 'Logout', run: signOut },
];

const itemClass = `flex w-full items-center rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-800
  hover:bg-slate-100 data-pressed:bg-slate-200 cursor-pointer ${focusRing}`;

/** The right-side slide-in menu titled 메뉴 (spec §2, admin shell). */
export function AdminMenu({ user }: { user: StoredUser }) {
  const [isOpen, setOpen] = useState(false);
  const navigate = useNavigate();
  const items = MENU_ITEMS.filter((item) => !item.superadminOnly || user.role === 'superadmin');

  const choose = async (item: MenuItem) => {
    setOpen(false);
    if (item.to) await navigate(item.to);
    else await item.run?.(navigate);
  };

  return (
    <>
      <Button
        onPress={() => setOpen(true)}
        className={`inline-flex h-10 items-center gap-2 rounded-lg px-3 text-sm font-semibold text-white hover:bg-white/10
          data-pressed:bg-white/20 cursor-pointer ${focusRing} data-focus-visible:outline-white`}
      >
        <span aria-hidden="true" className="flex flex-col gap-1">
          <span className="block h-0.5 w-5 rounded bg-current" />
          <span className="block h-0.5 w-5 rounded bg-current" />
          <span className="block h-0.5 w-5 rounded bg-current" />
        </span>
        메뉴
      </Button>
      <ModalOverlay
        isOpen={isOpen}
        onOpenChange={setOpen}
        isDismissable
        className="fixed inset-0 z-40 bg-slate-950/40 animate-fade-in"
      >
        <Modal className="fixed inset-y-0 right-0 flex w-80 max-w-[85vw] animate-slide-in-right flex-col bg-white shadow-2xl">
          <Dialog className="flex h-full flex-col outline-none">
            <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
              <Heading slot="title" className="text-lg font-bold text-slate-900">
                메뉴
              </Heading>
              <Button
                slot="close"
                aria-label="Close menu"
                className={`rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 cursor-pointer ${focusRing}`}
              >
                <span aria-hidden="true">✕</span>
              </Button>
            </div>
            <div className="border-b border-slate-200 px-5 py-3">
              <p className="text-sm font-semibold text-slate-900">{user.name}</p>
              <p className="text-xs text-slate-600">{user.email}</p>
            </div>
            <nav aria-label="Main" className="flex-1 overflow-y-auto p-3">
              <ul className="flex flex-col gap-0.5">
                {items.map((item) => (
                  <li key={item.label}>
                    <Button className={itemClass} onPress={() => void choose(item)}>
                      {item.label}
                    </Button>
                  </li>
                ))}
              </ul>
            </nav>
          </Dialog>
        </Modal>
      </ModalOverlay>
    </>
  );
}
