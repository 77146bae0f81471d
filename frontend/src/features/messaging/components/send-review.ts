import type { SendPreview } from '../api/message-sends.ts';

export type ExcludedRecipient = SendPreview['excluded'][number];
export type PreviewMessage = SendPreview['messages'][number];
export type ReviewedType = PreviewMessage['type'];

/** Why the server left a recipient out, in the review's words. */
export const LEFT_OUT_LABELS: Record<ExcludedRecipient['reason'], string> = {
  'opted-out': 'Opted out (수신거부)',
  'no-consent': 'No advertising consent',
  'not-mobile': 'Not a mobile number',
  duplicate: 'Same message twice',
};

export const REVIEWED_TYPES: readonly ReviewedType[] = ['SMS', 'LMS', 'MMS', 'KAKAO'];
export const REVIEWED_TYPE_LABELS: Record<ReviewedType, string> = {
  SMS: 'SMS',
  LMS: 'LMS',
  MMS: 'MMS',
  KAKAO: 'KakaoTalk',
};

/** A message's type as the handset gets it: KakaoTalk names the text message it falls back to. */
export function messageTypeLabel(message: Pick<PreviewMessage, 'type' | 'failover'>): string {
  return message.type === 'KAKAO' ? `KakaoTalk (${message.failover ?? 'SMS'} fail-over)` : message.type;
}

/** Won to the tenth, as Aligo prices messages (₩8.4 an SMS). */
export function formatWon(won: number): string {
  return `₩${won.toLocaleString('ko-KR', { maximumFractionDigits: 1 })}`;
}

/** How many recipients were left out for each reason, in the reasons' order, only those with any. */
export function leftOutCounts(
  excluded: readonly ExcludedRecipient[],
): { reason: ExcludedRecipient['reason']; count: number }[] {
  const counts = new Map<ExcludedRecipient['reason'], number>();
  for (const recipient of excluded) counts.set(recipient.reason, (counts.get(recipient.reason) ?? 0) + 1);
  return (Object.keys(LEFT_OUT_LABELS) as ExcludedRecipient['reason'][])
    .filter((reason) => counts.has(reason))
    .map((reason) => ({ reason, count: counts.get(reason)! }));
}

/** Rows a list of the review shows at once: a send of 10,000 is read a page at a time. */
export const REVIEW_PAGE_SIZE = 50;

export function pageCount(total: number, size = REVIEW_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export function pageOf<T>(items: readonly T[], page: number, size = REVIEW_PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}
