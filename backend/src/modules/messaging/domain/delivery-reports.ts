// What the gateway's per-recipient records say became of each message, in plain words. Pure.
//
// Aligo answers a send as soon as it has taken it; whether the handset got it comes later, from the carrier, in
// `sms_list` (SMS, LMS, MMS) and in the KakaoTalk history (`/akv10/history/detail/`). Aligo publishes no list of the
// carriers' reasons: the words below are those its records and the carriers use (결번, 수신거부, …).

/** A message's fate as far as it is known: still on its way, or final. */
export type ReportedFate =
  { fate: 'pending' } | { fate: 'delivered'; note: string | null } | { fate: 'failed'; reason: string };

/** One recipient of an SMS record (`sms_list`): its `sms_state` and `fail_reason`. */
export interface SmsReport {
  state: string;
  reason: string;
}

/** One message of a KakaoTalk record (`history/detail`), with its fail-over SMS when KakaoTalk could not reach it. */
export interface KakaoReport {
  /** 전송중, 완료 or 실패 (and the reservation words). */
  state: string;
  /** `rslt`: '0' delivered, a failure's code, '' before the report. */
  code: string;
  reason: string;
  /** The fail-over SMS, when one went out: its `sms_state` and reason. */
  failover: SmsReport | null;
}

/** The carriers' reasons, as their words appear in the records, and what staff read. */
const CARRIER_REASONS: { match: RegExp; plain: string }[] = [
  { match: /결번|없는\s*번호|no such number/i, plain: 'The number is not in service (결번)' },
  { match: /수신\s*거부|opted? ?out/i, plain: 'The recipient refuses these messages (수신거부)' },
  {
    match: /전원|꺼짐|수신\s*불가|음영|unreachable|power/i,
    plain: 'The phone was off or out of reach (전원 꺼짐/수신불가)',
  },
  { match: /스팸|spam/i, plain: 'The carrier blocked it as spam (스팸 차단)' },
  {
    match: /카카오톡?\s*(미사용|미가입)|친구|not a friend|no kakao/i,
    plain: 'The number does not use KakaoTalk or is not a friend of the channel',
  },
];

/** The carrier's reason for a failed message in plain words, keeping the gateway's own words when they say more. */
export function plainDeliveryFailure(reason: string): string {
  const words = reason.trim();
  const known = CARRIER_REASONS.find((entry) => entry.match.test(words));
  if (known) return known.plain;
  return words && words !== '기타'
    ? `The carrier could not deliver it: ${words}`
    : 'The carrier could not deliver it (기타: no reason given)';
}

/** What a test-mode send's messages become: the gateway took them and, as asked, delivered none. */
export const TEST_MODE_FAILURE = 'Sent in test mode (ALIGO_TEST_MODE): the gateway took it and delivered nothing';

/** sms_list's states: 발송완료 delivered; 전송실패 (at the carrier) and 발송실패 (at intake) failed; 전송중 pending. */
export function smsFate(report: SmsReport): ReportedFate {
  const state = report.state.trim();
  if (state === '발송완료' || state === '전송완료' || state === '성공') return { fate: 'delivered', note: null };
  if (state === '연동테스트') return { fate: 'failed', reason: TEST_MODE_FAILURE };
  if (state === '예약취소') return { fate: 'failed', reason: 'The reservation was cancelled at the gateway' };
  if (/실패|fail/i.test(state)) return { fate: 'failed', reason: plainDeliveryFailure(report.reason) };
  // 전송중, 예약대기중, or words the gateway may add: not final yet.
  return { fate: 'pending' };
}

/**
 * KakaoTalk history's states: 완료 delivered; 실패 failed, unless a fail-over SMS went out, whose own state then
 * decides; 전송중 (or a report not in yet) pending.
 */
export function kakaoFate(report: KakaoReport): ReportedFate {
  const state = report.state.trim();
  if (state === '완료' || (state === '' && report.code === '0')) return { fate: 'delivered', note: null };
  if (state === '연동테스트') return { fate: 'failed', reason: TEST_MODE_FAILURE };
  if (state === '예약취소') return { fate: 'failed', reason: 'The reservation was cancelled at the gateway' };
  if (state === '실패' || /fail/i.test(state)) {
    if (!report.failover) return { fate: 'failed', reason: plainDeliveryFailure(report.reason) };
    const failover = smsFate(report.failover);
    if (failover.fate === 'delivered')
      return {
        fate: 'delivered',
        note: `Delivered as SMS: KakaoTalk could not reach it (${plainDeliveryFailure(report.reason)})`,
      };
    if (failover.fate === 'failed')
      return { fate: 'failed', reason: `KakaoTalk could not reach it, nor its SMS: ${failover.reason}` };
    return { fate: 'pending' };
  }
  return { fate: 'pending' };
}

/**
 * Pairs each delivery of a call with its record by phone number, in order: a call may carry two messages to one
 * number (two texts), which the records list in the order they were sent. Deliveries without a record are left out.
 */
export function pairReports<D extends { id: number; phone: string }, R extends { phone: string }>(
  deliveries: readonly D[],
  reports: readonly R[],
): { delivery: D; report: R }[] {
  const byPhone = new Map<string, R[]>();
  for (const report of reports) {
    const list = byPhone.get(report.phone);
    if (list) list.push(report);
    else byPhone.set(report.phone, [report]);
  }
  const pairs: { delivery: D; report: R }[] = [];
  for (const delivery of [...deliveries].sort((a, b) => a.id - b.id)) {
    const report = byPhone.get(delivery.phone)?.shift();
    if (report) pairs.push({ delivery, report });
  }
  return pairs;
}
