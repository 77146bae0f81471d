// The spec's bulk call (POST aligo/send-mass-sms) answers as its client reads it: counts, and the reason of a
// failure in `error`.

export const BULK_MESSAGES = {
  tooFew: 'Bulk sending is only available for 2 or more recipients.',
  tooMany: 'Bulk sending is limited to a maximum of 500 recipients.',
  done: 'Sending completed.',
  continuing: 'Sending continues in the background. View Results shows how it ends.',
  /** Spec §8: the fallback when nothing names the reason. */
  failed: 'Failed to send bulk SMS.',
} as const;

export interface BulkSendState {
  id: number;
  state: string;
  counts: { sent: number; failed: number; unknown: number };
  error: string | null;
}

export interface BulkAnswer {
  success: boolean;
  data: { success_cnt: number; error_cnt: number };
  message: string;
  error: string | null;
  sendId: number;
}

/**
 * The answer for a send as it stands: the send's own error, else the first recipient's, else, when it ended with
 * nobody sent to, the spec's fallback.
 */
export function bulkAnswer(send: BulkSendState, firstFailure: string | null): BulkAnswer {
  const finished = send.state === 'completed' || send.state === 'failed';
  const errors = send.counts.failed + send.counts.unknown;
  const nobody = finished && send.counts.sent === 0;
  return {
    success: send.state !== 'failed' && send.counts.sent > 0,
    data: { success_cnt: send.counts.sent, error_cnt: errors },
    message: finished ? BULK_MESSAGES.done : BULK_MESSAGES.continuing,
    error: send.error ?? firstFailure ?? (nobody ? BULK_MESSAGES.failed : null),
    sendId: send.id,
  };
}
