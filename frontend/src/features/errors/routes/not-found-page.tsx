import { useLocation } from 'react-router';
import { ErrorDetails } from '../components/error-details.tsx';
import type { ErrorReport } from '../components/error-report.ts';
import { ErrorScreen } from '../components/error-screen.tsx';

/** Any other path, under /admin (in the admin shell) or outside it, shows the error page (spec §2, §8). */
export function NotFoundPage() {
  const { pathname } = useLocation();
  const report: ErrorReport = {
    statusCode: 404,
    error: 'Not Found',
    message: `Page not found: ${pathname}`,
    validation: [],
    conflictingFields: [],
    raw: '',
  };

  return (
    <ErrorScreen description="Page not found. The address may be mistyped, or the page has moved.">
      <ErrorDetails report={report} />
    </ErrorScreen>
  );
}

/** An unknown path outside the admin area: the same error page, on a page of its own (spec §8). */
export function PublicNotFoundPage() {
  return (
    <main id="main" className="mx-auto w-full max-w-4xl px-4 py-8">
      <NotFoundPage />
    </main>
  );
}
