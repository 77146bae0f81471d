import { RouterProvider } from 'react-router';
import { SWRConfig } from 'swr';
import { ApiError } from '../lib/api-error.ts';
import { onSessionExpired } from '../lib/api-client.ts';
import { flashState } from '../lib/flash.ts';
import { paths } from '../lib/paths.ts';
import { GUARD_MESSAGES } from './route-guard.ts';
import { router } from './router.tsx';

onSessionExpired(() => {
  void router.navigate(paths.login, { replace: true, state: flashState(GUARD_MESSAGES.sessionExpired) });
});

export function App() {
  return (
    <SWRConfig
      value={{
        // A 4xx will not change by asking again; only server and network failures are retried.
        onErrorRetry: (error, _key, _config, revalidate, { retryCount }) => {
          if (error instanceof ApiError && error.status < 500) return;
          if (retryCount >= 3) return;
          setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
        },
      }}
    >
      <RouterProvider router={router} />
    </SWRConfig>
  );
}
