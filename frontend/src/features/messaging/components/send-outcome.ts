import { formatKoreanDateTime } from '@job-casting/rules';
import { FINISHED_SEND_STATES } from '../api/message-sends.ts';
import type { MessageSend } from '../api/messaging-types.ts';
import {
  SEND_CANCELLED,
  SEND_OUTCOME_LABELS,
  SEND_OUTCOME_TONES,
  SEND_STATE_LABELS,
  SEND_STATE_TONES,
  type Tone,
} from './send-labels.ts';
import { countOf } from '../../../lib/count-words.ts';

/** What the results dialog says about a send (spec §2: success and failure counts, and a message). */
export interface SendOutcome {
  /** The send, for Resend failed. */
  sendId: number;
  channel: MessageSend['channel'];
  success: number;
  failure: number;
  /** Messages that failed for good: what Resend failed sends again. */
  failed: number;
  message: string;
  /** The send's state as the results show it: how it went out, then what became of its messages. */
  badge: SendBadge;
}

export interface SendBadge {
  label: string;
  tone: Tone;
}

/**
 * The one word a send is shown with. While it has not gone out, its state (Scheduled, Queued, Sending, Cancelled);
 * once it has, what became of its messages (Awaiting reports, Delivered, Partly failed, Failed, Unknown), so that
 * a send with failures never reads as done.
 */
export function sendBadge(send: Pick<MessageSend, 'state' | 'outcome'>): SendBadge {
  if (send.state === 'completed' || send.state === 'failed') {
    return { label: SEND_OUTCOME_LABELS[send.outcome], tone: SEND_OUTCOME_TONES[send.outcome] };
  }
  return { label: SEND_STATE_LABELS[send.state], tone: SEND_STATE_TONES[send.state] };
}

/** The counts of a send's results, with what is still awaited. */
export function resultCounts(send: Pick<MessageSend, 'counts'>): string {
  const { queued, sending, sent, delivered, failed, unknown, cancelled } = send.counts;
  return [
    `Delivered ${delivered}`,
    `Failed ${failed}`,
    ...(sent > 0 ? [`Awaiting report ${sent}`] : []),
    ...(queued + sending > 0 ? [`Waiting ${queued + sending}`] : []),
    ...(unknown > 0 ? [`Unknown ${unknown}`] : []),
    ...(cancelled > 0 ? [`Cancelled ${cancelled}`] : []),
  ].join(' · ');
}

/** What a send that has gone out says of its messages, from its outcome. */
function outcomeMessage(send: MessageSend): string {
  const { delivered, failed, unknown } = send.outcomeCounts;
  const taken = send.counts.sent + delivered;
  switch (send.outcome) {
    case 'pending':
      return `The gateway took ${countOf(taken, 'message')}${failed > 0 ? ` and refused ${failed}` : ''}; whether each arrives shows on the results page as the delivery reports come in.`;
    case 'delivered':
      return `Every message was delivered (${delivered}).`;
    case 'partly-failed':
      return `Not every message arrived: ${delivered} delivered, ${failed} failed${unknown > 0 ? `, ${unknown} unknown` : ''}.`;
    case 'failed':
      return `None of the messages arrived: ${failed} failed${unknown > 0 ? `, ${unknown} unknown` : ''}.`;
    case 'unknown':
      return `The gateway could not say whether the ${countOf(unknown, 'message')} arrived.`;
    default:
      return SEND_CANCELLED;
  }
}

/** Success counts every message the gateway took and that has not failed; failure every other that is final. */
export function outcomeOf(send: MessageSend): SendOutcome {
  const { sent, delivered, failed, unknown, cancelled } = send.counts;
  const success = sent + delivered;
  const failure = failed + unknown + cancelled;
  const badge = sendBadge(send);
  const about = { sendId: send.id, channel: send.channel, failed };
  if (send.state === 'scheduled') {
    return {
      ...about,
      success: 0,
      failure: 0,
      badge,
      message: `Scheduled for ${formatKoreanDateTime(send.scheduledAt!)} (Korean time): ${countOf(send.total, 'message')} will be sent then.`,
    };
  }
  if (send.state === 'failed')
    return { ...about, success, failure, badge, message: send.error ?? 'Unknown error occurred during SMS sending.' };
  if (send.state === 'cancelled') return { ...about, success, failure, badge, message: SEND_CANCELLED };
  if (!FINISHED_SEND_STATES.includes(send.state)) {
    return {
      ...about,
      success,
      failure,
      badge,
      message: 'Sending continues in the background; View Results shows how it ends.',
    };
  }
  return { ...about, success, failure, badge, message: `Sending completed. ${outcomeMessage(send)}` };
}
