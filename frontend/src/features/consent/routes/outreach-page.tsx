import { formatPhone, koreanDay } from '@job-casting/rules';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import { type OptOutChannel, type OutreachHistory, recordOptOut, useOutreachHistory } from '../api/opt-outs.ts';
import { channelLabel, CHANNEL_OPTIONS } from '../components/opt-out-labels.ts';
import { OutreachTimeline } from '../components/outreach-timeline.tsx';
import { RecordConsentDialog } from '../components/record-consent-dialog.tsx';

const PAGE_SIZE = 25;

const shown = (history: Pick<OutreachHistory, 'kind' | 'address'>) =>
  history.kind === 'phone' ? formatPhone(history.address) : history.address;

/** /admin/outreach?address=: one person's outreach by number or address, with its opt-outs and consent. */
export function OutreachPage() {
  const [params, setParams] = useSearchParams();
  const address = params.get('address')?.trim() || null;
  const [typed, setTyped] = useState(address ?? '');
  const [page, setPage] = useState(1);
  const history = useOutreachHistory(address, page, PAGE_SIZE);

  let content;
  if (!address)
    content = (
      <p className="text-sm text-slate-600">Enter a phone number or an e-mail address to see everything sent to it.</p>
    );
  else if (history.error && !history.data)
    content = <Alert>{errorMessage(history.error, 'Failed to load the history.')}</Alert>;
  else if (!history.data) content = <Loading label="Loading the history…" />;
  else content = <History history={history.data} onPage={setPage} isValidating={history.isValidating} />;

  return (
    <>
      <PageHeader
        title="Outreach History"
        description="Every text, KakaoTalk message and e-mail sent to one person, what became of it, and whether they may be reached."
      />
      <form
        role="search"
        className="mb-4 flex flex-wrap items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setPage(1);
          setParams(typed.trim() ? { address: typed.trim() } : {});
        }}
      >
        <TextField label="Phone number or e-mail" value={typed} onChange={setTyped} />
        <Button type="submit">Show History</Button>
      </form>
      {content}
    </>
  );
}

function History({
  history,
  onPage,
  isValidating,
}: {
  history: OutreachHistory;
  onPage: (page: number) => void;
  isValidating: boolean;
}) {
  const inForce = history.optOuts.filter((optOut) => optOut.active);
  return (
    <div className="grid items-start gap-4 xl:grid-cols-[22rem_minmax(0,1fr)]">
      <div className="flex flex-col gap-4">
        <section
          aria-labelledby="reach-title"
          className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
        >
          <h2 id="reach-title" className="text-base font-semibold text-slate-900">
            {shown(history)}
          </h2>
          {inForce.length === 0 ? (
            <p className="text-sm text-slate-700">No opt-out in force: every channel may reach it.</p>
          ) : (
            <ul className="flex flex-col gap-1 text-sm">
              {inForce.map((optOut) => (
                <li key={optOut.id} className="text-red-800">
                  Opted out of {channelLabel(optOut.channel)} since {koreanDay(new Date(optOut.recordedAt))}
                  {optOut.note ? ` (${optOut.note})` : ''}
                </li>
              ))}
            </ul>
          )}
          <RecordOptOutNow history={history} />
        </section>
        {history.kind === 'phone' && <Contacts history={history} />}
      </div>
      <section
        aria-labelledby="timeline-title"
        className={`min-w-0 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${isValidating ? 'opacity-80' : ''}`}
      >
        <h2 id="timeline-title" className="mb-2 text-base font-semibold text-slate-900">
          Sent ({history.pagination.totalItems})
        </h2>
        {history.entries.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing has been sent to it yet.</p>
        ) : (
          <OutreachTimeline entries={history.entries} />
        )}
        <Pager pagination={history.pagination} onPageChange={onPage} label="History pages" />
      </section>
    </div>
  );
}

/** One step: the person asks to receive nothing more (or nothing of one channel). */
function RecordOptOutNow({ history }: { history: OutreachHistory }) {
  const options =
    history.kind === 'email'
      ? CHANNEL_OPTIONS.filter((option) => option.id === 'all' || option.id === 'email')
      : CHANNEL_OPTIONS;
  const [channel, setChannel] = useState<OptOutChannel>('all');
  const [busy, setBusy] = useState(false);
  const record = async () => {
    setBusy(true);
    try {
      await recordOptOut({ address: history.address, channel, source: 'request' });
      toast.success(`${shown(history)} opted out of ${channelLabel(channel)}.`);
    } catch (failure) {
      toast.error(errorMessage(failure, 'The opt-out could not be recorded.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex items-end gap-2 border-t border-slate-100 pt-3">
      <Select label="Opt out of" options={options} value={channel} onChange={setChannel} />
      <Button variant="danger" isPending={busy} onPress={() => void record()}>
        Record Opt-out
      </Button>
    </div>
  );
}

/** The contacts with this number, each with its advertising consent and a way to record a new one. */
function Contacts({ history }: { history: OutreachHistory }) {
  const [recording, setRecording] = useState<OutreachHistory['contacts'][number] | null>(null);
  return (
    <section
      aria-labelledby="contacts-title"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id="contacts-title" className="text-base font-semibold text-slate-900">
        Contacts and advertising consent
      </h2>
      {history.contacts.length === 0 ? (
        <p className="text-sm text-slate-600">
          No contact has this number, so no advertising consent is recorded: advertising leaves it out.
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {history.contacts.map((contact) => (
            <li
              key={contact.id}
              className="flex items-start justify-between gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm"
            >
              <div>
                <p className="font-medium text-slate-900">
                  {contact.contactName || '—'}{' '}
                  <span className="font-normal text-slate-500">· {contact.addressBookName}</span>
                </p>
                <p className={contact.consent?.given ? 'text-emerald-800' : 'text-slate-700'}>
                  {contact.consent
                    ? `${contact.consent.given ? 'Consent given' : 'Consent refused'} ${contact.consent.consentedOn} · ${contact.consent.source}`
                    : 'No advertising consent recorded'}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={`Record consent of ${contact.contactName || 'this contact'}`}
                onPress={() => setRecording(contact)}
              >
                Record Consent
              </Button>
            </li>
          ))}
        </ul>
      )}
      <RecordConsentDialog
        subject={recording && { contactId: recording.id, label: recording.contactName || 'this contact' }}
        onClose={() => setRecording(null)}
      />
    </section>
  );
}
