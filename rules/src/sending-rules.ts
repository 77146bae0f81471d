// When messages may go out, and how an advertisement must read (Korea's Information and Communications Network
// Act, article 50): '(광고)' and the sender's name first, a free way to refuse at the end, and none at night.
// Hours are Korean time.
import { koreanHour } from './korean-time.js';

/** KakaoTalk messages are refused from 20:00 to 08:00. */
export const KAKAO_NIGHT = { from: 20, until: 8 };
/** Advertising is refused from 21:00 to 08:00. */
export const ADVERTISING_NIGHT = { from: 21, until: 8 };

const inNight = (hour: number, night: { from: number; until: number }) => hour >= night.from || hour < night.until;

export const SENDING_HOURS_MESSAGES = {
  kakaoNight: 'KakaoTalk messages cannot be sent between 20:00 and 08:00 (Korean time).',
  advertisingNight: 'Advertising messages cannot be sent between 21:00 and 08:00 (Korean time).',
} as const;

/** Why a send going out at `at` is refused by the hour, or null. */
export function sendingHoursProblem(send: { channel: 'sms' | 'kakao'; advertising: boolean }, at: Date): string | null {
  const hour = koreanHour(at);
  if (send.channel === 'kakao' && inNight(hour, KAKAO_NIGHT)) return SENDING_HOURS_MESSAGES.kakaoNight;
  if (send.advertising && inNight(hour, ADVERTISING_NIGHT)) return SENDING_HOURS_MESSAGES.advertisingNight;
  return null;
}

export const ADVERTISING_MARK = '(광고)';
export const OPT_OUT_WORDS = '무료수신거부';

/** An advertisement as the law wants it: marked and named first, with the free opt-out number last. */
export function advertisingText(text: string, senderName: string, optOutNumber: string): string {
  const body = text.trim();
  const head = body.startsWith(ADVERTISING_MARK)
    ? body
    : `${ADVERTISING_MARK}${senderName ? `${senderName} ` : ''}${body}`;
  return head.includes(OPT_OUT_WORDS) ? head : `${head}\n${OPT_OUT_WORDS} ${optOutNumber}`;
}
