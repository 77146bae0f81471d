import { formatPhone } from '@job-casting/rules';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { type ExpiringConsent, useExpiringConsent } from '../api/opt-outs.ts';
import { RecordConsentDialog } from './record-consent-dialog.tsx';

const PAGE_SIZE = 10;
const headClass = 'px-3 py-2 text-left text-xs font-semibold whitespace-nowrap text-slate-700';
const cellClass = 'px-3 py-2 text-sm text-slate-800';

/** Contacts whose advertising consent is older than two years: the law asks to reconfirm it. */
export function ConsentToReconfirm() {
  const [page, setPage] = useState(1);
  const [reconfirming, setReconfirming] = useState<ExpiringConsent | null>(null);
  const expiring = useExpiringConsent(page, PAGE_SIZE);

  let content;
  if (expiring.error && !expiring.data) content = <Alert>{errorMessage(expiring.error, 'Failed to load the consent to reconfirm.')}</Alert>;
  else if (!expiring.data) content = <Loading label="Loading consent…" />;
  else if (expiring.data.data.length === 0) content = <p className="text-sm text-slate-600">No advertising consent is older than two years.</p>;
  else
    content = (
      <>
        <div tabIndex={0} role="group" aria-label="Consent to reconfirm" className="overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full border-collapse">
            <thead className="bg-slate-50">
              <tr>
                <th className={headClass}>Name</th>
                <th className={headClass}>Phone</th>
                <th className={headClass}>Consent given</th>
                <th className={headClass}>How</th>
                <th className={headClass}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {expiring.data.data.map((row) => (
                <tr key={row.contactId} className="border-t border-slate-100">
                  <td className={`${cellClass} whitespace-nowrap font-medium`}>{row.contactName || '—'}</td>
                  <td className={`${cellClass} whitespace-nowrap`}>{formatPhone(row.phoneNumber)}</td>
                  <td className={`${cellClass} whitespace-nowrap tabular-nums`}>{row.consentedOn}</td>
                  <td className={cellClass}>{row.source}</td>
                  <td className={`${cellClass} text-right`}>
                    <Button variant="secondary" className="h-8 px-3 text-xs" onPress={() => setReconfirming(row)}>
                      Reconfirm
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <Pager pagination={expiring.data.pagination} onPageChange={setPage} label="Consent pages" />
      </>
    );

  return (
    <section aria-labelledby="reconfirm-title" className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <div>
        <h2 id="reconfirm-title" className="text-base font-semibold text-slate-900">
          Consent to reconfirm
        </h2>
        <p className="text-sm text-slate-600">
          Advertising consent given on or before {expiring.data?.cutoff ?? 'two years ago'}. Until it is reconfirmed, it still counts for advertising sends.
        </p>
      </div>
      {content}
      <RecordConsentDialog
        reconfirm
        subject={reconfirming && { contactId: reconfirming.contactId, label: reconfirming.contactName || formatPhone(reconfirming.phoneNumber) }}
        onClose={() => setReconfirming(null)}
      />
    </section>
  );
}
