import type { ReactNode } from 'react';
import type { ErrorReport } from './error-report.ts';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="border-t border-slate-200 py-4 first:border-t-0 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-sm text-slate-900 sm:mt-0">{children}</dd>
    </div>
  );
}

function Code({ children }: { children: string }) {
  return (
    <pre className="overflow-x-auto rounded-lg bg-slate-900 p-3 font-mono text-xs whitespace-pre-wrap text-slate-100">
      {children}
    </pre>
  );
}

/** Every field of an error report that has a value. */
export function ErrorDetails({ report }: { report: ErrorReport }) {
  return (
    <dl>
      {report.statusCode !== undefined && (
        <Field label="Status">
          {report.statusCode}
          {report.error ? ` ${report.error}` : ''}
        </Field>
      )}
      {report.message && <Field label="Message">{report.message}</Field>}
      {report.errorType && <Field label="Error type">{report.errorType}</Field>}
      {report.databaseDetail && <Field label="Database detail">{report.databaseDetail}</Field>}
      {report.validation.length > 0 && (
        <Field label="Validation errors">
          <ul className="flex flex-col gap-1">
            {report.validation.map((issue, index) => (
              <li key={index}>
                {issue.path && <span className="font-mono font-semibold">{issue.path}</span>}
                {issue.path && ': '}
                {issue.message}
              </li>
            ))}
          </ul>
        </Field>
      )}
      {report.conflictingFields.length > 0 && (
        <Field label="Conflicting fields">
          <ul className="flex flex-wrap gap-2">
            {report.conflictingFields.map((field) => (
              <li key={field} className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                {field}
              </li>
            ))}
          </ul>
        </Field>
      )}
      {report.query && (
        <Field label="Query">
          <Code>{report.query}</Code>
        </Field>
      )}
      {report.originalError && (
        <Field label="Original error">
          <Code>{report.originalError}</Code>
        </Field>
      )}
      {report.raw && (
        <Field label="Raw message">
          <Code>{report.raw}</Code>
        </Field>
      )}
    </dl>
  );
}
