import { formatKoreanDateTime } from '@job-casting/rules';
import type { OutreachEntry } from '../api/opt-outs.ts';

const CHANNEL_WORDS: Record<string, string> = { sms: 'Text', kakao: 'KakaoTalk', email: 'E-mail' };

/** Each status in words, with the tone of what it means for the person: reached, not reached, not known yet. */
const STATUS: Record<string, { label: string; tone: string }> = {
  queued: { label: 'Waiting', tone: 'bg-slate-100 text-slate-700' },
  sending: { label: 'Sending', tone: 'bg-sky-50 text-sky-900' },
  sent: { label: 'Sent, awaiting report', tone: 'bg-sky-50 text-sky-900' },
  delivered: { label: 'Delivered', tone: 'bg-emerald-50 text-emerald-800' },
  failed: { label: 'Failed', tone: 'bg-red-50 text-red-800' },
  unknown: { label: 'Unknown', tone: 'bg-amber-50 text-amber-900' },
  cancelled: { label: 'Cancelled', tone: 'bg-slate-100 text-slate-700' },
};

export function outreachStatus(status: string) {
  return STATUS[status] ?? { label: status, tone: 'bg-slate-100 text-slate-700' };
}

/** What was sent to the person, newest first: when, how, what, by whom, and what became of it. */
export function OutreachTimeline({ entries }: { entries: readonly OutreachEntry[] }) {
  return (
    <ol aria-label="Messages and e-mails sent" className="flex flex-col">
      {entries.map((entry) => {
        const status = outreachStatus(entry.status);
        return (
          <li key={`${entry.channel}-${entry.id}`} className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 border-t border-slate-100 py-3 first:border-0">
            <div className="text-sm">
              <p className="tabular-nums text-slate-800">{formatKoreanDateTime(entry.at)}</p>
              <p className="text-xs text-slate-500">
                {CHANNEL_WORDS[entry.channel] ?? entry.channel}
                {entry.type ? ` · ${entry.type}` : ''}
                {entry.advertising ? ' · Advertising' : ''}
              </p>
            </div>
            <div className="flex min-w-0 flex-col gap-1">
              <div className="flex flex-wrap items-center gap-2">
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>{status.label}</span>
                <span className="text-xs text-slate-600">by {entry.sentBy ?? 'a deleted account'}</span>
              </div>
              <p className="line-clamp-3 text-sm whitespace-pre-line text-slate-800">{entry.body}</p>
              {entry.detail && <p className="text-xs text-red-800">{entry.detail}</p>}
            </div>
          </li>
        );
      })}
    </ol>
  );
}
