import { useEffect, useReducer, useState } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { Loading } from '../components/ui/spinner.tsx';
import { flashState } from '../lib/flash.ts';
import { paths } from '../lib/paths.ts';
import { ensureFreshSession, refreshSession, SESSION_CHECK_INTERVAL_MS } from '../lib/session.ts';
import { clearSession, readSession, STORAGE_KEYS } from '../lib/storage.ts';
import { decideAdminRoute, GUARD_MESSAGES } from './route-guard.ts';

/** The route guard of the admin area (spec §2): decides on every navigation and watches the session. */
export function RequireAdmin() {
  const { pathname } = useLocation();
  const [refreshFailed, setRefreshFailed] = useState(false);
  const [, recheck] = useReducer((count: number) => count + 1, 0);
  // eslint-disable-next-line react-hooks/purity -- the guard decides against the clock on every navigation, by design
  const decision = decideAdminRoute(readSession(), pathname, Date.now(), refreshFailed);

  useEffect(() => {
    if (decision.kind !== 'refresh') return;
    let cancelled = false;
    void refreshSession().then((renewed) => {
      if (cancelled) return;
      if (renewed) recheck();
      else setRefreshFailed(true);
    });
    return () => {
      cancelled = true;
    };
  }, [decision.kind]);

  // Forget the dead session once the redirect to /login has been decided.
  useEffect(() => {
    if (refreshFailed) clearSession();
  }, [refreshFailed]);

  if (decision.kind === 'redirect') {
    return <Navigate to={decision.to} replace state={decision.message ? flashState(decision.message) : undefined} />;
  }
  if (decision.kind === 'refresh') return <Loading label="Checking your session…" />;
  return (
    <>
      <SessionWatcher />
      <Outlet />
    </>
  );
}

/** Checks the session on load and every 60 s (spec §4); renews it quietly or ends it with a message. */
function SessionWatcher() {
  const navigate = useNavigate();

  useEffect(() => {
    let active = true;
    const toLogin = (message: string) => navigate(paths.login, { replace: true, state: flashState(message) });
    const check = async () => {
      const result = await ensureFreshSession();
      if (!active) return;
      if (result === 'expired') await toLogin(GUARD_MESSAGES.sessionExpired);
      if (result === 'none') await toLogin(GUARD_MESSAGES.loginRequired);
    };
    // Another tab signed out.
    const onStorage = (event: StorageEvent) => {
      if ((event.key === null || event.key === STORAGE_KEYS.token) && !localStorage.getItem(STORAGE_KEYS.token)) {
        void toLogin(GUARD_MESSAGES.loginRequired);
      }
    };
    void check();
    const timer = setInterval(() => void check(), SESSION_CHECK_INTERVAL_MS);
    window.addEventListener('storage', onStorage);
    return () => {
      active = false;
      clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [navigate]);

  return null;
}
