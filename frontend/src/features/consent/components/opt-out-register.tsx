import { formatKoreanDateTime, formatPhone } from '@job-casting/rules';
import { useState } from 'react';
import { Link } from 'react-aria-components';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Pager } from '../../../components/ui/pager.tsx';
import { SegmentedChoice } from '../../../components/ui/segmented-choice.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { paths } from '../../../lib/paths.ts';
import { toast } from '../../../lib/toast.tsx';
import { type OptOut, useOptOuts, withdrawOptOut } from '../api/opt-outs.ts';
import { channelLabel, sourceLabel } from './opt-out-labels.ts';

const PAGE_SIZE = 20;
const STATES = [
  { id: 'all', label: 'All' },
  { id: 'true', label: 'In force' },
  { id: 'false', label: 'Withdrawn' },
] as const;

const shownAddress = (optOut: OptOut) => (optOut.kind === 'phone' ? formatPhone(optOut.address) : optOut.address);

/** The register: every opt-out with who recorded it and when, searchable; withdrawn ones stay listed. */
export function OptOutRegister() {
  const [typed, setTyped] = useState('');
  const [address, setAddress] = useState('');
  const [state, setState] = useState<'all' | 'true' | 'false'>('all');
  const [page, setPage] = useState(1);
  const [withdrawing, setWithdrawing] = useState<OptOut | null>(null);
  const optOuts = useOptOuts({
    page,
    pageSize: PAGE_SIZE,
    address: address || undefined,
    active: state === 'all' ? undefined : state,
  });

  let content;
  if (optOuts.error && !optOuts.data) {
    content = <Alert>{errorMessage(optOuts.error, 'Failed to load the opt-outs.')}</Alert>;
  } else if (!optOuts.data) {
    content = <Loading label="Loading opt-outs…" />;
  } else if (optOuts.data.data.length === 0) {
    content = (
      <p className="rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
        {address || state !== 'all' ? 'No opt-outs match.' : 'No opt-outs recorded yet.'}
      </p>
    );
  } else {
    content = (
      <>
        <TableScroll label="Opt-outs" isBusy={optOuts.isValidating}>
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={headCell('start')}>Phone or e-mail</th>
                <th className={headCell()}>Channel · Source</th>
                <th className={headCell()}>Recorded</th>
                <th className={headCell()}>Note</th>
                <th className={headCell()}>State</th>
                <th className={`${headCell('end')} w-px`}>
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {optOuts.data.data.map((optOut) => (
                <tr key={optOut.id} className={`${tableRow} align-top`}>
                  <td className={`${bodyCell('start')} whitespace-nowrap font-medium`}>
                    <Link
                      href={paths.outreach(optOut.address)}
                      className={`rounded text-brand-800 underline-offset-2 hover:underline ${focusRing}`}
                    >
                      {shownAddress(optOut)}
                    </Link>
                  </td>
                  <td className={`${bodyCell()} whitespace-nowrap`}>
                    {channelLabel(optOut.channel)}
                    <span className="block text-xs text-slate-500">{sourceLabel(optOut.source)}</span>
                  </td>
                  <td className={`${bodyCell()} whitespace-nowrap`}>
                    {formatKoreanDateTime(optOut.recordedAt)}
                    <span className="block text-xs text-slate-500">{optOut.recordedBy ?? 'Deleted account'}</span>
                  </td>
                  <td className={`${bodyCell()} w-full min-w-48 break-words`}>{optOut.note}</td>
                  <td className={bodyCell()}>
                    {optOut.active ? (
                      <span className="rounded-full bg-red-50 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-red-800">
                        In force
                      </span>
                    ) : (
                      <span className="block min-w-36 text-xs text-slate-600">
                        <span className="block whitespace-nowrap font-semibold text-slate-700">
                          Withdrawn {optOut.withdrawnAt ? formatKoreanDateTime(optOut.withdrawnAt) : ''}
                        </span>
                        {optOut.withdrawnBy ? <span className="block">by {optOut.withdrawnBy}</span> : null}
                        {optOut.withdrawnNote ? <span className="block">{optOut.withdrawnNote}</span> : null}
                      </span>
                    )}
                  </td>
                  <td className={`${bodyCell('end')} text-right`}>
                    {optOut.active && (
                      <Button
                        variant="secondary"
                        size="sm"
                        aria-label={`Withdraw the opt-out of ${shownAddress(optOut)}`}
                        onPress={() => setWithdrawing(optOut)}
                      >
                        Withdraw
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
        <Pager pagination={optOuts.data.pagination} onPageChange={setPage} label="Opt-out pages" />
      </>
    );
  }

  return (
    <section
      aria-labelledby="register-title"
      className="flex min-w-0 flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="register-title" className="text-base font-semibold text-slate-900">
          Register{optOuts.data ? ` (${optOuts.data.pagination.totalItems})` : ''}
        </h2>
        <form
          role="search"
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setAddress(typed.trim());
            setPage(1);
          }}
        >
          <TextField label="Find a phone number or e-mail" value={typed} onChange={setTyped} />
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </form>
        <SegmentedChoice
          label="Show"
          options={STATES}
          value={state}
          onChange={(next) => {
            setState(next);
            setPage(1);
          }}
        />
      </div>
      {content}
      <WithdrawDialog optOut={withdrawing} onClose={() => setWithdrawing(null)} />
    </section>
  );
}

/** Withdrawing asks first, with an optional reason: from then on the address is reached again. */
function WithdrawDialog({ optOut, onClose }: { optOut: OptOut | null; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setNote('');
    setError(null);
    onClose();
  };
  const withdraw = async () => {
    if (!optOut) return;
    setBusy(true);
    try {
      await withdrawOptOut(optOut.id, note.trim());
      toast.success(`Withdrawn: ${shownAddress(optOut)} can be reached again (${channelLabel(optOut.channel)}).`);
      close();
    } catch (failure) {
      setError(errorMessage(failure, 'The opt-out could not be withdrawn.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="Withdraw Opt-out"
      role="alertdialog"
      size="sm"
      isOpen={optOut !== null}
      onOpenChange={(isOpen) => !isOpen && close()}
    >
      {optOut && (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            Withdraw the opt-out of <strong>{shownAddress(optOut)}</strong> ({channelLabel(optOut.channel)})? Sends will
            reach it again. The opt-out stays in the register as withdrawn.
          </p>
          <TextField
            label="Why"
            value={note}
            onChange={setNote}
            maxLength={500}
            placeholder="e.g. asked to receive messages again"
          />
          {error && <Alert>{error}</Alert>}
        </div>
      )}
      <DialogActions>
        <Button slot="close" variant="secondary" autoFocus>
          Cancel
        </Button>
        <Button variant="danger" isPending={busy} onPress={() => void withdraw()}>
          Withdraw
        </Button>
      </DialogActions>
    </Dialog>
  );
}
