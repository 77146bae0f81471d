// Faults on demand, aimed at a path and a number of requests: the failures a client of a message gateway has to
// survive without losing or doubling messages. The KakaoTalk token a client takes by itself before each send is
// hit only by a fault that names it, so that a fault aimed at KakaoTalk (`/akv10`) reaches the sends.

export const FAULT_KINDS = ['timeout', 'http_error', 'result_code', 'partial_failure', 'slow'] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export interface FaultInput {
  kind: FaultKind;
  /** `/send/`, `/akv10/friend/send/`, `/akv10` …: that path and the paths under it; every API path by default (the KakaoTalk token only when named, `/akv10/token`). */
  path?: string;
  /** Matching requests it hits (default 1; 0 = until cleared). */
  times?: number;
  /** timeout: how long the answer is held before the connection is dropped (default 30000; 0 drops at once). slow: the delay (default 3000). */
  delayMs?: number;
  /** http_error: the status (default 500). */
  status?: number;
  /** result_code: the code answered (default '-201' on SMS paths, -99 on KakaoTalk paths). */
  resultCode?: string | number;
  /** result_code: the message answered with it. */
  message?: string;
  /** partial_failure: how many recipients fail (default 1, the last ones of the request). */
  failCount?: number;
  /** partial_failure: these receivers fail instead (numbers, hyphens allowed). */
  failReceivers?: string[];
}

export interface Fault {
  id: string;
  kind: FaultKind;
  path: string | null;
  /** Requests still to hit; null = until cleared. */
  remaining: number | null;
  delayMs: number;
  status: number;
  resultCode: string | null;
  message: string | null;
  failCount: number;
  failReceivers: string[];
  hits: number;
}

export class FaultError extends Error {}

let nextFault = 1;

const stripSlash = (path: string) => (path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path);

export function parseFault(body: unknown): Fault {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new FaultError('expected a JSON object');
  const input = body as Record<string, unknown>;
  if (!FAULT_KINDS.includes(input.kind as FaultKind))
    throw new FaultError(`kind must be one of ${FAULT_KINDS.join(', ')}`);
  const kind = input.kind as FaultKind;
  if (input.path !== undefined && (typeof input.path !== 'string' || !input.path.startsWith('/')))
    throw new FaultError('path must start with /');
  const times = input.times ?? 1;
  if (typeof times !== 'number' || !Number.isInteger(times) || times < 0)
    throw new FaultError('times must be a whole number (0 = until cleared)');
  const delayMs = input.delayMs ?? (kind === 'timeout' ? 30_000 : kind === 'slow' ? 3000 : 0);
  if (typeof delayMs !== 'number' || !Number.isFinite(delayMs) || delayMs < 0 || delayMs > 600_000)
    throw new FaultError('delayMs must be between 0 and 600000');
  const status = input.status ?? 500;
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 400 || status > 599)
    throw new FaultError('status must be an HTTP error status (400-599)');
  const resultCode = input.resultCode ?? null;
  if (resultCode !== null && !/^-?\d+$/.test(String(resultCode)))
    throw new FaultError('resultCode must be a whole number such as -201');
  if (input.message !== undefined && typeof input.message !== 'string')
    throw new FaultError('message must be a string');
  const failCount = input.failCount ?? 1;
  if (typeof failCount !== 'number' || !Number.isInteger(failCount) || failCount < 1)
    throw new FaultError('failCount must be a whole number from 1');
  const failReceivers = input.failReceivers ?? [];
  if (!Array.isArray(failReceivers) || failReceivers.some((r) => typeof r !== 'string'))
    throw new FaultError('failReceivers must be a list of phone numbers');
  return {
    id: `fault-${nextFault++}`,
    kind,
    path: typeof input.path === 'string' ? stripSlash(input.path) : null,
    remaining: times === 0 ? null : times,
    delayMs,
    status,
    resultCode: resultCode === null ? null : String(resultCode),
    message: (input.message as string | undefined) ?? null,
    failCount,
    failReceivers: (failReceivers as string[]).map((r) => r.replace(/[-\s]/g, '')),
    hits: 0,
  };
}

const TOKEN_PATH = '/akv10/token';

function applies(fault: Fault, path: string, isSend: boolean): boolean {
  if (fault.kind === 'partial_failure' && !isSend) return false;
  if (path.startsWith(`${TOKEN_PATH}/`) && !fault.path?.startsWith(TOKEN_PATH)) return false;
  return fault.path === null || path === fault.path || path.startsWith(`${fault.path}/`);
}

/** Takes the faults for one request: at most one delay (slow) and one other fault, each counting a hit. */
export function takeFaults(
  faults: Fault[],
  path: string,
  isSend: boolean,
): { delay: Fault | null; action: Fault | null } {
  let delay: Fault | null = null;
  let action: Fault | null = null;
  for (const fault of faults) {
    if (fault.kind === 'slow' ? delay : action) continue;
    if (!applies(fault, path, isSend)) continue;
    if (fault.kind === 'slow') delay = fault;
    else action = fault;
  }
  for (const fault of [delay, action]) {
    if (!fault) continue;
    fault.hits++;
    if (fault.remaining !== null) fault.remaining--;
  }
  if (delay?.remaining === 0 || action?.remaining === 0) {
    for (let i = faults.length - 1; i >= 0; i--) if (faults[i].remaining === 0) faults.splice(i, 1);
  }
  return { delay, action };
}
