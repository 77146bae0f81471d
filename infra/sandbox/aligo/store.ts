// What the sandbox keeps: accounts with their registered senders and balance, every accepted send with each
// recipient's message, KakaoTalk tokens, intake counters and a clock that tests can move forward.
import { randomBytes } from 'node:crypto';
import {
  CARRIER_FAILURES,
  decide,
  DELIVERED_RESULT_CODE,
  deliveryModel,
  isInstant,
  type DeliveryModel,
  type DeliveryModelInput,
  type Outcome,
} from './delivery.ts';

export type Channel = 'sms' | 'friendtalk' | 'alimtalk';
export type MessageType = 'SMS' | 'LMS' | 'MMS' | 'FT' | 'FI' | 'AT';
/** accepted: sent to the carrier, its report not in yet (see delivery.ts). */
export type MessageStatus = 'accepted' | 'delivered' | 'failed' | 'reserved' | 'cancelled' | 'test';

export interface AligoAccountInput {
  /** Aligo's user_id (`userid` on the KakaoTalk API). */
  userId: string;
  /** The API key (`key` on the SMS API, `apikey` on the KakaoTalk API). */
  key: string;
  /** Registered sender numbers (발신번호); hyphens are ignored. */
  senders?: string[];
  /** KakaoTalk channel sender keys (발신프로필 키). */
  senderKeys?: string[];
  /** Balance in won; every message not sent in test mode costs UNIT_PRICES of its type. */
  points?: number;
}

export interface Account {
  userId: string;
  key: string;
  senders: Set<string>;
  senderKeys: Set<string>;
  /** Balance in tenths of a won, so that 8.4-won messages add up exactly. */
  balance: number;
}

/** Prices per message in won (Aligo's list prices, rounded), used for remain counts and KakaoTalk answers. */
export const UNIT_PRICES: Record<MessageType, number> = { SMS: 8.4, LMS: 25.9, MMS: 60, FT: 13.2, FI: 19.8, AT: 6.5 };
export const unitTenths = (type: MessageType) => Math.round(UNIT_PRICES[type] * 10);

export interface ImageInfo {
  field: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface MessageRecord {
  id: string;
  mid: string;
  channel: Channel;
  type: MessageType;
  userId: string;
  sender: string;
  receiver: string;
  name: string | null;
  title: string | null;
  text: string;
  requestedText: string;
  bytes: number | null;
  unencodable: string[];
  images: ImageInfo[];
  status: MessageStatus;
  failReason: string | null;
  testMode: boolean;
  acceptedAt: number;
  reserveAt: number | null;
  deliveredAt: number | null;
  /** When the carrier's report comes (accepted) or came (delivered, failed at the carrier); null before sending. */
  reportAt: number | null;
  /** What the report will say, decided when the message is sent; null for messages refused at intake. */
  outcome: Outcome | null;
  /** The report's result code (KakaoTalk's rslt): '0' delivered, a CARRIER_FAILURES code when failed. */
  resultCode: string | null;
  failoverFor: string | null;
  senderKey: string | null;
  templateCode: string | null;
  buttons: string | null;
}

export type SendState = 'sent' | 'reserved' | 'cancelled' | 'test';

export interface SendRecord {
  mid: string;
  channel: Channel;
  path: string;
  userId: string;
  type: MessageType;
  sender: string;
  /** The message as requested (send: msg; send_mass: msg_1), for /list/. */
  msg: string;
  title: string | null;
  requested: number;
  successCount: number;
  errorCount: number;
  testMode: boolean;
  state: SendState;
  acceptedAt: number;
  reserveAt: number | null;
  cancelledAt: number | null;
  /** Tenths of a won charged, refunded on cancellation. */
  charged: number;
  messages: MessageRecord[];
  /** Messages accepted whose report has not been read yet (0 lets the look-ups skip the send). */
  unreported: number;
}

/** A message as the inspection API shows it. */
export interface SandboxMessage {
  /** Per-recipient id (sms_list's mdid). */
  id: string;
  /** The send it belongs to (msg_id / mid). */
  mid: string;
  channel: Channel;
  type: MessageType;
  userId: string;
  sender: string;
  receiver: string;
  /** The name from destination (SMS) or recvname_N (KakaoTalk). */
  name: string | null;
  title: string | null;
  /** The final text as delivered: %고객명% substituted, unencodable characters replaced by '?'. */
  text: string;
  /** The text before unencodable characters were replaced. */
  requestedText: string;
  /** EUC-KR bytes of text (SMS, LMS, MMS). */
  bytes: number | null;
  /** Characters EUC-KR cannot carry, replaced by '?' in text. */
  unencodable: string[];
  images: ImageInfo[];
  status: MessageStatus;
  failReason: string | null;
  testMode: boolean;
  acceptedAt: string;
  reserveAt: string | null;
  deliveredAt: string | null;
  /** When the carrier's report comes (status accepted) or came. */
  reportAt: string | null;
  /** The report's result code: '0' delivered, else the failure's (CARRIER_FAILURES); null before the report. */
  resultCode: string | null;
  /** For an SMS sent in place of a KakaoTalk message (failover), that message's id. */
  failoverFor: string | null;
  senderKey: string | null;
  templateCode: string | null;
  buttons: string | null;
}

export interface SandboxSend {
  mid: string;
  channel: Channel;
  path: string;
  userId: string;
  type: MessageType;
  sender: string;
  msg: string;
  title: string | null;
  requested: number;
  successCount: number;
  errorCount: number;
  testMode: boolean;
  state: SendState;
  acceptedAt: string;
  reserveAt: string | null;
  cancelledAt: string | null;
  messageCount: number;
}

export interface IntakeStats {
  /** Gateway API requests received (outside /sandbox). */
  requests: number;
  /** Send requests that were accepted. */
  sends: number;
  /** Recipient messages accepted (success_cnt / scnt summed), test and reserved ones included. */
  messagesAccepted: number;
  firstAcceptedAt: string | null;
  lastAcceptedAt: string | null;
  /** messagesAccepted over the time from the first to the last acceptance; null before two acceptances. */
  messagesPerSecond: number | null;
  /** Accepted messages per wall-clock second, the last 120 seconds that saw any. */
  perSecond: { second: string; messages: number }[];
}

export interface MessageFilter {
  mid?: string;
  receiver?: string;
  sender?: string;
  channel?: Channel;
  status?: MessageStatus;
  type?: MessageType;
  userId?: string;
  testMode?: boolean;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export function messageView(m: MessageRecord): SandboxMessage {
  return {
    id: m.id,
    mid: m.mid,
    channel: m.channel,
    type: m.type,
    userId: m.userId,
    sender: m.sender,
    receiver: m.receiver,
    name: m.name,
    title: m.title,
    text: m.text,
    requestedText: m.requestedText,
    bytes: m.bytes,
    unencodable: m.unencodable.slice(),
    images: m.images.map((image) => ({ ...image })),
    status: m.status,
    failReason: m.failReason,
    testMode: m.testMode,
    acceptedAt: new Date(m.acceptedAt).toISOString(),
    reserveAt: iso(m.reserveAt),
    deliveredAt: iso(m.deliveredAt),
    reportAt: iso(m.reportAt),
    resultCode: m.resultCode,
    failoverFor: m.failoverFor,
    senderKey: m.senderKey,
    templateCode: m.templateCode,
    buttons: m.buttons,
  };
}

export function sendView(s: SendRecord): SandboxSend {
  return {
    mid: s.mid,
    channel: s.channel,
    path: s.path,
    userId: s.userId,
    type: s.type,
    sender: s.sender,
    msg: s.msg,
    title: s.title,
    requested: s.requested,
    successCount: s.successCount,
    errorCount: s.errorCount,
    testMode: s.testMode,
    state: s.state,
    acceptedAt: new Date(s.acceptedAt).toISOString(),
    reserveAt: iso(s.reserveAt),
    cancelledAt: iso(s.cancelledAt),
    messageCount: s.messages.length,
  };
}

export const normalizePhone = (value: string) => value.replace(/[-\s.()]/g, '');

/** Korean numbers as carriers take them: 0 then 8 to 10 digits (02-123-4567 … 010-1234-5678, 1588 numbers aside). */
export const isPhoneNumber = (value: string) => /^0\d{8,10}$/.test(value) || /^1\d{7}$/.test(value);

export function toAccount(input: AligoAccountInput): Account {
  if (!input.userId || !input.key) throw new Error('an Aligo account needs userId and key');
  return {
    userId: input.userId,
    key: input.key,
    senders: new Set((input.senders ?? []).map(normalizePhone)),
    senderKeys: new Set(input.senderKeys ?? []),
    balance: Math.round((input.points ?? 100_000_000) * 10),
  };
}

export function accountView(account: Account) {
  return {
    userId: account.userId,
    key: account.key,
    senders: [...account.senders],
    senderKeys: [...account.senderKeys],
    points: account.balance / 10,
  };
}

interface KakaoToken {
  userId: string;
  expiresAt: number;
}

export interface StoreOptions {
  accounts: AligoAccountInput[];
  nonKakaoReceivers: string[];
  maxMessages: number;
  /** The delivery model after each reset (default: every message delivered at once). */
  delivery?: DeliveryModelInput;
}

export class Store {
  accounts = new Map<string, Account>();
  sends: SendRecord[] = [];
  private byMid = new Map<string, SendRecord>();
  /** Reservations not yet due, checked when anything reads the sends. */
  private pending = new Set<SendRecord>();
  private tokens = new Map<string, KakaoToken>();
  nonKakaoReceivers = new Set<string>();
  private retained = 0;
  private nextMid = 700_000_001;
  private nextMessage = 1_000_000_001;
  private clockOffsetMs = 0;
  private stats = {
    requests: 0,
    sends: 0,
    messagesAccepted: 0,
    firstAcceptedAt: null as number | null,
    lastAcceptedAt: null as number | null,
  };
  private perSecond = new Map<number, number>();
  /** How each sent message fares at the carrier. */
  delivery!: DeliveryModel;
  /** Messages sent to each receiver since the last reset: with the seed, what makes the model's draws repeatable. */
  private sentCounts = new Map<string, number>();
  private readonly options: StoreOptions;

  constructor(options: StoreOptions) {
    this.options = options;
    this.reset();
  }

  /** Back to the options: accounts, receivers, no sends, no tokens, counters at zero, the real clock. */
  reset(): void {
    this.accounts = new Map(this.options.accounts.map((input) => [input.userId, toAccount(input)]));
    this.nonKakaoReceivers = new Set(this.options.nonKakaoReceivers.map(normalizePhone));
    this.tokens.clear();
    this.clockOffsetMs = 0;
    this.delivery = deliveryModel(this.options.delivery);
    this.clearSends();
  }

  /** Lays `input` over the current delivery model (for messages sent from now on); throws DeliveryModelError. */
  setDelivery(input: unknown): DeliveryModel {
    this.delivery = deliveryModel(input, this.delivery);
    this.sentCounts.clear();
    return this.delivery;
  }

  /** A message goes to the carrier at `sentAt`: delivered at once, or accepted until its report comes. */
  private startDelivery(send: SendRecord, message: MessageRecord, sentAt: number, instant: boolean): void {
    if (instant) {
      message.status = 'delivered';
      message.outcome = 'delivered';
      message.deliveredAt = message.reportAt = sentAt;
      message.resultCode = DELIVERED_RESULT_CODE;
      return;
    }
    const nth = this.sentCounts.get(message.receiver) ?? 0;
    this.sentCounts.set(message.receiver, nth + 1);
    const { outcome, delayMs } = decide(this.delivery, message.receiver, nth);
    message.status = 'accepted';
    message.outcome = outcome;
    message.deliveredAt = null;
    message.reportAt = sentAt + delayMs;
    send.unreported++;
  }

  /** Reads the carrier's reports that are due on the sandbox's clock into the send's messages. */
  settleReports(send: SendRecord): void {
    if (send.unreported === 0) return;
    const now = this.now();
    for (const message of send.messages) {
      if (message.status !== 'accepted' || message.reportAt === null || message.reportAt > now) continue;
      if (message.outcome === 'delivered' || message.outcome === null) {
        message.status = 'delivered';
        message.deliveredAt = message.reportAt;
        message.resultCode = DELIVERED_RESULT_CODE;
      } else {
        message.status = 'failed';
        message.failReason = CARRIER_FAILURES[message.outcome].reason;
        message.resultCode = CARRIER_FAILURES[message.outcome].resultCode;
      }
      send.unreported--;
    }
  }

  /** Forgets the sends and messages and zeroes the intake counters; accounts and balances stay. */
  clearSends(): void {
    this.sends = [];
    this.byMid.clear();
    this.pending.clear();
    this.retained = 0;
    this.stats = { requests: 0, sends: 0, messagesAccepted: 0, firstAcceptedAt: null, lastAcceptedAt: null };
    this.perSecond.clear();
    this.sentCounts.clear();
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  advanceClock(ms: number): void {
    this.clockOffsetMs += ms;
  }

  setClock(epochMs: number): void {
    this.clockOffsetMs = epochMs - Date.now();
  }

  countRequest(): void {
    this.stats.requests++;
  }

  newMid(): string {
    return String(this.nextMid++);
  }

  newMessageId(): string {
    return String(this.nextMessage++);
  }

  /** The account of a user id and key pair, or null. */
  authenticate(userId: string | undefined, key: string | undefined): Account | null {
    if (!userId || !key) return null;
    const account = this.accounts.get(userId);
    return account && account.key === key ? account : null;
  }

  upsertAccount(input: AligoAccountInput): Account {
    const existing = this.accounts.get(input.userId);
    const account = toAccount({ ...input, points: input.points ?? (existing ? existing.balance / 10 : undefined) });
    this.accounts.set(account.userId, account);
    return account;
  }

  issueToken(userId: string, lifetimeMs: number): string {
    const now = this.now();
    if (this.tokens.size > 10_000)
      for (const [token, entry] of this.tokens) if (entry.expiresAt <= now) this.tokens.delete(token);
    const token = `${randomBytes(32).toString('hex')}${Buffer.from(`${userId}:${now}`).toString('base64')}`;
    this.tokens.set(token, { userId, expiresAt: now + lifetimeMs });
    return token;
  }

  tokenValid(token: string | undefined, userId: string): boolean {
    if (!token) return false;
    const entry = this.tokens.get(token);
    return !!entry && entry.userId === userId && entry.expiresAt > this.now();
  }

  /** Stores an accepted send and counts its accepted messages into the intake. */
  addSend(send: SendRecord): void {
    send.unreported = 0;
    const instant = isInstant(this.delivery);
    for (const message of send.messages)
      if (message.status === 'delivered') this.startDelivery(send, message, message.acceptedAt, instant);
    this.settleReports(send);
    this.sends.push(send);
    this.byMid.set(send.mid, send);
    if (send.state === 'reserved') this.pending.add(send);
    this.retained += send.messages.length;
    const accepted = send.successCount;
    const now = Date.now();
    this.stats.sends++;
    this.stats.messagesAccepted += accepted;
    this.stats.firstAcceptedAt ??= now;
    this.stats.lastAcceptedAt = now;
    const second = Math.floor(now / 1000);
    this.perSecond.set(second, (this.perSecond.get(second) ?? 0) + accepted);
    if (this.perSecond.size > 120) this.perSecond.delete(this.perSecond.keys().next().value as number);
    if (this.retained > this.options.maxMessages) this.dropOldest();
  }

  /** Keeps memory bounded in long benchmarks: the oldest sends go first (counters keep counting). */
  private dropOldest(): void {
    const target = Math.floor(this.options.maxMessages * 0.9);
    let drop = 0;
    while (drop < this.sends.length - 1 && this.retained > target) {
      const send = this.sends[drop++];
      this.retained -= send.messages.length;
      this.byMid.delete(send.mid);
      this.pending.delete(send);
    }
    this.sends.splice(0, drop);
  }

  findSend(mid: string): SendRecord | undefined {
    this.settleDue();
    const send = this.byMid.get(mid);
    if (send) this.settleReports(send);
    return send;
  }

  /** Reservations whose time has come are delivered (their messages too). */
  settleDue(): void {
    if (this.pending.size === 0) return;
    const now = this.now();
    for (const send of this.pending) {
      if (send.state !== 'reserved') {
        this.pending.delete(send);
        continue;
      }
      if (send.reserveAt === null || send.reserveAt > now) continue;
      send.state = 'sent';
      const instant = isInstant(this.delivery);
      for (const message of send.messages)
        if (message.status === 'reserved') this.startDelivery(send, message, send.reserveAt, instant);
      this.settleReports(send);
      this.pending.delete(send);
    }
  }

  cancel(send: SendRecord): void {
    const now = this.now();
    send.state = 'cancelled';
    send.cancelledAt = now;
    for (const message of send.messages)
      if (message.status === 'reserved' || message.status === 'test') message.status = 'cancelled';
    this.pending.delete(send);
    const account = this.accounts.get(send.userId);
    if (account) account.balance += send.charged;
    send.charged = 0;
  }

  messages(filter: MessageFilter = {}): MessageRecord[] {
    this.settleDue();
    const receiver = filter.receiver === undefined ? undefined : normalizePhone(filter.receiver);
    const sender = filter.sender === undefined ? undefined : normalizePhone(filter.sender);
    const out: MessageRecord[] = [];
    const sends = filter.mid === undefined ? this.sends : [this.byMid.get(filter.mid)].filter((s) => s !== undefined);
    for (const send of sends) {
      if (filter.userId !== undefined && send.userId !== filter.userId) continue;
      this.settleReports(send);
      for (const m of send.messages) {
        if (receiver !== undefined && m.receiver !== receiver) continue;
        if (sender !== undefined && m.sender !== sender) continue;
        if (filter.channel !== undefined && m.channel !== filter.channel) continue;
        if (filter.status !== undefined && m.status !== filter.status) continue;
        if (filter.type !== undefined && m.type !== filter.type) continue;
        if (filter.testMode !== undefined && m.testMode !== filter.testMode) continue;
        out.push(m);
      }
    }
    return out;
  }

  intake(): IntakeStats {
    const { firstAcceptedAt, lastAcceptedAt, messagesAccepted } = this.stats;
    const span = firstAcceptedAt !== null && lastAcceptedAt !== null ? (lastAcceptedAt - firstAcceptedAt) / 1000 : 0;
    return {
      requests: this.stats.requests,
      sends: this.stats.sends,
      messagesAccepted,
      firstAcceptedAt: iso(firstAcceptedAt),
      lastAcceptedAt: iso(lastAcceptedAt),
      messagesPerSecond: span > 0 ? Math.round((messagesAccepted / span) * 10) / 10 : null,
      perSecond: [...this.perSecond].map(([second, messages]) => ({
        second: new Date(second * 1000).toISOString(),
        messages,
      })),
    };
  }
}
