import { formatKoreanDateTime } from '@job-casting/rules';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PageHeader } from '../../../components/ui/card.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';
import { focusRing } from '../../../components/ui/focus-ring.ts';
import { Loading } from '../../../components/ui/spinner.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { countOf } from '../../../lib/count-words.ts';
import { paths } from '../../../lib/paths.ts';
import { controlCampaign, useCampaign, type CampaignAction, type CampaignDetail } from '../api/email-campaigns.ts';
import {
  CampaignProgress,
  CampaignStateBadge,
  campaignWait,
  followUpPlan,
  recipientStateText,
} from '../components/campaign-state.tsx';
import { emailOutcomeText } from '../../posts/index.ts';

const RECIPIENT_TONES: Record<string, string> = {
  pending: 'text-slate-700',
  sending: 'text-brand-800',
  sent: 'text-emerald-800',
  failed: 'text-red-700',
  unknown: 'text-amber-800',
  skipped: 'text-slate-500',
  stopped: 'text-slate-500',
};

const OUTCOME_TONES: Record<string, string> = { replied: 'text-sky-900', bounced: 'text-rose-900' };

type Recipient = CampaignDetail['recipients'][number];

/** What came back of a sent e-mail, in the card's words. */
function outcomeText(recipient: Recipient): string | null {
  if (recipient.outcome !== 'replied' && recipient.outcome !== 'bounced') return null;
  return emailOutcomeText({ kind: recipient.outcome, reason: recipient.bounceReason });
}

function Actions({ campaign, onAct }: { campaign: CampaignDetail; onAct: (action: CampaignAction) => void }) {
  const open = campaign.state !== 'completed' && campaign.state !== 'cancelled';
  if (!open) return null;
  return (
    <div className="flex gap-2">
      {campaign.state === 'paused' ? (
        <Button variant="secondary" onPress={() => onAct('resume')}>
          Resume
        </Button>
      ) : (
        <Button variant="secondary" onPress={() => onAct('pause')}>
          Pause
        </Button>
      )}
      <Button variant="danger" onPress={() => onAct('cancel')}>
        Cancel Campaign
      </Button>
    </div>
  );
}

/** One campaign: its state and progress, why it waits, each e-mail's state, and Pause, Resume and Cancel. */
export function CampaignPage() {
  const { campaignId } = useParams();
  const id = Number(campaignId);
  const campaign = useCampaign(id);
  const [problem, setProblem] = useState<string | null>(null);
  const [toCancel, setToCancel] = useState<CampaignDetail | null>(null);

  const act = async (action: CampaignAction) => {
    setProblem(null);
    try {
      await controlCampaign(id, action);
    } catch (error) {
      setProblem(errorMessage(error, `The campaign could not ${action}.`));
    }
  };

  if (campaign.error && !campaign.data) {
    return (
      <>
        <PageHeader title="Campaign" />
        <Alert>{errorMessage(campaign.error, 'Failed to load the campaign.')}</Alert>
      </>
    );
  }
  if (!campaign.data) return <Loading label="Loading the campaign…" />;
  const data = campaign.data;
  const wait = campaignWait(data);
  return (
    <>
      <PageHeader
        title={`Campaign #${data.id}`}
        description={`${data.templateTitle} · from ${data.accountEmail ?? 'a removed account'} · created ${formatKoreanDateTime(data.createdAt)}${data.createdBy ? ` by ${data.createdBy}` : ''}`}
        actions={
          <Actions campaign={data} onAct={(action) => (action === 'cancel' ? setToCancel(data) : void act(action))} />
        }
      />
      <div className="flex flex-col gap-4">
        <section
          aria-label="Campaign state"
          className="flex flex-wrap items-center gap-4 rounded-xl border border-slate-200 bg-white px-4 py-3"
        >
          <CampaignStateBadge state={data.state} />
          <CampaignProgress campaign={data} />
          {wait && <p className="text-sm text-slate-700">{wait}</p>}
          {data.followUps.length > 0 && <p className="text-sm text-slate-700">{followUpPlan(data)}</p>}
          <Link to={paths.emailCampaigns} className={`ml-auto text-sm text-brand-800 underline ${focusRing}`}>
            All campaigns
          </Link>
        </section>
        {problem && <Alert>{problem}</Alert>}
        {data.leftOut.length > 0 && (
          <p className="text-sm text-slate-700">
            {countOf(data.leftOut.length, 'post')} left out when it was made:{' '}
            {data.leftOut.map((post) => `${post.postTitle ?? post.postId} (${post.reason})`).join('; ')}
          </p>
        )}
        <TableScroll label="E-mails">
          <table className={tableClass}>
            <thead>
              <tr>
                <th className={headCell('start')}>Post</th>
                <th className={headCell()}>Customer</th>
                {data.followUps.length > 0 && <th className={headCell()}>E-mail</th>}
                <th className={headCell()}>Subject</th>
                <th className={headCell()}>State</th>
                <th className={headCell()}>Sent</th>
                <th className={headCell()}>Answer</th>
              </tr>
            </thead>
            <tbody>
              {data.recipients.map((recipient) => (
                <tr key={recipient.id} className={tableRow}>
                  {/* A follow-up's row names its post again, lighter: it belongs to the row above. */}
                  <td
                    className={`${bodyCell('start')} max-w-[18rem] truncate ${recipient.step === 0 ? 'font-medium text-slate-900' : 'pl-8 text-slate-600'}`}
                    title={recipient.postTitle ?? recipient.postId}
                  >
                    {recipient.postTitle ?? recipient.postId}
                  </td>
                  <td className={`${bodyCell()} whitespace-nowrap`}>{recipient.recipient}</td>
                  {data.followUps.length > 0 && (
                    <td className={`${bodyCell()} whitespace-nowrap`}>
                      {recipient.step === 0 ? 'First e-mail' : `Follow-up ${recipient.step}`}
                    </td>
                  )}
                  <td className={`${bodyCell()} max-w-[22rem] truncate`} title={recipient.subject}>
                    {recipient.subject}
                  </td>
                  <td className={`${bodyCell()} min-w-44 ${RECIPIENT_TONES[recipient.state] ?? ''}`}>
                    <span className="font-medium">{recipientStateText(recipient)}</span>
                    {recipient.error && (
                      <span className="block max-w-[22rem] text-xs text-slate-700">{recipient.error}</span>
                    )}
                  </td>
                  <td className={`${bodyCell()} whitespace-nowrap`}>
                    {recipient.sentAt ? formatKoreanDateTime(recipient.sentAt) : '—'}
                  </td>
                  {/* A bounce's reason can run long (the receiving server's whole answer): two lines, the rest on hover. */}
                  <td
                    className={`${bodyCell()} w-60 max-w-60 ${OUTCOME_TONES[recipient.outcome ?? ''] ?? ''}`}
                    title={outcomeText(recipient) ?? undefined}
                  >
                    <span className="line-clamp-2 break-words">{outcomeText(recipient) ?? '—'}</span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </div>
      <ConfirmDialog
        subject={toCancel}
        title="Cancel Campaign"
        question={(subject) =>
          `Cancel campaign #${subject.id}? The ${countOf(subject.counts.pending, 'e-mail')} not sent yet will not be sent; those sent stay sent.`
        }
        confirmLabel="Cancel Campaign"
        busyLabel="Cancelling…"
        onCancel={() => setToCancel(null)}
        onConfirm={async () => {
          await act('cancel');
          setToCancel(null);
        }}
      />
    </>
  );
}
