// What staff review before a send goes out: what it costs at the agency's unit prices, and whether the gateway
// account has enough left for it. Aligo's `remain` answers one balance three ways (how many SMS, LMS or MMS it
// still pays for), so a send fits when the shares of the balance its messages take add up to no more than all of it.
import type { MessageType } from '@job-casting/rules';

/** A message as the handset gets it: a text message by its type, or KakaoTalk (falling back to a text message). */
export type ReviewedType = MessageType | 'KAKAO';
export const REVIEWED_TYPES: readonly ReviewedType[] = ['SMS', 'LMS', 'MMS', 'KAKAO'];

export type TypeCounts = Record<ReviewedType, number>;
/** Won per message of each type. */
export type UnitPrices = Record<ReviewedType, number>;

export interface RemainingCounts {
  SMS_CNT: number;
  LMS_CNT: number;
  MMS_CNT: number;
}

export const noTypes = (): TypeCounts => ({ SMS: 0, LMS: 0, MMS: 0, KAKAO: 0 });

/** The estimated cost in won, to the tenth (Aligo's prices have tenths: 8.4 won an SMS). */
export function estimatedCost(counts: TypeCounts, prices: UnitPrices): number {
  const tenths = REVIEWED_TYPES.reduce((sum, type) => sum + counts[type] * Math.round(prices[type] * 10), 0);
  return tenths / 10;
}

/**
 * Whether the gateway's remaining counts cannot pay for these text messages (by their type; a KakaoTalk message
 * counts as the text message it falls back to, which is what it may cost). A type the account can send none of
 * while the send needs some is short at once.
 */
export function remainingIsShort(needed: Record<MessageType, number>, remaining: RemainingCounts): boolean {
  const pairs: [number, number][] = [
    [needed.SMS, remaining.SMS_CNT],
    [needed.LMS, remaining.LMS_CNT],
    [needed.MMS, remaining.MMS_CNT],
  ];
  if (pairs.some(([need, left]) => need > 0 && left <= 0)) return true;
  const share = pairs.reduce((sum, [need, left]) => (need > 0 ? sum + need / left : sum), 0);
  // A little slack for the floating point sum: exactly all of the balance still fits.
  return share > 1 + 1e-9;
}

/** Why a send is refused when the gateway has too little left, with what it needs and what is left. */
export function remainingShortMessage(needed: Record<MessageType, number>, remaining: RemainingCounts): string {
  const need = (['SMS', 'LMS', 'MMS'] as const)
    .filter((type) => needed[type] > 0)
    .map((type) => `${needed[type].toLocaleString('en-US')} ${type}`);
  return (
    `The gateway account has too little left for this send: it needs ${need.join(', ')}, and the balance pays for ` +
    `${remaining.SMS_CNT.toLocaleString('en-US')} SMS, ${remaining.LMS_CNT.toLocaleString('en-US')} LMS or ${remaining.MMS_CNT.toLocaleString('en-US')} MMS. Top up the gateway account, then send.`
  );
}
