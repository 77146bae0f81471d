// Aligo's SMS API (https://apis.aligo.in): /send/, /send_mass/, /remain/, /list/, /sms_list/ and /cancel/, with
// its parameters, limits, answer fields and result codes. result_code and message are always there; result_code
// is '1' on success and a negative code from -100 to -999 on failure, sent as a string.
import { encodeCp949, truncateCp949, type EncodedText } from './encoding.ts';
import type { Fault } from './faults.ts';
import type { Params, UploadedFile } from './http.ts';
import {
  isPhoneNumber,
  normalizePhone,
  unitTenths,
  type Account,
  type ImageInfo,
  type MessageRecord,
  type MessageType,
  type SendRecord,
  type Store,
} from './store.ts';
import {
  DAY_MS,
  kstDateTime,
  kstDateTimeOrEmpty,
  kstDay,
  kstMinute,
  MINUTE_MS,
  parseKstDay,
  parseReservation,
} from './time.ts';

export const SMS_MAX_BYTES = 90;
export const LONG_MAX_BYTES = 2000;
export const TITLE_MAX_BYTES = 44;
export const SEND_MAX_RECEIVERS = 1000;
export const SEND_MASS_MAX = 500;
/** Reservations must be at least 10 minutes ahead; cancellations are accepted until 5 minutes before. */
export const RESERVE_LEAD_MS = 10 * MINUTE_MS;
export const CANCEL_LEAD_MS = 5 * MINUTE_MS;

/**
 * The failure codes and messages. -101, -103, -201 and the -80x cancel codes are Aligo's own (its examples and
 * the clients that handle them); the others fill the gaps in Aligo's published range (-100 to -999) with the
 * sandbox's own numbers, so that each refusal has a distinct code.
 */
export const SMS_RESULT_CODES = {
  '-101': '인증오류입니다.',
  '-102': '필수 입력값이 누락되었습니다.',
  '-103': '등록/인증되지 않은 발신번호입니다.',
  '-104': '유효한 수신번호가 없습니다.',
  '-105': '예약일시가 올바르지 않습니다. 예약은 현재시간 기준 10분 이후부터 가능합니다.',
  '-106': '메시지 타입(msg_type)은 SMS, LMS, MMS 중 하나여야 합니다.',
  '-107': '메시지 길이가 허용된 크기를 초과하였습니다.',
  '-108': '제목은 44byte 까지 입력 가능합니다.',
  '-109': '수신자 수가 허용된 건수를 초과하였습니다.',
  '-110': '첨부 이미지는 JPEG, PNG, GIF 파일만 가능합니다.',
  '-111': 'EUC-KR 로 표현할 수 없는 문자(이모지 등)가 포함되어 있습니다.',
  '-112': '첨부 이미지는 최대 3개까지 가능합니다.',
  '-201': '발송 가능한 잔여건수가 부족합니다.',
  '-801': '메세지ID 미입력',
  '-802': '메세지ID 오류',
  '-803': '예약대기중인 문자 없음',
  '-804': '발송 5분전까지만 취소가능',
  '-805': '전송완료로 취소불가',
  '-809': '기타오류',
} as const;
export type SmsResultCode = keyof typeof SMS_RESULT_CODES;

type Answer = Record<string, unknown>;

export class SmsRefusal extends Error {
  readonly code: SmsResultCode;
  constructor(code: SmsResultCode, message: string = SMS_RESULT_CODES[code]) {
    super(message);
    this.code = code;
  }
}

export function smsError(code: string, message: string): Answer {
  return { result_code: code, message };
}

export interface SmsCall {
  store: Store;
  path: string;
  params: Params;
  /** A partial_failure fault aimed at this request. */
  partial: Fault | null;
  /** What to do with characters EUC-KR cannot carry: replace them by '?' (as Aligo does) or refuse with -111. */
  unencodable: 'replace' | 'reject';
}

const field = (params: Params, name: string) => params.fields[name]?.trim() ?? '';

/** Aligo's examples send `user_id`; its result-API page says `userid`: both are read. */
function authenticate(call: SmsCall): Account {
  const { fields } = call.params;
  const account = call.store.authenticate(fields.user_id ?? fields.userid, fields.key);
  if (!account) throw new SmsRefusal('-101');
  return account;
}

const IMAGE_SIGNATURES: [string, number[]][] = [
  ['image/jpeg', [0xff, 0xd8, 0xff]],
  ['image/png', [0x89, 0x50, 0x4e, 0x47]],
  ['image/gif', [0x47, 0x49, 0x46, 0x38]],
];

/** The uploads under the given field names, described; null when one is not a JPEG, PNG or GIF. */
export function readImages(files: UploadedFile[], names: string[]): ImageInfo[] | null {
  const out: ImageInfo[] = [];
  for (const file of files) {
    if (!names.includes(file.field)) continue;
    const signature = IMAGE_SIGNATURES.find(([, bytes]) => bytes.every((byte, i) => file.data[i] === byte));
    if (!signature) return null;
    out.push({ field: file.field, filename: file.filename, contentType: signature[0], size: file.data.length });
  }
  return out;
}

/** The image fields of both send paths: image1 to image3, image1 also as `image`. */
const IMAGE_FIELDS = ['image', 'image1', 'image2', 'image3'];
const MAX_IMAGES = 3;

/** The attached images; more than three are refused, never dropped. */
function images(files: UploadedFile[]): ImageInfo[] {
  const found = readImages(files, IMAGE_FIELDS);
  if (!found) throw new SmsRefusal('-110');
  if (found.length > MAX_IMAGES) throw new SmsRefusal('-112');
  return found;
}

function reservation(call: SmsCall): number | null {
  const rdate = field(call.params, 'rdate');
  const rtime = field(call.params, 'rtime');
  if (!rdate && !rtime) return null;
  const at = rdate && rtime ? parseReservation(rdate, rtime) : null;
  const now = call.store.now();
  if (at === null || at < Math.floor(now / MINUTE_MS) * MINUTE_MS + RESERVE_LEAD_MS) throw new SmsRefusal('-105');
  return at;
}

function encode(call: SmsCall, text: string): EncodedText {
  const encoded = encodeCp949(text);
  if (encoded.unencodable.length > 0 && call.unencodable === 'reject') throw new SmsRefusal('-111');
  return encoded;
}

function requestedType(call: SmsCall, required: boolean): MessageType | null {
  const value = field(call.params, 'msg_type').toUpperCase();
  if (!value) {
    if (required) throw new SmsRefusal('-106');
    return null;
  }
  if (value !== 'SMS' && value !== 'LMS' && value !== 'MMS') throw new SmsRefusal('-106');
  return value;
}

/**
 * The type sent: the requested one, except MMS without an image, which goes as LMS (Aligo answers the type it
 * actually sent in msg_type); without msg_type, MMS with an image, else SMS up to 90 bytes and LMS beyond.
 */
export function decideType(requested: MessageType | null, hasImages: boolean, maxBytes: number): MessageType {
  if (requested === 'MMS') return hasImages ? 'MMS' : 'LMS';
  if (requested) return requested;
  if (hasImages) return 'MMS';
  return maxBytes > SMS_MAX_BYTES ? 'LMS' : 'SMS';
}

function checkLength(type: MessageType, bytes: number): void {
  if (type === 'SMS' && bytes > SMS_MAX_BYTES)
    throw new SmsRefusal('-107', `SMS 는 ${SMS_MAX_BYTES}byte 까지 입력 가능합니다. (${bytes}byte)`);
  if (bytes > LONG_MAX_BYTES)
    throw new SmsRefusal('-107', `메시지는 ${LONG_MAX_BYTES}byte 까지 입력 가능합니다. (${bytes}byte)`);
}

/** LMS and MMS without a title take the first line of the message, cut to 44 bytes. */
export const defaultTitle = (text: string) => truncateCp949(text.split(/\r?\n/, 1)[0] ?? '', TITLE_MAX_BYTES).trimEnd();

interface Draft {
  receiver: string;
  name: string | null;
  /** Null when the entry is refused (bad number, no message); reason says why. */
  encoded: EncodedText | null;
  requestedText: string;
  title: string | null;
  reason: string | null;
}

interface Accepted {
  account: Account;
  sender: string;
  type: MessageType;
  drafts: Draft[];
  requested: number;
  images: ImageInfo[];
  reserveAt: number | null;
  testMode: boolean;
  msg: string;
  title: string | null;
}

function failingReceivers(drafts: Draft[], partial: Fault | null): Set<Draft> {
  const failing = new Set<Draft>();
  if (!partial) return failing;
  const valid = drafts.filter((d) => d.encoded);
  if (partial.failReceivers.length > 0) {
    for (const draft of valid) if (partial.failReceivers.includes(draft.receiver)) failing.add(draft);
  } else {
    for (const draft of valid.slice(Math.max(0, valid.length - partial.failCount))) failing.add(draft);
  }
  return failing;
}

/** Charges, records and answers an accepted SMS request. */
function accept(call: SmsCall, a: Accepted): Answer {
  const { store } = call;
  const failing = failingReceivers(a.drafts, call.partial);
  const delivered = a.drafts.filter((d) => d.encoded && !failing.has(d)).length;
  const cost = a.testMode ? 0 : delivered * unitTenths(a.type);
  if (cost > a.account.balance) throw new SmsRefusal('-201');
  a.account.balance -= cost;

  const now = store.now();
  const mid = store.newMid();
  const status = a.testMode ? 'test' : a.reserveAt !== null ? 'reserved' : 'delivered';
  const messages: MessageRecord[] = a.drafts.map((draft) => {
    const failed = !draft.encoded || failing.has(draft);
    return {
      id: store.newMessageId(),
      mid,
      channel: 'sms',
      type: a.type,
      userId: a.account.userId,
      sender: a.sender,
      receiver: draft.receiver,
      name: draft.name,
      title: draft.title,
      text: draft.encoded?.text ?? draft.requestedText,
      requestedText: draft.requestedText,
      bytes: draft.encoded?.bytes ?? null,
      unencodable: draft.encoded?.unencodable ?? [],
      images: a.images,
      status: failed ? 'failed' : status,
      failReason: draft.reason ?? (failed ? '전송실패 (샌드박스 장애 주입)' : null),
      testMode: a.testMode,
      acceptedAt: now,
      reserveAt: a.reserveAt,
      deliveredAt: !failed && status === 'delivered' ? now : null,
      reportAt: null,
      outcome: null,
      resultCode: null,
      failoverFor: null,
      senderKey: null,
      templateCode: null,
      buttons: null,
    };
  });
  const send: SendRecord = {
    mid,
    channel: 'sms',
    path: call.path,
    userId: a.account.userId,
    type: a.type,
    sender: a.sender,
    msg: a.msg,
    title: a.title,
    requested: a.requested,
    successCount: delivered,
    errorCount: a.requested - delivered,
    testMode: a.testMode,
    state: a.testMode ? 'test' : a.reserveAt !== null ? 'reserved' : 'sent',
    acceptedAt: now,
    reserveAt: a.reserveAt,
    cancelledAt: null,
    charged: cost,
    messages,
    unreported: 0,
  };
  store.addSend(send);
  return {
    result_code: '1',
    message: a.reserveAt !== null ? 'reserved' : 'success',
    msg_id: mid,
    success_cnt: send.successCount,
    error_cnt: send.errorCount,
    msg_type: a.type,
  };
}

function registeredSender(call: SmsCall, account: Account): string {
  const sender = normalizePhone(field(call.params, 'sender'));
  if (!sender) throw new SmsRefusal('-102', '발신번호(sender)가 입력되지 않았습니다.');
  if (!account.senders.has(sender)) throw new SmsRefusal('-103');
  return sender;
}

const isTestMode = (call: SmsCall) => field(call.params, 'testmode_yn').toUpperCase() === 'Y';

/** POST /send/: one text to up to 1,000 receivers, %고객명% filled from destination. */
export function send(call: SmsCall): Answer {
  const account = authenticate(call);
  const msg = call.params.fields.msg ?? '';
  if (!field(call.params, 'receiver')) throw new SmsRefusal('-102', '수신번호(receiver)가 입력되지 않았습니다.');
  if (!msg.trim()) throw new SmsRefusal('-102', '메시지 내용(msg)이 입력되지 않았습니다.');
  const requestedMsgType = requestedType(call, false);
  const sender = registeredSender(call, account);
  const entries = field(call.params, 'receiver')
    .split(',')
    .map((r) => r.trim())
    .filter((r) => r !== '');
  if (entries.length > SEND_MAX_RECEIVERS)
    throw new SmsRefusal(
      '-109',
      `수신번호는 최대 ${SEND_MAX_RECEIVERS.toLocaleString('en-US')}개까지 입력 가능합니다. (${entries.length}개)`,
    );
  const reserveAt = reservation(call);
  const attached = images(call.params.files);

  const destination = field(call.params, 'destination');
  const names = new Map<string, string>();
  if (destination) {
    for (const pair of destination.split(',')) {
      const [number, ...name] = pair.split('|');
      if (number?.trim()) names.set(normalizePhone(number.trim()), name.join('|').trim());
    }
  }
  const explicitTitle = field(call.params, 'title');
  const shared = destination ? null : encode(call, msg);
  const drafts: Draft[] = entries.map((entry) => {
    const receiver = normalizePhone(entry);
    const name = names.get(receiver) ?? null;
    if (!isPhoneNumber(receiver))
      return { receiver, name, encoded: null, requestedText: msg, title: null, reason: '수신번호 오류' };
    const text = destination ? msg.replaceAll('%고객명%', name ?? '') : msg;
    return { receiver, name, encoded: shared ?? encode(call, text), requestedText: text, title: null, reason: null };
  });
  return acceptDrafts(call, {
    account,
    sender,
    requestedMsgType,
    drafts,
    requested: entries.length,
    images: attached,
    reserveAt,
    msg,
    explicitTitles: drafts.map(() => explicitTitle),
    commonTitle: explicitTitle,
  });
}

interface DraftRequest {
  account: Account;
  sender: string;
  requestedMsgType: MessageType | null;
  drafts: Draft[];
  requested: number;
  images: ImageInfo[];
  reserveAt: number | null;
  msg: string;
  /** Per draft: the title asked for (send_mass sbj_N or title), '' for none. */
  explicitTitles: string[];
  commonTitle: string;
}

function acceptDrafts(call: SmsCall, r: DraftRequest): Answer {
  const valid = r.drafts.filter((d) => d.encoded);
  if (valid.length === 0) throw new SmsRefusal('-104');
  const maxBytes = Math.max(...valid.map((d) => d.encoded?.bytes ?? 0));
  const type = decideType(r.requestedMsgType, r.images.length > 0, maxBytes);
  checkLength(type, maxBytes);
  if (type !== 'SMS') {
    r.drafts.forEach((draft, i) => {
      const asked = r.explicitTitles[i];
      if (asked) {
        const title = encode(call, asked);
        if (title.bytes > TITLE_MAX_BYTES)
          throw new SmsRefusal('-108', `제목은 ${TITLE_MAX_BYTES}byte 까지 입력 가능합니다. (${title.bytes}byte)`);
        draft.title = title.text;
      } else if (draft.encoded) {
        draft.title = defaultTitle(draft.encoded.text);
      }
    });
  }
  return accept(call, {
    account: r.account,
    sender: r.sender,
    type,
    drafts: r.drafts,
    requested: r.requested,
    images: type === 'MMS' ? r.images : [],
    reserveAt: r.reserveAt,
    testMode: isTestMode(call),
    msg: r.msg,
    title: type === 'SMS' ? null : r.commonTitle || null,
  });
}

/** POST /send_mass/: a different text per receiver (rec_N, msg_N, sbj_N), cnt of them, up to 500. */
export function sendMass(call: SmsCall): Answer {
  const account = authenticate(call);
  const cntText = field(call.params, 'cnt');
  if (!cntText) throw new SmsRefusal('-102', '전송건수(cnt)가 입력되지 않았습니다.');
  const cnt = Number(cntText);
  if (!Number.isInteger(cnt) || cnt < 1) throw new SmsRefusal('-102', '전송건수(cnt)가 올바르지 않습니다.');
  if (cnt > SEND_MASS_MAX)
    throw new SmsRefusal('-109', `send_mass 는 최대 ${SEND_MASS_MAX}건까지 전송 가능합니다. (cnt=${cnt})`);
  const requestedMsgType = requestedType(call, true);
  const sender = registeredSender(call, account);
  const reserveAt = reservation(call);
  const attached = images(call.params.files);
  const commonTitle = field(call.params, 'title');
  const drafts: Draft[] = [];
  const explicitTitles: string[] = [];
  for (let i = 1; i <= cnt; i++) {
    const receiver = normalizePhone(field(call.params, `rec_${i}`));
    const text = call.params.fields[`msg_${i}`] ?? '';
    explicitTitles.push(field(call.params, `sbj_${i}`) || commonTitle);
    if (!receiver && !text) continue;
    if (!isPhoneNumber(receiver))
      drafts.push({ receiver, name: null, encoded: null, requestedText: text, title: null, reason: '수신번호 오류' });
    else if (!text.trim())
      drafts.push({
        receiver,
        name: null,
        encoded: null,
        requestedText: text,
        title: null,
        reason: '메시지 내용 없음',
      });
    else
      drafts.push({
        receiver,
        name: null,
        encoded: encode(call, text),
        requestedText: text,
        title: null,
        reason: null,
      });
  }
  return acceptDrafts(call, {
    account,
    sender,
    requestedMsgType,
    drafts,
    requested: cnt,
    images: attached,
    reserveAt,
    msg: call.params.fields.msg_1 ?? '',
    explicitTitles,
    commonTitle,
  });
}

/** POST /remain/: how many of each type the balance still pays for. */
export function remain(call: SmsCall): Answer {
  const account = authenticate(call);
  const count = (type: MessageType) => Math.floor(account.balance / unitTenths(type));
  return { result_code: '1', message: 'success', SMS_CNT: count('SMS'), LMS_CNT: count('LMS'), MMS_CNT: count('MMS') };
}

function paging(call: SmsCall): { page: number; pageSize: number } {
  const page = Math.max(1, Math.floor(Number(field(call.params, 'page')) || 1));
  const pageSize = Math.min(500, Math.max(1, Math.floor(Number(field(call.params, 'page_size')) || 30)));
  return { page, pageSize };
}

const SMS_STATES: Record<MessageRecord['status'], string> = {
  accepted: '전송중',
  delivered: '발송완료',
  failed: '발송실패',
  reserved: '예약대기중',
  cancelled: '예약취소',
  test: '연동테스트',
};

/** True for a message the carrier reported failed (as against one refused when the send was taken). */
export const failedAtCarrier = (m: MessageRecord) =>
  m.status === 'failed' && m.outcome !== null && m.outcome !== 'delivered';

/** sms_list's sms_state: a carrier's failure is 전송실패 (it was sent), a refusal at intake 발송실패 (it never left). */
export const smsStateOf = (m: MessageRecord) => (failedAtCarrier(m) ? '전송실패' : SMS_STATES[m.status]);

/** When the carrier's report came: the delivery, or the failure of a message that was sent; '' before it. */
export const reportedAt = (m: MessageRecord) =>
  m.status === 'delivered' ? m.deliveredAt : failedAtCarrier(m) ? m.reportAt : null;

export function reserveStateOf(send: SendRecord): string {
  if (send.state === 'cancelled') return '예약취소';
  if (send.state === 'test') return '연동테스트';
  if (send.state === 'reserved') return '예약대기중';
  return '발송완료';
}

/**
 * POST /list/: the user's SMS sends, newest first, over limit_day days (default 7) back from start_date
 * (YYYYMMDD, default today), page_size (default 30, at most 500) per page.
 */
export function list(call: SmsCall): Answer {
  const account = authenticate(call);
  const { page, pageSize } = paging(call);
  const startText = field(call.params, 'start_date');
  const today = parseKstDay(kstDay(call.store.now())) ?? 0;
  const startDay = startText ? parseKstDay(startText) : today;
  if (startDay === null) return smsError('-102', '조회시작일자(start_date)는 YYYYMMDD 형식이어야 합니다.');
  const limitDay = Math.max(1, Math.floor(Number(field(call.params, 'limit_day')) || 7));
  const from = startDay - (limitDay - 1) * DAY_MS;
  const to = startDay + DAY_MS;
  call.store.settleDue();
  const matching: SendRecord[] = [];
  for (let i = call.store.sends.length - 1; i >= 0; i--) {
    const send = call.store.sends[i];
    if (send.channel !== 'sms' || send.userId !== account.userId) continue;
    if (send.acceptedAt >= from && send.acceptedAt < to) matching.push(send);
  }
  const slice = matching.slice((page - 1) * pageSize, page * pageSize);
  for (const send of slice) call.store.settleReports(send);
  return {
    result_code: '1',
    message: 'success',
    list: slice.map((send) => ({
      mid: send.mid,
      type: send.type,
      sender: send.sender,
      sms_count: String(send.requested),
      reserve_state: reserveStateOf(send),
      msg: send.msg,
      fail_count: String(send.errorCount + send.messages.filter(failedAtCarrier).length),
      reg_date: kstDateTime(send.acceptedAt),
      reserve: send.reserveAt === null ? '' : kstDateTime(send.reserveAt),
    })),
    next_yn: matching.length > page * pageSize ? 'Y' : 'N',
  };
}

/** POST /sms_list/: each recipient of one send (mid), page_size (default 30) per page. */
export function smsList(call: SmsCall): Answer {
  const account = authenticate(call);
  const mid = field(call.params, 'mid');
  if (!mid) return smsError('-102', '메세지ID(mid)가 입력되지 않았습니다.');
  const { page, pageSize } = paging(call);
  const send = call.store.findSend(mid);
  const messages = send && send.channel === 'sms' && send.userId === account.userId ? send.messages : [];
  return {
    result_code: '1',
    message: 'success',
    list: messages.slice((page - 1) * pageSize, page * pageSize).map((m) => ({
      mdid: m.id,
      type: m.type,
      sender: m.sender,
      receiver: m.receiver,
      sms_state: smsStateOf(m),
      fail_reason: m.status === 'failed' ? (m.failReason ?? '') : '',
      reg_date: kstDateTime(m.acceptedAt),
      send_date: kstDateTimeOrEmpty(reportedAt(m)),
      reserve_date: m.reserveAt === null ? '' : kstMinute(m.reserveAt),
    })),
    next_yn: messages.length > page * pageSize ? 'Y' : 'N',
  };
}

/** POST /cancel/: cancels a reserved send (mid) until 5 minutes before its time. */
export function cancel(call: SmsCall): Answer {
  const account = authenticate(call);
  const mid = field(call.params, 'mid');
  if (!mid) throw new SmsRefusal('-801');
  const send = call.store.findSend(mid);
  if (!send || send.channel !== 'sms' || send.userId !== account.userId) throw new SmsRefusal('-802');
  if (send.state === 'cancelled') throw new SmsRefusal('-803');
  const now = call.store.now();
  if (send.reserveAt === null || send.reserveAt <= now) throw new SmsRefusal('-805');
  if (send.reserveAt - now < CANCEL_LEAD_MS) throw new SmsRefusal('-804');
  call.store.cancel(send);
  return { result_code: '1', message: 'success', cancel_date: kstDateTime(now) };
}

export const SMS_ROUTES: Record<string, (call: SmsCall) => Answer> = {
  '/send': send,
  '/send_mass': sendMass,
  '/remain': remain,
  '/list': list,
  '/sms_list': smsList,
  '/cancel': cancel,
};

export const SMS_SEND_PATHS = new Set(['/send', '/send_mass']);

/** Answers a refusal in Aligo's shape; anything else is rethrown. */
export function runSms(handler: (call: SmsCall) => Answer, call: SmsCall): Answer {
  try {
    return handler(call);
  } catch (error) {
    if (error instanceof SmsRefusal) return smsError(error.code, error.message);
    throw error;
  }
}
