import { phoneDigits } from '@job-casting/rules';

/** What an opt-out stops: texts (SMS, LMS, MMS), KakaoTalk messages, e-mails, or all of them. */
export const OPT_OUT_CHANNELS = ['sms', 'kakao', 'email', 'all'] as const;
export type OptOutChannel = (typeof OPT_OUT_CHANNELS)[number];

/** How staff record an opt-out: from the free 080 line, their own entry, the person's own request, a CSV. */
export const STAFF_OPT_OUT_SOURCES = ['080', 'staff', 'request', 'csv'] as const;
/** Every way an opt-out reaches the register: staff's, or an e-mail that bounced (recorded by the watch of replies). */
export const OPT_OUT_SOURCES = [...STAFF_OPT_OUT_SOURCES, 'bounce'] as const;
export type OptOutSource = (typeof OPT_OUT_SOURCES)[number];

/** How a send reaches its recipient; an e-mail address is only ever reached by e-mail. */
export type SendChannel = 'sms' | 'kakao' | 'email';

/** An opt-out of this channel stops sends of that channel: its own, or every channel for 'all'. */
export function optOutStops(optOut: OptOutChannel, send: SendChannel): boolean {
  return optOut === 'all' || optOut === send;
}

/** The channels whose opt-outs stop a send of this channel. */
export function channelsStopping(send: SendChannel): OptOutChannel[] {
  return OPT_OUT_CHANNELS.filter((channel) => optOutStops(channel, send));
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An e-mail address as it is compared: trimmed, lower case (the domain never cares, and people rarely mean case). */
export function normalEmail(typed: string): string | null {
  const email = typed.trim().toLowerCase();
  return email.length <= 320 && EMAIL.test(email) ? email : null;
}

/** The fewest digits a phone number has (a Seoul number: 02 and 7 digits). */
const MIN_PHONE_DIGITS = 9;
const MAX_PHONE_DIGITS = 20;

/** What one typed entry of an opt-out list names: a phone number by its digits, or an e-mail address. */
export type OptOutAddress = { kind: 'phone'; address: string } | { kind: 'email'; address: string };

/** A typed phone number or e-mail address as the register keeps it, or why it cannot be one. */
export function optOutAddress(typed: string): OptOutAddress | { problem: string } {
  const trimmed = typed.trim();
  if (!trimmed) return { problem: 'No phone number or e-mail address' };
  if (trimmed.includes('@')) {
    const email = normalEmail(trimmed);
    return email
      ? { kind: 'email', address: email }
      : { problem: `"${trimmed.slice(0, 80)}" is not an e-mail address` };
  }
  if (/[^\d\s\-+().]/.test(trimmed)) return { problem: `"${trimmed.slice(0, 80)}" is not a phone number` };
  const digits = phoneDigits(trimmed);
  if (digits.length < MIN_PHONE_DIGITS || digits.length > MAX_PHONE_DIGITS)
    return { problem: `"${trimmed.slice(0, 80)}" is not a phone number` };
  return { kind: 'phone', address: digits };
}

/** An e-mail address is reached by e-mail alone: an opt-out of it for texts or KakaoTalk means nothing. */
export function channelProblem(kind: OptOutAddress['kind'], channel: OptOutChannel): string | null {
  return kind === 'email' && (channel === 'sms' || channel === 'kakao')
    ? `An e-mail address cannot opt out of ${channel === 'sms' ? 'texts' : 'KakaoTalk'}`
    : null;
}

/** Advertising consent must be confirmed again after two years (정보통신망법 §50). */
export const CONSENT_VALID_YEARS = 2;

/** The Korean day two years before the given one (YYYY-MM-DD): consent given on or before it is due again. */
export function consentCutoffDay(koreanToday: string): string {
  const [year, month, day] = koreanToday.split('-').map(Number);
  // 29 February two years on is 28 February: Date.UTC would roll it into March.
  const target = new Date(Date.UTC(year - CONSENT_VALID_YEARS, month - 1, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), month, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}
