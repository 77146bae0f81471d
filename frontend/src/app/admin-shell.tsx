import { Link } from 'react-aria-components';
import { Outlet, useMatches } from 'react-router';
import { focusRing } from '../components/ui/focus-ring.ts';
import { paths } from '../lib/paths.ts';
import { useSelectedMailAccountId } from '../lib/use-selected-mail-account.ts';
import { useStoredUser } from '../lib/use-stored-user.ts';
import { AdminMenu } from './admin-menu.tsx';

/**
 * A route's say in the shell's frame. Data screens (tables, lists of posts) take the window's width; the other
 * screens (forms, settings) keep a readable column.
 */
export interface ShellHandle {
  layout: 'data' | 'form';
}

/** The handle of a data screen's route. */
export const dataScreen: ShellHandle = { layout: 'data' };

const FRAME_WIDTH: Record<ShellHandle['layout'], string> = {
  data: 'max-w-none lg:px-8',
  form: 'max-w-6xl',
};

function useShellLayout(): ShellHandle['layout'] {
  const matches = useMatches();
  // The deepest route that says decides.
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]!.handle as Partial<ShellHandle> | undefined;
    if (handle?.layout) return handle.layout;
  }
  return 'form';
}

/** The frame of every admin page: header with the dashboard link and the menu. */
export function AdminShell() {
  const user = useStoredUser();
  const accountId = useSelectedMailAccountId();
  const layout = useShellLayout();
  // The guard only renders the shell for a stored user; this covers the instant of signing out.
  if (!user) return null;

  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-3 focus:py-2 focus:text-sm focus:font-semibold focus:text-brand-800 focus:shadow"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-30 bg-brand-950 text-white shadow-md">
        <div className={`mx-auto flex h-16 items-center justify-between gap-4 px-4 sm:px-6 ${FRAME_WIDTH[layout]}`}>
          <Link
            href={accountId ? paths.accountDashboard(accountId) : paths.dashboard}
            className={`rounded-md text-lg font-extrabold tracking-[0.2em] text-white ${focusRing} data-focus-visible:outline-white`}
          >
            JOB CASTING
          </Link>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-brand-100 md:inline">
              {user.name} · {user.role}
            </span>
            <AdminMenu user={user} />
          </div>
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        data-layout={layout}
        className={`mx-auto w-full flex-1 px-4 py-8 outline-none sm:px-6 ${FRAME_WIDTH[layout]}`}
      >
        <Outlet />
      </main>
    </div>
  );
}
