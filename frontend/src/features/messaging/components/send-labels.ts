import { type Tone } from '../../../lib/delivery-status.ts';
import type { DeliveryEvent, MessageSend, SendChannel, SendOutcomeName } from '../api/messaging-types.ts';

// A message's status and the badge tones are shared with the outreach history (lib/delivery-status).
export {
  DELIVERY_STATUS_LABELS,
  DELIVERY_STATUS_TONES,
  TONE_CLASSES,
  type Tone,
} from '../../../lib/delivery-status.ts';

export const CHANNEL_LABELS: Record<SendChannel, string> = { sms: 'SMS', kakao: 'KakaoTalk' };

export const SEND_STATE_LABELS: Record<MessageSend['state'], string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

/** What became of a send's messages (its `outcome`). */
export const SEND_OUTCOME_LABELS: Record<SendOutcomeName, string> = {
  pending: 'Awaiting reports',
  delivered: 'Delivered',
  'partly-failed': 'Partly failed',
  failed: 'Failed',
  unknown: 'Unknown',
  cancelled: 'Cancelled',
};

/** The steps of one message's path. */
export const DELIVERY_EVENT_LABELS: Record<DeliveryEvent['status'], string> = {
  accepted: 'Taken by the gateway',
  delivered: 'Delivered',
  failed: 'Failed',
  unknown: 'Unknown',
  cancelled: 'Cancelled',
};

/** Where a step was learnt. */
export const EVENT_SOURCE_LABELS: Record<string, string> = {
  gateway: "the gateway's answer",
  sms_list: 'SMS records (sms_list)',
  'kakao-history': 'KakaoTalk history',
  clock: 'no report in 72 hours',
  app: 'JOB CASTING',
};

export const SEND_STATE_TONES: Record<MessageSend['state'], Tone> = {
  scheduled: 'progress',
  queued: 'progress',
  sending: 'progress',
  completed: 'good',
  cancelled: 'neutral',
  failed: 'bad',
};

export const SEND_OUTCOME_TONES: Record<SendOutcomeName, Tone> = {
  pending: 'progress',
  delivered: 'good',
  'partly-failed': 'bad',
  failed: 'bad',
  unknown: 'neutral',
  cancelled: 'neutral',
};

export const SEND_CANCELLED = 'The send was cancelled; none of its messages will go out.';
