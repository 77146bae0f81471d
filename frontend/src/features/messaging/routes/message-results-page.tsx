import { parseDate, type CalendarDate } from '@internationalized/date';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { CalendarDatePicker } from '../../../components/ui/calendar-date-picker.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { useMessageSends } from '../api/message-sends.ts';
import { RemainingCounts } from '../components/remaining-counts.tsx';
import { SendingDialogs } from '../components/send-dialogs.tsx';
import { SendHistory } from '../components/send-history.tsx';
import { useMessageSending } from '../components/use-message-sending.ts';

const PAGE_SIZE = 20;

/** A YYYY-MM-DD query parameter as a calendar day; anything else reads as none. */
function dayParam(params: URLSearchParams, name: string): CalendarDate | null {
  const value = params.get(name);
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  try {
    return parseDate(value);
  } catch {
    return null;
  }
}

function pageParam(params: URLSearchParams): number {
  const page = Math.trunc(Number(params.get('page')));
  return Number.isFinite(page) && page > 1 ? page : 1;
}

/** /admin/message-results: every send with its outcome, filtered by day, and what the gateway account has left. */
export function MessageResultsPage() {
  const [params, setParams] = useSearchParams();
  const page = pageParam(params);
  const from = dayParam(params, 'from');
  const to = dayParam(params, 'to');
  const sends = useMessageSends({ page, pageSize: PAGE_SIZE, from: from?.toString(), to: to?.toString() });
  // Resend failed goes through the same review and sending as a send from the Message Sender.
  const sending = useMessageSending();

  /** A changed filter starts again on page 1; the filter and the page live in the address, so a reload keeps them. */
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    if (!('page' in changes)) next.delete('page');
    setParams(next);
  };

  let content;
  if (sends.error && !sends.data) {
    content = (
      <div className="flex flex-col items-start gap-3">
        <Alert>Failed to load the sending results.</Alert>
        <Button variant="secondary" isPending={sends.isValidating} onPress={() => void sends.mutate()}>
          Try Again
        </Button>
      </div>
    );
  } else if (!sends.data) {
    content = <Loading label="Loading sending results…" />;
  } else if (sends.data.data.length === 0) {
    content = (
      <div className="flex flex-col items-center gap-1 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
        <p className="text-sm font-medium text-slate-800">No messages sent{from || to ? ' on these days' : ' yet'}.</p>
        <p className="text-sm text-slate-600">Sends started on the Message Sender are listed here.</p>
      </div>
    );
  } else {
    content = (
      <>
        <SendHistory
          sends={sends.data.data}
          onResend={(send, channel) => void sending.resendFailed(send.id, channel)}
        />
        <Pager
          pagination={sends.data.pagination}
          onPageChange={(next) => update({ page: next > 1 ? String(next) : null })}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Message Results"
        description="Every send, newest first, with what became of each message. Days and times are Korean time."
      />
      <div className="mb-6 grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <section aria-labelledby="filter-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="filter-title" className="mb-3 text-sm font-semibold text-slate-900">
            Requested between
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <CalendarDatePicker label="From" value={from} onChange={(day) => update({ from: day.toString() })} />
            <span aria-hidden="true" className="text-slate-500">
              –
            </span>
            <CalendarDatePicker
              label="To"
              value={to}
              minValue={from ?? undefined}
              onChange={(day) => update({ to: day.toString() })}
            />
            <Button variant="secondary" isDisabled={!from && !to} onPress={() => update({ from: null, to: null })}>
              Reset
            </Button>
          </div>
        </section>
        <RemainingCounts />
      </div>
      {content}
      <SendingDialogs sending={sending} />
    </>
  );
}
