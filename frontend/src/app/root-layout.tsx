import { useEffect } from 'react';
import { RouterProvider as AriaRouterProvider } from 'react-aria-components';
import { Outlet, useHref, useLocation, useNavigate, type NavigateOptions } from 'react-router';
import { Toaster } from '../components/ui/toaster.tsx';
import { readFlash } from '../lib/flash.ts';
import { showToast } from '../lib/toast.tsx';

declare module 'react-aria-components' {
  interface RouterConfig {
    routerOptions: NavigateOptions;
  }
}

/** Wraps every page: client-side navigation for react-aria links, toasts, and messages carried by redirects. */
export function RootLayout() {
  const navigate = useNavigate();
  const location = useLocation();

  // A redirect chain (/ → /login) hands the same flash on; showToast keeps it to one toast by its id.
  useEffect(() => {
    const flash = readFlash(location.state);
    if (flash) showToast(flash.tone, flash.message, flash.id);
  }, [location.state]);

  return (
    <AriaRouterProvider navigate={navigate} useHref={useHref}>
      <Outlet />
      <Toaster />
    </AriaRouterProvider>
  );
}
