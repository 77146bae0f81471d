import { Alert } from '../../../components/ui/alert.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { safeHtml } from '../../../lib/safe-html.ts';
import type { useEmailPreview } from '../api/email-templates.ts';

/** The rendered e-mail of a live preview: its subject and body, or why there is none yet. */
export function EmailPreviewBody({
  preview,
  emptyText,
}: {
  preview: ReturnType<typeof useEmailPreview>;
  emptyText: string | null;
}) {
  if (emptyText !== null) return <p className="p-4 text-sm text-slate-600">{emptyText}</p>;
  if (preview.error && !preview.isValidating) {
    return (
      <div className="p-3">
        <Alert>{errorMessage(preview.error, 'Failed to render the preview')}</Alert>
      </div>
    );
  }
  if (!preview.data) return <Loading label="Rendering preview…" />;
  return <RenderedEmail subject={preview.data.subject} html={preview.data.html} isBusy={preview.isValidating} />;
}

/** A rendered e-mail: its subject, and its body as the server rendered and sanitised it (and safeHtml again). */
export function RenderedEmail({ subject, html, isBusy = false }: { subject: string; html: string; isBusy?: boolean }) {
  return (
    <div className="flex flex-col gap-3 p-4" aria-busy={isBusy}>
      <p className="text-sm text-slate-800">
        <span className="font-medium text-slate-600">Subject: </span>
        <span className="font-semibold text-slate-900">{subject}</span>
      </p>
      <div
        data-testid="email-preview"
        className="overflow-x-auto border-t border-slate-200 pt-3 text-sm text-slate-900 [&_a]:text-brand-800 [&_a]:underline [&_img]:h-auto
          [&_img]:max-w-full [&_table]:max-w-full"
        dangerouslySetInnerHTML={{ __html: safeHtml(html) }}
      />
    </div>
  );
}
