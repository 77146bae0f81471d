// The gap between two e-mails of one account, so that Gmail's per-minute limits are never hit: the configured gap
// plus up to a quarter of it at random, so that the sends do not tick like a machine. Pure.

/** The share of the gap added at random, at most. */
export const GAP_JITTER = 0.25;

/** When the account's next e-mail may go after its last one; `random` is in [0, 1). */
export function nextPacedSendAt(lastSentAt: Date | null, gapMs: number, random: number): Date | null {
  if (!lastSentAt || gapMs <= 0) return null;
  return new Date(lastSentAt.getTime() + Math.round(gapMs * (1 + GAP_JITTER * random)));
}
