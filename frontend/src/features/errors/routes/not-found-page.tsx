import { useLocation } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { ErrorDetails } from '../components/error-details.tsx';
import type { ErrorReport } from '../components/error-report.ts';

/** Any other path under /admin shows the error page (spec §2). */
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
    <>
      <PageHeader title="Error" description="Page not found. The address may be mistyped, or the page has moved." />
      <Card>
        <ErrorDetails report={report} />
        <div className="mt-6">
          <ButtonLink href={paths.emailAccounts} variant="secondary">
            Back to Home
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}
