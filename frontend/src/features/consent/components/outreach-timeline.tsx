import { formatKoreanDateTime } from '@job-casting/rules';
import {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUS_TONES,
  type DeliveryStatus,
  TONE_CLASSES,
  type Tone,
} from '../../../lib/delivery-status.ts';
import type { OutreachEntry } from '../api/opt-outs.ts';

const CHANNEL_WORDS: Record<string, string> = { sms: 'Text', kakao: 'KakaoTalk', email: 'E-mail' };

/** An e-mail's status (the sent-e-mails log): Gmail took it, or not. */
const EMAIL_STATUS: Record<string, { label: string; tone: Tone }> = {
  sending: { label: 'Sending', tone: 'progress' },
  sent: { label: 'Sent', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
  unknown: { label: 'Unknown', tone: 'neutral' },
};

/** An entry's status in words: a text's or KakaoTalk message's as the results page says it, an e-mail's as its log does. */
function outreachStatus(entry: OutreachEntry): { label: string; tone: Tone } {
  if (entry.channel === 'email') return EMAIL_STATUS[entry.status] ?? { label: entry.status, tone: 'neutral' };
  const status = entry.status as DeliveryStatus;
  return { label: DELIVERY_STATUS_LABELS[status] ?? entry.status, tone: DELIVERY_STATUS_TONES[status] ?? 'neutral' };
}

/** What was sent to the person, newest first: when, how, what, by whom, and what became of it. */
export function OutreachTimeline({ entries }: { entries: readonly OutreachEntry[] }) {
  return (
    <ol aria-label="Messages and e-mails sent" className="flex flex-col">
      {entries.map((entry) => {
        const status = outreachStatus(entry);
        return (
          <li
            key={`${entry.channel}-${entry.id}`}
            className="grid grid-cols-[9rem_minmax(0,1fr)] gap-3 border-t border-slate-100 py-3 first:border-0"
          >
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
                <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[status.tone]}`}>
                  {status.label}
                </span>
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
