// A text or KakaoTalk message's status as the screens name and colour it: the results page and a person's
// outreach history show the same words.
import type { Schemas } from '@job-casting/contracts';

export type DeliveryStatus = Schemas['DeliveryDto']['status'];

export type Tone = 'neutral' | 'progress' | 'good' | 'bad';

export const TONE_CLASSES: Record<Tone, string> = {
  neutral: 'bg-slate-100 text-slate-800',
  progress: 'bg-sky-100 text-sky-900',
  good: 'bg-emerald-100 text-emerald-800',
  bad: 'bg-red-100 text-red-800',
};

export const DELIVERY_STATUS_LABELS: Record<DeliveryStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent, awaiting report',
  delivered: 'Delivered',
  failed: 'Failed',
  unknown: 'Unknown',
  cancelled: 'Cancelled',
};

export const DELIVERY_STATUS_TONES: Record<DeliveryStatus, Tone> = {
  queued: 'progress',
  sending: 'progress',
  sent: 'progress',
  delivered: 'good',
  failed: 'bad',
  unknown: 'neutral',
  cancelled: 'neutral',
};
