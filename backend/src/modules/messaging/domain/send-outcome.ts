// What happened to a send, from its deliveries' statuses. Pure.

/** How many of a send's messages are in each state. */
export interface DeliveryTally {
  queued: number;
  sending: number;
  /** Taken by the gateway, its delivery report not in yet. */
  sent: number;
  delivered: number;
  failed: number;
  unknown: number;
  cancelled: number;
}

/**
 * pending: some messages have no final state yet; delivered: every message arrived; partly-failed: some arrived,
 * some did not (failed, or unknown); failed: none arrived and some failed; unknown: none arrived, none is known to
 * have failed; cancelled: the send was stopped before anything went out.
 */
export const SEND_OUTCOMES = ['pending', 'delivered', 'partly-failed', 'failed', 'unknown', 'cancelled'] as const;
export type SendOutcome = (typeof SEND_OUTCOMES)[number];

export interface SendOutcomeSummary {
  outcome: SendOutcome;
  delivered: number;
  failed: number;
  /** Not final yet: waiting to go out, going out, or waiting for the gateway's report. */
  pending: number;
  unknown: number;
  cancelled: number;
}

export function sendOutcome(tally: DeliveryTally): SendOutcomeSummary {
  const pending = tally.queued + tally.sending + tally.sent;
  const { delivered, failed, unknown, cancelled } = tally;
  const counts = { delivered, failed, pending, unknown, cancelled };
  let outcome: SendOutcome;
  if (pending > 0) outcome = 'pending';
  else if (delivered + failed + unknown === 0) outcome = cancelled > 0 ? 'cancelled' : 'pending';
  else if (failed + unknown + cancelled === 0) outcome = 'delivered';
  else if (delivered > 0) outcome = 'partly-failed';
  else outcome = failed > 0 ? 'failed' : 'unknown';
  return { outcome, ...counts };
}
