import { useSearchParams } from 'react-router';
import { ErrorDetails } from '../components/error-details.tsx';
import { parseErrorReport } from '../components/error-report.ts';
import { ErrorScreen } from '../components/error-screen.tsx';

/** /admin/error?message=<JSON of an API error>: the error's details for staff to report. */
export function ErrorPage() {
  const [params] = useSearchParams();
  const report = parseErrorReport(params.get('message'));

  return (
    <ErrorScreen description="Something went wrong. The details below help when reporting the problem.">
      {report.raw ? (
        <ErrorDetails report={report} />
      ) : (
        <p className="text-sm text-slate-700">No error details were provided.</p>
      )}
    </ErrorScreen>
  );
}
