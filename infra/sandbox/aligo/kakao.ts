// Aligo's KakaoTalk API (https://kakaoapi.aligo.in/akv10/...): a token first (/token/create/{time}/{unit}/), then
// friend talk (/friend/send/) and AlimTalk (/alimtalk/send/) to receiver_1 … receiver_500, each optionally
// failing over to SMS/LMS/MMS. Answers are {code, message[, info]}: code 0 on success, -99 with a Korean message
// on failure (code is a number here, unlike the SMS API's string result_code).
import { encodeCp949 } from './encoding.ts';
import type { Fault } from './faults.ts';
import type { Params } from './http.ts';
import { decideType, defaultTitle, LONG_MAX_BYTES, readImages, reportedAt, reserveStateOf, smsStateOf } from './sms.ts';
import {
  isPhoneNumber,
  normalizePhone,
  unitTenths,
  type Account,
  type Channel,
  type MessageRecord,
  type MessageType,
  type SendRecord,
  type Store,
} from './store.ts';
import { DAY_MS, kstDateTime, kstDateTimeOrEmpty, kstDay, parseKstDay, parseSendDate } from './time.ts';

export const KAKAO_MAX_RECEIVERS = 500;
/** Text limits in characters: friend talk text 1,000, with an image 400; AlimTalk 1,000. */
export const KAKAO_TEXT_LIMITS: Record<KakaoType, number> = { FT: 1000, FI: 400, AT: 1000 };
type KakaoType = Extract<MessageType, 'FT' | 'FI' | 'AT'>;

/** Messages of the -99 failures. The first four are Aligo's own wording; the others are the sandbox's. */
export const KAKAO_MESSAGES = {
  noUserId: '계정 아이디(=userid) 파라메더 정보가 전달되지 않았습니다.',
  auth: '인증오류입니다.',
  badKey: '등록되지 않은 인증키 입니다.',
  points: '포인트가 부족합니다.',
  noApiKey: '인증키(=apikey) 파라메더 정보가 전달되지 않았습니다.',
  token: '유효하지 않은 토큰입니다. 토큰을 새로 발급받아 주세요.',
  tokenLifetime: '토큰 유효시간이 올바르지 않습니다. (token/create/{숫자}/{y|m|d|h|i|s}/)',
  senderKey: '발신프로필 키(senderkey)가 유효하지 않습니다.',
  sender: '등록/인증되지 않은 발신번호입니다.',
  template: '템플릿 코드(tpl_code)가 입력되지 않았습니다.',
  noReceivers: '수신자 정보(receiver_1)가 없습니다.',
  tooMany: `수신자는 한 번에 최대 ${KAKAO_MAX_RECEIVERS}명까지 입력 가능합니다.`,
  sendDate: '예약일시(senddate)가 올바르지 않습니다. (YYYYMMDDHHmmss, 현재 이후)',
  image: '첨부 이미지는 JPEG, PNG 파일만 가능합니다.',
  historyDate: '조회일자(startdate, enddate)는 YYYYMMDD 형식이어야 합니다.',
  historyMid: '메시지 ID(mid)가 입력되지 않았습니다.',
} as const;

export const HISTORY_FOUND = '정상적으로 조회하였습니다.';

export const KAKAO_SUCCESS = '성공적으로 전송요청 하였습니다.';
export const TOKEN_CREATED = '정상적으로 생성하였습니다.';

type Answer = Record<string, unknown>;

class KakaoRefusal extends Error {}

export interface KakaoCall {
  store: Store;
  path: string;
  params: Params;
  partial: Fault | null;
  unencodable: 'replace' | 'reject';
}

const field = (params: Params, name: string) => params.fields[name]?.trim() ?? '';

function authenticate(call: KakaoCall): Account {
  const userId = field(call.params, 'userid');
  const key = field(call.params, 'apikey');
  if (!userId) throw new KakaoRefusal(KAKAO_MESSAGES.noUserId);
  if (!key) throw new KakaoRefusal(KAKAO_MESSAGES.noApiKey);
  const account = call.store.accounts.get(userId);
  if (!account) throw new KakaoRefusal(KAKAO_MESSAGES.auth);
  if (account.key !== key) throw new KakaoRefusal(KAKAO_MESSAGES.badKey);
  return account;
}

const LIFETIME_UNITS: Record<string, number> = {
  y: 365 * 86_400_000,
  m: 30 * 86_400_000,
  d: 86_400_000,
  h: 3_600_000,
  i: 60_000,
  s: 1000,
};

/** POST /akv10/token/create/{time}/{unit}/ (unit y, m, d, h, i or s; s when left out). */
export function createToken(call: KakaoCall, time: string, unit: string | undefined): Answer {
  const account = authenticate(call);
  const amount = Number(time);
  const unitMs = LIFETIME_UNITS[(unit ?? 's').toLowerCase()];
  if (!/^\d+$/.test(time) || amount < 1 || !unitMs) throw new KakaoRefusal(KAKAO_MESSAGES.tokenLifetime);
  const token = call.store.issueToken(account.userId, amount * unitMs);
  return { code: 0, message: TOKEN_CREATED, token, urlencode: encodeURIComponent(token) };
}

interface Recipient {
  index: number;
  receiver: string;
  name: string | null;
  subject: string | null;
  message: string;
  reason: string | null;
}

function recipients(call: KakaoCall, limit: number): Recipient[] {
  const indexes: number[] = [];
  for (const key of Object.keys(call.params.fields)) {
    const match = /^receiver_(\d+)$/.exec(key);
    if (match) indexes.push(Number(match[1]));
  }
  if (indexes.length === 0) throw new KakaoRefusal(KAKAO_MESSAGES.noReceivers);
  if (indexes.length > KAKAO_MAX_RECEIVERS || Math.max(...indexes) > KAKAO_MAX_RECEIVERS)
    throw new KakaoRefusal(KAKAO_MESSAGES.tooMany);
  indexes.sort((a, b) => a - b);
  return indexes.map((index) => {
    const receiver = normalizePhone(field(call.params, `receiver_${index}`));
    const message = call.params.fields[`message_${index}`] ?? '';
    let reason: string | null = null;
    if (!isPhoneNumber(receiver)) reason = '수신번호 오류';
    else if (!message.trim()) reason = '메시지 내용 없음';
    else if ([...message].length > limit) reason = `메시지 길이 초과 (최대 ${limit}자)`;
    return {
      index,
      receiver,
      name: field(call.params, `recvname_${index}`) || null,
      subject: field(call.params, `subject_${index}`) || null,
      message,
      reason,
    };
  });
}

function failing(list: Recipient[], partial: Fault | null): Set<Recipient> {
  if (!partial) return new Set();
  const valid = list.filter((r) => !r.reason);
  if (partial.failReceivers.length > 0) return new Set(valid.filter((r) => partial.failReceivers.includes(r.receiver)));
  return new Set(valid.slice(Math.max(0, valid.length - partial.failCount)));
}

/** POST /akv10/friend/send/ and /akv10/alimtalk/send/. */
export function kakaoSend(call: KakaoCall, channel: Extract<Channel, 'friendtalk' | 'alimtalk'>): Answer {
  const { store, params } = call;
  const account = authenticate(call);
  if (!store.tokenValid(field(params, 'token'), account.userId)) throw new KakaoRefusal(KAKAO_MESSAGES.token);
  const senderKey = field(params, 'senderkey');
  if (!account.senderKeys.has(senderKey)) throw new KakaoRefusal(KAKAO_MESSAGES.senderKey);
  const templateCode = channel === 'alimtalk' ? field(params, 'tpl_code') : null;
  if (channel === 'alimtalk' && !templateCode) throw new KakaoRefusal(KAKAO_MESSAGES.template);
  const sender = normalizePhone(field(params, 'sender'));
  if (!account.senders.has(sender)) throw new KakaoRefusal(KAKAO_MESSAGES.sender);

  const image = channel === 'friendtalk' ? readImages(params.files, ['image']) : [];
  const fallbackImage = readImages(params.files, ['fimage']);
  if (!image || !fallbackImage || image.some((i) => i.contentType === 'image/gif'))
    throw new KakaoRefusal(KAKAO_MESSAGES.image);
  const type: KakaoType = channel === 'alimtalk' ? 'AT' : image.length > 0 ? 'FI' : 'FT';
  const list = recipients(call, KAKAO_TEXT_LIMITS[type]);

  const sendDate = field(params, 'senddate');
  const now = store.now();
  const reserveAt = sendDate ? parseSendDate(sendDate) : null;
  if (sendDate && (reserveAt === null || reserveAt <= now)) throw new KakaoRefusal(KAKAO_MESSAGES.sendDate);
  const testMode = field(params, 'testMode').toUpperCase() === 'Y' || field(params, 'testmode').toUpperCase() === 'Y';
  const failover = field(params, 'failover').toUpperCase() === 'Y';

  const failed = failing(list, call.partial);
  const accepted = list.filter((r) => !r.reason && !failed.has(r));
  const mid = store.newMid();
  const status = testMode ? 'test' : reserveAt !== null ? 'reserved' : 'delivered';
  const messages: MessageRecord[] = [];
  let cost = 0;
  const base = {
    mid,
    userId: account.userId,
    sender,
    testMode,
    acceptedAt: now,
    reserveAt,
    senderKey,
    templateCode,
  };
  for (const r of list) {
    const unreachable = !r.reason && !failed.has(r) && store.nonKakaoReceivers.has(r.receiver);
    const reason =
      r.reason ??
      (failed.has(r)
        ? '전송실패 (샌드박스 장애 주입)'
        : unreachable
          ? '카카오톡 미사용자이거나 채널 친구가 아닙니다.'
          : null);
    const kakao: MessageRecord = {
      ...base,
      id: store.newMessageId(),
      channel,
      type,
      receiver: r.receiver,
      name: r.name,
      title: channel === 'alimtalk' ? field(params, `emtitle_${r.index}`) || r.subject : r.subject,
      text: r.message,
      requestedText: r.message,
      bytes: null,
      unencodable: [],
      images: image,
      status: reason ? 'failed' : status,
      failReason: reason,
      deliveredAt: !reason && status === 'delivered' ? now : null,
      reportAt: null,
      outcome: null,
      resultCode: null,
      failoverFor: null,
      buttons: params.fields[`button_${r.index}`] ?? null,
    };
    messages.push(kakao);
    if (!reason && !testMode) cost += unitTenths(type);
    if (unreachable && failover) {
      const fallback = fallbackMessage(call, r, kakao, fallbackImage);
      messages.push(fallback);
      if (fallback.status !== 'failed' && !testMode) cost += unitTenths(fallback.type);
    }
  }
  if (cost > account.balance) throw new KakaoRefusal(KAKAO_MESSAGES.points);
  account.balance -= cost;
  const send: SendRecord = {
    mid,
    channel,
    path: call.path,
    userId: account.userId,
    type,
    sender,
    msg: list[0]?.message ?? '',
    title: list[0]?.subject ?? null,
    requested: list.length,
    successCount: accepted.length,
    errorCount: list.length - accepted.length,
    testMode,
    state: testMode ? 'test' : reserveAt !== null ? 'reserved' : 'sent',
    acceptedAt: now,
    reserveAt,
    cancelledAt: null,
    charged: cost,
    messages,
    unreported: 0,
  };
  store.addSend(send);
  const unit = unitTenths(type);
  return {
    code: 0,
    message: KAKAO_SUCCESS,
    info: {
      type,
      mid: Number(mid),
      current: account.balance / 10,
      unit: unit / 10,
      total: testMode ? 0 : (unit * accepted.length) / 10,
      scnt: accepted.length,
      fcnt: list.length - accepted.length,
    },
  };
}

/** The SMS/LMS/MMS sent instead (failover Y): fsubject_N and fmessage_N, or the KakaoTalk text without them. */
function fallbackMessage(
  call: KakaoCall,
  r: Recipient,
  kakao: MessageRecord,
  images: MessageRecord['images'],
): MessageRecord {
  const requestedText = call.params.fields[`fmessage_${r.index}`] ?? r.message;
  const encoded = encodeCp949(requestedText);
  const type = decideType(null, images.length > 0, encoded.bytes);
  const subject = field(call.params, `fsubject_${r.index}`);
  let reason: string | null = null;
  if (encoded.bytes > LONG_MAX_BYTES) reason = `대체문자 길이 초과 (${encoded.bytes}byte)`;
  else if (encoded.unencodable.length > 0 && call.unencodable === 'reject')
    reason = 'EUC-KR 로 표현할 수 없는 문자 포함';
  const status = reason ? 'failed' : kakao.testMode ? 'test' : kakao.reserveAt !== null ? 'reserved' : 'delivered';
  return {
    ...kakao,
    id: call.store.newMessageId(),
    channel: 'sms',
    type,
    title: type === 'SMS' ? null : subject ? encodeCp949(subject).text : defaultTitle(encoded.text),
    text: encoded.text,
    requestedText,
    bytes: encoded.bytes,
    unencodable: encoded.unencodable,
    images: type === 'MMS' ? images : [],
    status,
    failReason: reason,
    deliveredAt: status === 'delivered' ? kakao.acceptedAt : null,
    failoverFor: kakao.id,
    buttons: null,
  };
}

/** Runs a KakaoTalk handler, answering its refusals as {code: -99, message}. */
export function runKakao(handler: () => Answer): Answer {
  try {
    return handler();
  } catch (error) {
    if (error instanceof KakaoRefusal) return { code: -99, message: error.message };
    throw error;
  }
}

// --- History: /akv10/history/list/ (the sends) and /akv10/history/detail/ (each receiver of one send) ----------

/** Aligo's history pages: `limit` per page (default 50, at most 500), `page` from 1. */
function historyPaging(params: Params): { page: number; limit: number } {
  const page = Math.max(1, Math.floor(Number(field(params, 'page')) || 1));
  const limit = Math.min(500, Math.max(1, Math.floor(Number(field(params, 'limit')) || 50)));
  return { page, limit };
}

function pageOf<T>(items: T[], page: number, limit: number) {
  return {
    items: items.slice((page - 1) * limit, page * limit),
    currentPage: page,
    totalPage: Math.max(1, Math.ceil(items.length / limit)),
    totalCount: items.length,
  };
}

const isKakao = (channel: Channel) => channel === 'friendtalk' || channel === 'alimtalk';

/**
 * POST /akv10/history/list/: the account's KakaoTalk sends, newest first, accepted from startdate to enddate
 * (YYYYMMDD, Korean days; default the last 7 days to today).
 */
export function historyList(call: KakaoCall): Answer {
  const account = authenticate(call);
  const { store, params } = call;
  const today = parseKstDay(kstDay(store.now())) ?? 0;
  const endText = field(params, 'enddate');
  const startText = field(params, 'startdate');
  const end = endText ? parseKstDay(endText) : today;
  const start = startText ? parseKstDay(startText) : end === null ? null : end - 6 * DAY_MS;
  if (start === null || end === null) throw new KakaoRefusal(KAKAO_MESSAGES.historyDate);
  store.settleDue();
  const matching: SendRecord[] = [];
  for (let i = store.sends.length - 1; i >= 0; i--) {
    const send = store.sends[i];
    if (!isKakao(send.channel) || send.userId !== account.userId) continue;
    if (send.acceptedAt >= start && send.acceptedAt < end + DAY_MS) matching.push(send);
  }
  const { page, limit } = historyPaging(params);
  const { items, ...paging } = pageOf(matching, page, limit);
  return {
    code: 0,
    message: HISTORY_FOUND,
    list: items.map((send) => ({
      mid: Number(send.mid),
      type: send.type,
      sender: send.sender,
      msg_count: String(send.requested),
      mbody: send.msg,
      reserve_date: kstDateTimeOrEmpty(send.reserveAt),
      reserve_state: reserveStateOf(send),
      regdate: kstDateTime(send.acceptedAt),
    })),
    ...paging,
  };
}

const KAKAO_STATES: Record<MessageRecord['status'], string> = {
  accepted: '전송중',
  delivered: '완료',
  failed: '실패',
  reserved: '예약대기',
  cancelled: '예약취소',
  test: '연동테스트',
};

/** rslt of a failure with no carrier report (refused when taken, or no KakaoTalk): the sandbox's own code. */
const REFUSED_RESULT_CODE = 'U';

/**
 * POST /akv10/history/detail/: each KakaoTalk message of one send (mid), with its state and the report's
 * result (rslt '0' delivered; a failure's code and rslt_message). While the report is not in, msgid starts
 * with Q and rslt is empty, as on Aligo. A message's failover SMS shows in `smid`, `fstatus` (its sms_state) and
 * `freason`.
 */
export function historyDetail(call: KakaoCall): Answer {
  const account = authenticate(call);
  const { store, params } = call;
  const mid = field(params, 'mid');
  if (!mid) throw new KakaoRefusal(KAKAO_MESSAGES.historyMid);
  const send = store.findSend(mid);
  const messages = send && isKakao(send.channel) && send.userId === account.userId ? send.messages : [];
  const failovers = new Map(messages.filter((m) => m.failoverFor !== null).map((m) => [m.failoverFor, m]));
  const { page, limit } = historyPaging(params);
  const { items, ...paging } = pageOf(
    messages.filter((m) => m.channel !== 'sms'),
    page,
    limit,
  );
  return {
    code: 0,
    message: HISTORY_FOUND,
    list: items.map((m) => {
      const failover = failovers.get(m.id);
      const reported = reportedAt(m) ?? (m.status === 'failed' ? m.acceptedAt : null);
      return {
        msgid: m.status === 'accepted' ? `Q${m.id}` : m.id,
        type: m.type,
        sender: m.sender,
        phone: m.receiver,
        status: KAKAO_STATES[m.status],
        reqdate: kstDateTime(m.acceptedAt),
        sentdate: kstDateTimeOrEmpty(
          m.status === 'reserved' || m.status === 'cancelled' || m.status === 'test'
            ? null
            : (m.reserveAt ?? m.acceptedAt),
        ),
        rsltdate: kstDateTimeOrEmpty(reported),
        reportdate: kstDateTimeOrEmpty(reported),
        rslt:
          m.status === 'failed'
            ? (m.resultCode ?? REFUSED_RESULT_CODE)
            : m.status === 'delivered'
              ? (m.resultCode ?? '0')
              : '',
        rslt_message: m.status === 'failed' ? (m.failReason ?? '') : '',
        message: m.text,
        button_json: m.buttons ?? '',
        tpl_code: m.templateCode ?? '',
        senderKey: m.senderKey ?? '',
        smid: failover ? failover.id : '',
        fstatus: failover ? smsStateOf(failover) : '',
        freason: failover?.status === 'failed' ? (failover.failReason ?? '') : '',
      };
    }),
    ...paging,
  };
}
