import { formatKoreanDateTime } from '@job-casting/rules';
import type { Campaign, CampaignDetail } from '../api/email-campaigns.ts';
import { countOf } from '../../../lib/count-words.ts';

const TONES: Record<string, string> = {
  scheduled: 'bg-sky-100 text-sky-900',
  running: 'bg-brand-100 text-brand-900',
  paused: 'bg-amber-100 text-amber-950',
  completed: 'bg-emerald-100 text-emerald-900',
  cancelled: 'bg-slate-200 text-slate-800',
};

const LABELS: Record<string, string> = {
  scheduled: 'Scheduled',
  running: 'Running',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

export function CampaignStateBadge({ state }: { state: string }) {
  return (
    <span
      className={`rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${TONES[state] ?? TONES.cancelled}`}
    >
      {LABELS[state] ?? state}
    </span>
  );
}

const RECIPIENT_LABELS: Record<string, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unconfirmed',
  skipped: 'Skipped',
  stopped: 'Stopped',
};

/** One e-mail's state in words; a follow-up not due yet says when it falls due (Korean time). */
export function recipientStateText(recipient: Pick<CampaignDetail['recipients'][number], 'state' | 'dueAt'>): string {
  if (recipient.state === 'pending' && recipient.dueAt) return `Due ${formatKoreanDateTime(recipient.dueAt)}`;
  return RECIPIENT_LABELS[recipient.state] ?? recipient.state;
}

/** The campaign's follow-ups and how far they got, in one line. */
export function followUpPlan(campaign: Pick<Campaign, 'followUps' | 'followUpCounts'>): string {
  const steps = campaign.followUps
    .map((step) => `${countOf(step.afterDays, 'day')} later, ${step.templateTitle}`)
    .join('; then ');
  const { sent, stopped, pending } = campaign.followUpCounts;
  const made = [
    sent > 0 && `${sent} sent`,
    stopped > 0 && `${stopped} stopped by a reply or a bounce`,
    pending > 0 && `${pending} waiting`,
  ]
    .filter(Boolean)
    .join(' · ');
  return `Follow-ups: ${steps}${made ? ` (${made})` : ''}`;
}

/** Sent (or given an outcome) of all, as a bar and in words. */
export function CampaignProgress({ campaign }: { campaign: Campaign }) {
  const { counts, total } = campaign;
  const done = counts.sent + counts.failed + counts.unknown + counts.skipped;
  return (
    <div className="flex min-w-40 flex-col gap-1">
      <div
        role="progressbar"
        aria-label="E-mails done"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={done}
        className="h-2 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full bg-brand-600 transition-[width]"
          style={{ width: `${total === 0 ? 100 : Math.round((done / total) * 100)}%` }}
        />
      </div>
      <span className="text-xs text-slate-700 tabular-nums">
        {counts.sent} sent of {total}
        {counts.failed > 0 && ` · ${counts.failed} failed`}
        {counts.unknown > 0 && ` · ${counts.unknown} unconfirmed`}
        {counts.skipped > 0 && ` · ${counts.skipped} skipped`}
      </span>
    </div>
  );
}

/** Why the campaign waits, and until when (Korean time). */
export function campaignWait(campaign: Campaign): string | null {
  if (campaign.state === 'scheduled' && campaign.scheduledAt)
    return `Starts ${formatKoreanDateTime(campaign.scheduledAt)}`;
  if (!campaign.pauseReason && !campaign.pausedUntil) return null;
  const until = campaign.pausedUntil ? ` until ${formatKoreanDateTime(campaign.pausedUntil)}` : '';
  return `${campaign.pauseReason ?? 'Waiting'}${until}`;
}
