import { formatKoreanDateTime } from '@job-casting/rules';
import { FINISHED_SEND_STATES } from '../api/message-sends.ts';
import type { MessageSend } from '../api/messaging-types.ts';
import { SEND_CANCELLED } from './send-labels.ts';

/** What the results dialog says about a send (spec §2: success and failure counts, and a message). */
export interface SendOutcome {
  success: number;
  failure: number;
  message: string;
}

/** Failure counts every message that did not go out: refused, of unknown fate, or cancelled. */
export function outcomeOf(send: MessageSend): SendOutcome {
  const { sent, failed, unknown, cancelled } = send.counts;
  const failure = failed + unknown + cancelled;
  if (send.state === 'scheduled') {
    return { success: 0, failure: 0, message: `Scheduled for ${formatKoreanDateTime(send.scheduledAt!)} (Korean time): ${send.total} message(s) will be sent then.` };
  }
  if (send.state === 'failed') return { success: sent, failure, message: send.error ?? 'Unknown error occurred during SMS sending.' };
  if (send.state === 'cancelled') return { success: sent, failure, message: SEND_CANCELLED };
  if (!FINISHED_SEND_STATES.includes(send.state)) {
    return { success: sent, failure, message: 'Sending continues in the background; View Results shows how it ends.' };
  }
  return { success: sent, failure, message: 'Sending completed.' };
}
