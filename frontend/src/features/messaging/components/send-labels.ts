import type { Delivery, MessageSend, SendChannel } from '../api/messaging-types.ts';

export const CHANNEL_LABELS: Record<SendChannel, string> = { sms: 'SMS', kakao: 'KakaoTalk' };

export const SEND_STATE_LABELS: Record<MessageSend['state'], string> = {
  scheduled: 'Scheduled',
  queued: 'Queued',
  sending: 'Sending',
  completed: 'Completed',
  cancelled: 'Cancelled',
  failed: 'Failed',
};

export const DELIVERY_STATUS_LABELS: Record<Delivery['status'], string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
  unknown: 'Unknown',
  cancelled: 'Cancelled',
};

type Tone = 'neutral' | 'progress' | 'good' | 'bad';

export const TONE_CLASSES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  progress: 'bg-sky-100 text-sky-900',
  good: 'bg-emerald-100 text-emerald-800',
  bad: 'bg-red-100 text-red-800',
};

export const SEND_STATE_TONES: Record<MessageSend['state'], Tone> = {
  scheduled: 'progress',
  queued: 'progress',
  sending: 'progress',
  completed: 'good',
  cancelled: 'neutral',
  failed: 'bad',
};

export const DELIVERY_STATUS_TONES: Record<Delivery['status'], Tone> = {
  queued: 'progress',
  sending: 'progress',
  sent: 'good',
  failed: 'bad',
  unknown: 'neutral',
  cancelled: 'neutral',
};

export const SEND_CANCELLED = 'The send was cancelled; none of its messages will go out.';
