// A local Aligo: the SMS API of apis.aligo.in and the KakaoTalk API of kakaoapi.aligo.in on one port, with the
// real parameters, limits, answer shapes and result codes. It records every message for inspection, injects
// faults on demand, and counts its own intake, from code and over HTTP under /sandbox. See README.md.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { FaultError, parseFault, takeFaults, type Fault, type FaultInput } from './faults.ts';
import {
  BadRequestError,
  MAX_BODY_BYTES,
  readJson,
  readParams,
  sendJson,
  sendServerErrorPage,
  sendText,
} from './http.ts';
import { DeliveryModelError, type DeliveryModel, type DeliveryModelInput } from './delivery.ts';
import {
  createToken,
  historyDetail,
  historyList,
  KAKAO_MESSAGES,
  kakaoSend,
  runKakao,
  type KakaoCall,
} from './kakao.ts';
import { runSms, SMS_RESULT_CODES, SMS_ROUTES, SMS_SEND_PATHS, type SmsCall } from './sms.ts';
import {
  accountView,
  messageView,
  normalizePhone,
  sendView,
  Store,
  type AligoAccountInput,
  type Channel,
  type IntakeStats,
  type MessageFilter,
  type MessageStatus,
  type SandboxMessage,
  type SandboxSend,
  type SendState,
} from './store.ts';

export type {
  AligoAccountInput,
  Channel,
  IntakeStats,
  MessageFilter,
  MessageStatus,
  MessageType,
  SandboxMessage,
  SandboxSend,
  SendState,
} from './store.ts';
export type { Fault, FaultInput, FaultKind } from './faults.ts';
export { FAULT_KINDS } from './faults.ts';
export { UNIT_PRICES } from './store.ts';
export type { CarrierFailure, DeliveryModel, DeliveryModelInput, Outcome } from './delivery.ts';
export { CARRIER_FAILURES, CARRIER_FAILURE_CODES, DEFAULT_FAILURE_WEIGHTS } from './delivery.ts';
export { SMS_RESULT_CODES } from './sms.ts';
export { HISTORY_FOUND, KAKAO_MESSAGES, KAKAO_SUCCESS, TOKEN_CREATED } from './kakao.ts';

/** The seeded account: the user id and key the back end is configured with when it uses the sandbox. */
export const SANDBOX_USER_ID = 'jobcasting';
export const SANDBOX_API_KEY = 'jcsandbox7k2m9q4w8e1r5t3y6u0i2o4p';
/** Registered sender numbers of the seeded account (02-1234-5678, 010-9876-5432). */
export const SANDBOX_SENDERS = ['0212345678', '01098765432'];
/** The seeded account's KakaoTalk channel sender key. */
export const SANDBOX_SENDER_KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';
/** A receiver that is not reachable on KakaoTalk (no KakaoTalk, or not a friend of the channel). */
export const SANDBOX_NON_KAKAO_RECEIVER = '01055550000';

export const SANDBOX_ACCOUNT: AligoAccountInput = {
  userId: SANDBOX_USER_ID,
  key: SANDBOX_API_KEY,
  senders: SANDBOX_SENDERS,
  senderKeys: [SANDBOX_SENDER_KEY],
  points: 100_000_000,
};

export interface AligoSandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default [SANDBOX_ACCOUNT]. */
  accounts?: AligoAccountInput[];
  /** Numbers KakaoTalk cannot reach (they fail, and fail over to SMS when asked). Default [SANDBOX_NON_KAKAO_RECEIVER]. */
  nonKakaoReceivers?: string[];
  /** Characters EUC-KR cannot carry: 'replace' by '?' as Aligo does (default), or 'reject' the send with -111. */
  unencodable?: 'replace' | 'reject';
  /** Messages kept for inspection; the oldest sends are forgotten beyond it (counters go on). Default 500,000. */
  maxMessages?: number;
  /**
   * What becomes of each message once sent: the share that fails at the carrier, how long the report takes, a
   * seed for repeatable runs, fixed outcomes per receiver. Default: every message delivered at once.
   */
  delivery?: DeliveryModelInput;
  /** One line per request and per control action; silent when omitted. */
  log?: (line: string) => void;
}

export interface SendFilter {
  channel?: Channel;
  userId?: string;
  state?: SendState;
}

export interface AccountView {
  userId: string;
  key: string;
  senders: string[];
  senderKeys: string[];
  points: number;
}

export interface AligoSandbox {
  /** e.g. `http://127.0.0.1:4020`, without a trailing slash: the base URL of both the SMS and the KakaoTalk API. */
  url: string;
  port: number;
  close(): Promise<void>;
  /** Every recorded recipient message, in the order accepted (a KakaoTalk failover SMS right after its message). */
  messages(filter?: MessageFilter): SandboxMessage[];
  sends(filter?: SendFilter): SandboxSend[];
  /** One send with its messages. */
  send(mid: string): (SandboxSend & { messages: SandboxMessage[] }) | undefined;
  stats(): IntakeStats;
  /** Back to the options: accounts, balances, receivers, clock; no sends, tokens or faults. */
  reset(): void;
  /** Forgets sends and messages and zeroes the intake counters (accounts, balances and faults stay). */
  clearMessages(): void;
  setFault(fault: FaultInput): Fault;
  faults(): Fault[];
  clearFaults(): void;
  /** Adds or replaces an account (its balance is kept when points is left out). */
  setAccount(account: AligoAccountInput): void;
  accounts(): AccountView[];
  setNonKakaoReceivers(numbers: string[]): void;
  /** Moves the sandbox's clock (reservations come due, cancellations run out of time). */
  advanceClock(ms: number): void;
  setClock(now: Date | string | number): void;
  now(): Date;
  /** Lays `input` over the delivery model, for messages sent from now on (throws on bad input). */
  setDelivery(input: DeliveryModelInput): DeliveryModel;
  delivery(): DeliveryModel;
}

const KAKAO_SEND_PATHS: Record<string, 'friendtalk' | 'alimtalk'> = {
  '/akv10/friend/send': 'friendtalk',
  '/akv10/alimtalk/send': 'alimtalk',
};

const KAKAO_HISTORY_ROUTES: Record<string, (call: KakaoCall) => Record<string, unknown>> = {
  '/akv10/history/list': historyList,
  '/akv10/history/detail': historyDetail,
};

const isKakaoPath = (path: string) => path.startsWith('/akv10/');
const isSendPath = (path: string) => SMS_SEND_PATHS.has(path) || path in KAKAO_SEND_PATHS;

const MESSAGE_STATUSES: MessageStatus[] = ['accepted', 'delivered', 'failed', 'reserved', 'cancelled', 'test'];
const CHANNELS: Channel[] = ['sms', 'friendtalk', 'alimtalk'];
const SEND_STATES: SendState[] = ['sent', 'reserved', 'cancelled', 'test'];

class ControlError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

function oneOf<T extends string>(value: string | null, allowed: readonly T[], name: string): T | undefined {
  if (value === null || value === '') return undefined;
  if (!allowed.includes(value as T)) throw new ControlError(400, `${name} must be one of ${allowed.join(', ')}`);
  return value as T;
}

function messageFilterOf(query: URLSearchParams): MessageFilter {
  const testMode = query.get('testMode');
  return {
    mid: query.get('mid') ?? undefined,
    receiver: query.get('receiver') ?? undefined,
    sender: query.get('sender') ?? undefined,
    userId: query.get('userId') ?? undefined,
    channel: oneOf(query.get('channel'), CHANNELS, 'channel'),
    status: oneOf(query.get('status'), MESSAGE_STATUSES, 'status'),
    type: oneOf(query.get('type'), ['SMS', 'LMS', 'MMS', 'FT', 'FI', 'AT'] as const, 'type'),
    testMode: testMode === null || testMode === '' ? undefined : testMode === 'true',
  };
}

function page<T>(items: T[], query: URLSearchParams): T[] {
  const offset = Math.max(0, Number(query.get('offset')) || 0);
  const limit = query.get('limit') === null ? items.length : Math.max(0, Number(query.get('limit')) || 0);
  return items.slice(offset, offset + limit);
}

function accountInput(value: unknown): AligoAccountInput {
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new ControlError(400, 'expected an account object');
  const input = value as Record<string, unknown>;
  if (typeof input.userId !== 'string' || !input.userId || typeof input.key !== 'string' || !input.key)
    throw new ControlError(400, 'userId and key are required');
  const list = (name: string) => {
    const items = input[name];
    if (items === undefined) return undefined;
    if (!Array.isArray(items) || items.some((i) => typeof i !== 'string'))
      throw new ControlError(400, `${name} must be a list of strings`);
    return items as string[];
  };
  if (
    input.points !== undefined &&
    (typeof input.points !== 'number' || !Number.isFinite(input.points) || input.points < 0)
  )
    throw new ControlError(400, 'points must be a number from 0');
  return {
    userId: input.userId,
    key: input.key,
    senders: list('senders'),
    senderKeys: list('senderKeys'),
    points: input.points as number | undefined,
  };
}

export async function startAligoSandbox(options: AligoSandboxOptions = {}): Promise<AligoSandbox> {
  const log = options.log;
  const unencodable = options.unencodable ?? 'replace';
  const store = new Store({
    accounts: options.accounts ?? [SANDBOX_ACCOUNT],
    nonKakaoReceivers: options.nonKakaoReceivers ?? [SANDBOX_NON_KAKAO_RECEIVER],
    maxMessages: options.maxMessages ?? 500_000,
    delivery: options.delivery,
  });
  let faults: Fault[] = [];
  /** Held answers (slow and timeout faults), run at once when the sandbox closes. */
  const timers = new Map<NodeJS.Timeout, () => void>();
  let closing = false;

  const later = (ms: number, run: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      run();
    }, ms);
    timers.set(timer, run);
  };

  function addFault(input: unknown): Fault {
    const fault = parseFault(input);
    faults.push(fault);
    log?.(`fault: ${fault.kind} on ${fault.path ?? 'every path'} (${fault.remaining ?? 'until cleared'})`);
    return fault;
  }

  // --- The gateway --------------------------------------------------------------------------------------------

  function answerFault(res: ServerResponse, path: string, fault: Fault): void {
    if (fault.kind === 'http_error') return sendServerErrorPage(res, fault.status);
    if (isKakaoPath(path)) {
      sendJson(res, 200, { code: Number(fault.resultCode ?? -99), message: fault.message ?? KAKAO_MESSAGES.points });
      return;
    }
    const code = fault.resultCode ?? '-201';
    sendJson(res, 200, {
      result_code: code,
      message: fault.message ?? SMS_RESULT_CODES[code as keyof typeof SMS_RESULT_CODES] ?? '기타오류',
    });
  }

  function gatewayAnswer(path: string, call: SmsCall & KakaoCall): Record<string, unknown> | null {
    const sms = SMS_ROUTES[path];
    if (sms) return runSms(sms, call);
    const channel = KAKAO_SEND_PATHS[path];
    if (channel) return runKakao(() => kakaoSend(call, channel));
    const history = KAKAO_HISTORY_ROUTES[path];
    if (history) return runKakao(() => history(call));
    const token = /^\/akv10\/token\/create\/([^/]+)(?:\/([^/]+))?$/.exec(path);
    if (token) return runKakao(() => createToken(call, token[1], token[2]));
    return null;
  }

  async function gateway(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    search: string,
    body: Buffer,
  ): Promise<void> {
    store.countRequest();
    const { delay, action } = takeFaults(faults, path, isSendPath(path));
    if (delay) {
      await new Promise<void>((resolve) => later(delay.delayMs, resolve));
      if (closing) return;
    }
    if (action && (action.kind === 'http_error' || action.kind === 'result_code'))
      return answerFault(res, path, action);
    let params;
    try {
      params = readParams(search, String(req.headers['content-type'] ?? ''), body);
    } catch (error) {
      if (error instanceof BadRequestError) return sendServerErrorPage(res, 400);
      throw error;
    }
    const call = { store, path, params, partial: action?.kind === 'partial_failure' ? action : null, unencodable };
    const answer = gatewayAnswer(path, call);
    if (!answer) return sendServerErrorPage(res, 404);
    if (action?.kind === 'timeout') {
      // The gateway has taken the request (and the messages); the client never hears so.
      log?.(`fault: timeout on ${path}, dropping the connection after ${action.delayMs} ms`);
      later(action.delayMs, () => res.destroy());
      return;
    }
    sendJson(res, 200, answer);
  }

  // --- Inspection and control ---------------------------------------------------------------------------------

  function control(req: IncomingMessage, res: ServerResponse, path: string, search: string, body: Buffer): void {
    const method = req.method ?? 'GET';
    const query = new URLSearchParams(search);
    let parts: string[];
    try {
      parts = path.split('/').slice(2).map(decodeURIComponent);
    } catch {
      throw new ControlError(400, 'bad path encoding');
    }
    const [section, id] = parts;
    const json = (status: number, value: unknown) => sendJson(res, status, value);

    if (!section && method === 'GET') {
      return json(200, {
        now: new Date(store.now()).toISOString(),
        accounts: [...store.accounts.values()].map(accountView),
        nonKakaoReceivers: [...store.nonKakaoReceivers],
        stats: store.intake(),
        faults,
        delivery: store.delivery,
        sends: store.sends.length,
      });
    }
    if (section === 'messages' && !id && method === 'GET') {
      const all = store.messages(messageFilterOf(query));
      return json(200, { total: all.length, messages: page(all, query).map(messageView) });
    }
    if (section === 'messages' && !id && method === 'DELETE') {
      const deleted = store.messages().length;
      store.clearSends();
      return json(200, { deleted });
    }
    if (section === 'sends' && !id && method === 'GET') {
      const all = filterSends({
        channel: oneOf(query.get('channel'), CHANNELS, 'channel'),
        userId: query.get('userId') ?? undefined,
        state: oneOf(query.get('state'), SEND_STATES, 'state'),
      });
      return json(200, { total: all.length, sends: page(all, query) });
    }
    if (section === 'sends' && id && parts.length === 2 && method === 'GET') {
      const found = sendWithMessages(id);
      return found ? json(200, found) : json(404, { error: `no send ${id}` });
    }
    if (section === 'stats' && !id && method === 'GET') return json(200, store.intake());
    if (section === 'faults' && !id && method === 'GET') return json(200, faults);
    if (section === 'faults' && !id && method === 'POST') {
      const fault = addFault(readJson(body));
      return json(201, { id: fault.id, fault });
    }
    if (section === 'faults' && !id && method === 'DELETE') {
      const deleted = faults.length;
      faults = [];
      return json(200, { deleted });
    }
    if (section === 'faults' && id && method === 'DELETE') {
      const before = faults.length;
      faults = faults.filter((f) => f.id !== id);
      return before === faults.length ? json(404, { error: 'no such fault' }) : json(200, { deleted: 1 });
    }
    if (section === 'accounts' && !id && method === 'GET')
      return json(200, [...store.accounts.values()].map(accountView));
    if (section === 'accounts' && !id && (method === 'POST' || method === 'PUT')) {
      return json(200, accountView(store.upsertAccount(accountInput(readJson(body)))));
    }
    if (section === 'non-kakao-receivers' && !id && method === 'GET')
      return json(200, { numbers: [...store.nonKakaoReceivers] });
    if (section === 'non-kakao-receivers' && !id && method === 'PUT') {
      const numbers = (readJson(body) as { numbers?: unknown } | undefined)?.numbers;
      if (!Array.isArray(numbers) || numbers.some((n) => typeof n !== 'string'))
        throw new ControlError(400, 'numbers must be a list of phone numbers');
      store.nonKakaoReceivers = new Set((numbers as string[]).map(normalizePhone));
      return json(200, { numbers: [...store.nonKakaoReceivers] });
    }
    if (section === 'clock' && !id && method === 'GET') return json(200, { now: new Date(store.now()).toISOString() });
    if (section === 'clock' && !id && method === 'POST') {
      const input = (readJson(body) ?? {}) as { advanceMs?: unknown; now?: unknown };
      if (typeof input.advanceMs === 'number' && Number.isFinite(input.advanceMs)) store.advanceClock(input.advanceMs);
      else if (typeof input.now === 'string' || typeof input.now === 'number') setClock(input.now);
      else throw new ControlError(400, 'expected {advanceMs} or {now}');
      return json(200, { now: new Date(store.now()).toISOString() });
    }
    if (section === 'delivery' && !id && method === 'GET') return json(200, store.delivery);
    if (section === 'delivery' && !id && (method === 'PUT' || method === 'POST'))
      return json(200, setDelivery(readJson(body)));
    if (section === 'reset' && !id && method === 'POST') {
      reset();
      return json(200, { ok: true });
    }
    json(404, { error: `no sandbox route ${method} ${path}` });
  }

  function filterSends(filter: SendFilter): SandboxSend[] {
    store.settleDue();
    return store.sends
      .filter(
        (s) =>
          (filter.channel === undefined || s.channel === filter.channel) &&
          (filter.userId === undefined || s.userId === filter.userId) &&
          (filter.state === undefined || s.state === filter.state),
      )
      .map(sendView);
  }

  function sendWithMessages(mid: string) {
    const found = store.findSend(mid);
    return found ? { ...sendView(found), messages: found.messages.map(messageView) } : undefined;
  }

  function setClock(now: Date | string | number): void {
    const ms = now instanceof Date ? now.getTime() : typeof now === 'number' ? now : Date.parse(now);
    if (!Number.isFinite(ms)) throw new ControlError(400, 'now must be a date');
    store.setClock(ms);
  }

  function setDelivery(input: unknown): DeliveryModel {
    const model = store.setDelivery(input);
    log?.(
      `delivery: ${model.failureRate * 100}% failing, reports after ${model.delayMs}+${model.jitterMs} ms, seed ${model.seed}`,
    );
    return { ...model };
  }

  function reset(): void {
    store.reset();
    faults = [];
    log?.('sandbox: reset');
  }

  // --- Dispatch -------------------------------------------------------------------------------------------------

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer): Promise<void> {
    const url = req.url ?? '/';
    const queryAt = url.indexOf('?');
    const rawPath = queryAt < 0 ? url : url.slice(0, queryAt);
    const search = queryAt < 0 ? '' : url.slice(queryAt);
    // Aligo's paths end in a slash; clients call them with and without it.
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    try {
      if (path === '/sandbox' || path.startsWith('/sandbox/')) return control(req, res, path, search, body);
      if (path === '/' && req.method === 'GET') {
        res.writeHead(302, { location: '/sandbox', 'content-length': 0 });
        res.end();
        return;
      }
      await gateway(req, res, path, search, body);
    } catch (error) {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof ControlError) return sendJson(res, error.status, { error: error.message });
      if (error instanceof FaultError || error instanceof BadRequestError || error instanceof DeliveryModelError)
        return sendJson(res, 400, { error: error.message });
      log?.(`error: ${(error as Error).stack ?? String(error)}`);
      sendServerErrorPage(res, 500);
    }
  }

  const server = createServer((req, res) => {
    if (log) {
      const started = performance.now();
      res.on('finish', () =>
        log(`${req.method} ${req.url} ${res.statusCode} ${Math.round(performance.now() - started)}ms`),
      );
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      if (tooLarge) return;
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        tooLarge = true;
        res.setHeader('connection', 'close');
        sendText(res, 413, 'text/plain; charset=utf-8', 'Request Entity Too Large');
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (!tooLarge) void handle(req, res, chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
    });
  });
  // Benchmarks keep connections open between bursts.
  server.keepAliveTimeout = 65_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const urlHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;

  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        closing = true;
        for (const [timer, run] of timers) {
          clearTimeout(timer);
          run();
        }
        timers.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
    messages: (filter) => store.messages(filter).map(messageView),
    sends: (filter = {}) => filterSends(filter),
    send: (mid) => sendWithMessages(mid),
    stats: () => store.intake(),
    reset,
    clearMessages: () => store.clearSends(),
    setFault: (fault) => ({ ...addFault(fault) }),
    faults: () => faults.map((f) => ({ ...f })),
    clearFaults: () => {
      faults = [];
    },
    setAccount: (account) => {
      store.upsertAccount(account);
    },
    accounts: () => [...store.accounts.values()].map(accountView),
    setNonKakaoReceivers: (numbers) => {
      store.nonKakaoReceivers = new Set(numbers.map(normalizePhone));
    },
    advanceClock: (ms) => store.advanceClock(ms),
    setClock,
    now: () => new Date(store.now()),
    setDelivery: (input) => setDelivery(input),
    delivery: () => ({ ...store.delivery }),
  };
}
