import { formatPhone } from '@job-casting/rules';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { type ExpiringConsent, useExpiringConsent } from '../api/opt-outs.ts';
import { RecordConsentDialog } from './record-consent-dialog.tsx';

const PAGE_SIZE = 10;

/** Contacts whose advertising consent is older than two years: the law asks to reconfirm it. */
export function ConsentToReconfirm() {
  const [page, setPage] = useState(1);
  const [reconfirming, setReconfirming] = useState<ExpiringConsent | null>(null);
  const expiring = useExpiringConsent(page, PAGE_SIZE);

  let content;
  if (expiring.error && !expiring.data)
    content = <Alert>{errorMessage(expiring.error, 'Failed to load the consent to reconfirm.')}</Alert>;
  else if (!expiring.data) content = <Loading label="Loading consent…" />;
  else if (expiring.data.data.length === 0)
    content = <p className="text-sm text-slate-600">No advertising consent is older than two years.</p>;
  else
    content = (
      <>
        <TableScroll label="Consent to reconfirm">
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={headCell('start')}>Name</th>
                <th className={headCell()}>Phone</th>
                <th className={headCell()}>Consent given</th>
                <th className={headCell()}>How</th>
                <th className={`${headCell('end')} w-px`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {expiring.data.data.map((row) => (
                <tr key={row.contactId} className={tableRow}>
                  <td className={`${bodyCell('start')} whitespace-nowrap font-medium`}>{row.contactName || '—'}</td>
                  <td className={`${bodyCell()} whitespace-nowrap`}>{formatPhone(row.phoneNumber)}</td>
                  <td className={`${bodyCell()} whitespace-nowrap tabular-nums`}>{row.consentedOn}</td>
                  <td className={`${bodyCell()} w-full`}>{row.source}</td>
                  <td className={`${bodyCell('end')} text-right`}>
                    <Button variant="secondary" size="sm" onPress={() => setReconfirming(row)}>
                      Reconfirm
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <Pager pagination={expiring.data.pagination} onPageChange={setPage} label="Consent pages" />
      </>
    );

  return (
    <section
      aria-labelledby="reconfirm-title"
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div>
        <h2 id="reconfirm-title" className="text-base font-semibold text-slate-900">
          Consent to reconfirm
        </h2>
        <p className="text-sm text-slate-600">
          Advertising consent given on or before {expiring.data?.cutoff ?? 'two years ago'}. Until it is reconfirmed, it
          still counts for advertising sends.
        </p>
      </div>
      {content}
      <RecordConsentDialog
        reconfirm
        subject={
          reconfirming && {
            contactId: reconfirming.contactId,
            label: reconfirming.contactName || formatPhone(reconfirming.phoneNumber),
          }
        }
        onClose={() => setReconfirming(null)}
      />
    </section>
  );
}
