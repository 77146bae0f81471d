import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card, PageHeader } from '../../../components/ui/card.tsx';
import { paths } from '../../../lib/paths.ts';
import { ErrorDetails } from '../components/error-details.tsx';
import { parseErrorReport } from '../components/error-report.ts';

/** /admin/error?message=<JSON of an API error>: the error's details for staff to report. */
export function ErrorPage() {
  const [params] = useSearchParams();
  const report = parseErrorReport(params.get('message'));

  return (
    <>
      <PageHeader title="Error" description="Something went wrong. The details below help when reporting the problem." />
      <Card>
        {report.raw ? <ErrorDetails report={report} /> : <p className="text-sm text-slate-700">No error details were provided.</p>}
        <div className="mt-6">
          <ButtonLink href={paths.emailAccounts} variant="secondary">
            Back to Home
          </ButtonLink>
        </div>
      </Card>
    </>
  );
}
