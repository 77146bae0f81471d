import type { OptOutChannel, OptOutSource } from '../api/opt-outs.ts';
import { countOf } from '../../../lib/count-words.ts';

export const CHANNEL_OPTIONS: readonly { id: OptOutChannel; label: string }[] = [
  { id: 'all', label: 'All channels' },
  { id: 'sms', label: 'SMS' },
  { id: 'kakao', label: 'KakaoTalk' },
  { id: 'email', label: 'E-mail' },
];

export const SOURCE_OPTIONS: readonly { id: OptOutSource; label: string }[] = [
  { id: 'request', label: "The person's own request" },
  { id: '080', label: '080 line' },
  { id: 'staff', label: 'Staff entry' },
  { id: 'csv', label: 'CSV import' },
];

export const channelLabel = (channel: string) =>
  CHANNEL_OPTIONS.find((option) => option.id === channel)?.label ?? channel;
/** Sources the register shows but staff do not choose: an address whose e-mail bounced is opted out by the watch of replies. */
const RECORDED_SOURCES: Record<string, string> = { bounce: 'E-mail bounced' };

export const sourceLabel = (source: string) =>
  SOURCE_OPTIONS.find((option) => option.id === source)?.label ?? RECORDED_SOURCES[source] ?? source;

/** What a list or a file recorded (or, previewed, would record), in one line. */
export function batchSummary(
  result: { recorded: number; alreadyOptedOut: number; rejected: readonly unknown[] },
  preview = false,
): string {
  const parts = [
    `${result.recorded} ${preview ? 'to record' : 'recorded'}`,
    `${result.alreadyOptedOut} already opted out`,
    `${countOf(result.rejected.length, 'line')} rejected`,
  ];
  return parts.join(' · ');
}
