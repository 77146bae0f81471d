// What becomes of a message after the gateway took it: the carrier (or KakaoTalk) reports it delivered or failed
// some time later. The delivery model decides each message's outcome and the delay of its report, from a seed,
// the receiver and how many messages that receiver got before, so that a run with the same seed and the same
// sends gets the same results whatever else runs beside it.
import { createHash, randomInt } from 'node:crypto';

/** The carriers' failure reasons, in the plain words a result page shows, with the result code the sandbox answers. */
export const CARRIER_FAILURES = {
  no_such_number: { reason: '결번', resultCode: '2' },
  opted_out: { reason: '수신거부', resultCode: '3' },
  unreachable: { reason: '전원 꺼짐/수신불가', resultCode: '4' },
  spam_blocked: { reason: '스팸 차단', resultCode: '5' },
  other: { reason: '기타', resultCode: '9' },
} as const;
export type CarrierFailure = keyof typeof CARRIER_FAILURES;
export const CARRIER_FAILURE_CODES = Object.keys(CARRIER_FAILURES) as CarrierFailure[];

/** The result code of a delivered message (KakaoTalk's rslt). */
export const DELIVERED_RESULT_CODE = '0';

export type Outcome = 'delivered' | CarrierFailure;

/** How often each reason comes up among failures: power off and out of reach first, as on real sends. */
export const DEFAULT_FAILURE_WEIGHTS: Record<CarrierFailure, number> = {
  unreachable: 40,
  no_such_number: 25,
  spam_blocked: 15,
  opted_out: 10,
  other: 10,
};

export interface DeliveryModelInput {
  /** Share of messages that fail at the carrier, 0 to 1 (default 0). */
  failureRate?: number;
  /** How long after it is sent (accepted, or its reservation's time) a message's report comes (default 0: at once). */
  delayMs?: number;
  /** Up to this much more, per message (default 0). */
  jitterMs?: number;
  /** Same seed, same sends: same outcomes and delays. Null picks a random seed. */
  seed?: number | null;
  /** Relative weights of the failure reasons (default DEFAULT_FAILURE_WEIGHTS); a reason left out never comes up. */
  failureWeights?: Partial<Record<CarrierFailure, number>>;
  /** Fixed outcomes per receiver (hyphens ignored), whatever the rate says: 'delivered' or a failure reason. */
  outcomes?: Record<string, Outcome>;
}

export interface DeliveryModel {
  failureRate: number;
  delayMs: number;
  jitterMs: number;
  seed: number;
  failureWeights: Record<CarrierFailure, number>;
  outcomes: Record<string, Outcome>;
}

export class DeliveryModelError extends Error {}

const MAX_DELAY_MS = 30 * 24 * 3600_000;

function nonNegative(value: unknown, name: string, max: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > max)
    throw new DeliveryModelError(`${name} must be a number from 0 to ${max}`);
  return value;
}

/** The model after `input` is laid over `base` (fields left out keep their value); throws DeliveryModelError on bad input. */
export function deliveryModel(input: unknown, base?: DeliveryModel): DeliveryModel {
  if (input === undefined || input === null) input = {};
  if (typeof input !== 'object' || Array.isArray(input)) throw new DeliveryModelError('expected a JSON object');
  const given = input as Record<string, unknown>;
  const known = ['failureRate', 'delayMs', 'jitterMs', 'seed', 'failureWeights', 'outcomes'];
  const unknown = Object.keys(given).find((key) => !known.includes(key));
  if (unknown) throw new DeliveryModelError(`unknown field ${unknown}; expected ${known.join(', ')}`);

  const failureRate =
    given.failureRate === undefined ? (base?.failureRate ?? 0) : nonNegative(given.failureRate, 'failureRate', 1);
  const delayMs =
    given.delayMs === undefined ? (base?.delayMs ?? 0) : nonNegative(given.delayMs, 'delayMs', MAX_DELAY_MS);
  const jitterMs =
    given.jitterMs === undefined ? (base?.jitterMs ?? 0) : nonNegative(given.jitterMs, 'jitterMs', MAX_DELAY_MS);
  let seed: number;
  if (given.seed === undefined) seed = base?.seed ?? randomInt(2 ** 31);
  else if (given.seed === null) seed = randomInt(2 ** 31);
  else if (typeof given.seed === 'number' && Number.isInteger(given.seed)) seed = given.seed;
  else throw new DeliveryModelError('seed must be a whole number or null');

  let failureWeights = base?.failureWeights ?? DEFAULT_FAILURE_WEIGHTS;
  if (given.failureWeights !== undefined) {
    const weights = given.failureWeights;
    if (!weights || typeof weights !== 'object' || Array.isArray(weights))
      throw new DeliveryModelError('failureWeights must be an object of reason: weight');
    const parsed = Object.fromEntries(CARRIER_FAILURE_CODES.map((code) => [code, 0])) as Record<CarrierFailure, number>;
    for (const [code, weight] of Object.entries(weights)) {
      if (!(code in CARRIER_FAILURES))
        throw new DeliveryModelError(`failureWeights: ${code} is not one of ${CARRIER_FAILURE_CODES.join(', ')}`);
      parsed[code as CarrierFailure] = nonNegative(weight, `failureWeights.${code}`, 1_000_000);
    }
    if (Object.values(parsed).every((weight) => weight === 0))
      throw new DeliveryModelError('failureWeights must give at least one reason a weight');
    failureWeights = parsed;
  }

  let outcomes = base?.outcomes ?? {};
  if (given.outcomes !== undefined) {
    if (!given.outcomes || typeof given.outcomes !== 'object' || Array.isArray(given.outcomes))
      throw new DeliveryModelError('outcomes must be an object of receiver: outcome');
    outcomes = {};
    for (const [receiver, outcome] of Object.entries(given.outcomes)) {
      if (outcome !== 'delivered' && !(typeof outcome === 'string' && outcome in CARRIER_FAILURES)) {
        throw new DeliveryModelError(
          `outcomes.${receiver} must be delivered or one of ${CARRIER_FAILURE_CODES.join(', ')}`,
        );
      }
      outcomes[receiver.replace(/[-\s.()]/g, '')] = outcome as Outcome;
    }
  }
  return { failureRate, delayMs, jitterMs, seed, failureWeights, outcomes };
}

/** True when every message is delivered at once: the sandbox then skips the model altogether (benchmarks). */
export const isInstant = (model: DeliveryModel) =>
  model.failureRate === 0 && model.delayMs === 0 && model.jitterMs === 0 && Object.keys(model.outcomes).length === 0;

/** Three numbers in [0, 1) drawn from the seed, the receiver and its count of earlier messages. */
function draws(seed: number, receiver: string, nth: number): [number, number, number] {
  const digest = createHash('sha256').update(`${seed}:${receiver}:${nth}`).digest();
  const at = (offset: number) => digest.readUInt32BE(offset) / 2 ** 32;
  return [at(0), at(4), at(8)];
}

/** The outcome and report delay of a receiver's nth message (counted from 0 since the last reset). */
export function decide(model: DeliveryModel, receiver: string, nth: number): { outcome: Outcome; delayMs: number } {
  const [failDraw, reasonDraw, jitterDraw] = draws(model.seed, receiver, nth);
  const delayMs = Math.round(model.delayMs + model.jitterMs * jitterDraw);
  const fixed = model.outcomes[receiver];
  if (fixed) return { outcome: fixed, delayMs };
  if (failDraw >= model.failureRate) return { outcome: 'delivered', delayMs };
  const total = CARRIER_FAILURE_CODES.reduce((sum, code) => sum + model.failureWeights[code], 0);
  let pick = reasonDraw * total;
  for (const code of CARRIER_FAILURE_CODES) {
    pick -= model.failureWeights[code];
    if (pick < 0) return { outcome: code, delayMs };
  }
  // Rounding can leave pick at 0 after the last reason: the last one with a weight takes it.
  return { outcome: CARRIER_FAILURE_CODES.findLast((code) => model.failureWeights[code] > 0) ?? 'other', delayMs };
}
