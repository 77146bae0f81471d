import { formatKoreanDateTime, formatPhone } from '@job-casting/rules';
import { Alert } from '../../../components/ui/alert.tsx';
import { Dialog, DialogCloseActions } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { useDeliveryEvents } from '../api/message-sends.ts';
import type { Delivery, DeliveryEvent } from '../api/messaging-types.ts';
import { DELIVERY_EVENT_LABELS, EVENT_SOURCE_LABELS, TONE_CLASSES, type Tone } from './send-labels.ts';

const EVENT_TONES: Record<DeliveryEvent['status'], Tone> = {
  accepted: 'progress',
  delivered: 'good',
  failed: 'bad',
  unknown: 'neutral',
  cancelled: 'neutral',
};

/** One message's path: taken by the gateway, then delivered, failed (with the carrier's reason) or unknown. */
export function DeliveryPathDialog({
  sendId,
  delivery,
  onClose,
}: {
  sendId: number;
  delivery: Delivery | null;
  onClose: () => void;
}) {
  const path = useDeliveryEvents(sendId, delivery?.id ?? null);
  const waiting = delivery?.status === 'sent' || delivery?.status === 'queued' || delivery?.status === 'sending';

  let content;
  if (path.error && !path.data) content = <Alert>Failed to load the path of this message.</Alert>;
  else if (!path.data) content = <Loading label="Loading the path…" />;
  else if (path.data.events.length === 0)
    content = <p className="text-sm text-slate-700">Not handed to the gateway yet.</p>;
  else {
    content = (
      <ol className="flex flex-col gap-3" aria-label="Path of the message">
        {path.data.events.map((event, index) => (
          <li key={`${event.status}-${index}`} className="border-l-2 border-slate-200 pl-3">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <span
                className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[EVENT_TONES[event.status]]}`}
              >
                {DELIVERY_EVENT_LABELS[event.status]}
              </span>
              <time dateTime={event.at} className="tabular-nums text-slate-800">
                {formatKoreanDateTime(event.at)}
              </time>
              <span className="text-xs text-slate-600">from {EVENT_SOURCE_LABELS[event.source] ?? event.source}</span>
            </p>
            {event.detail && <p className="mt-1 text-sm text-slate-800">{event.detail}</p>}
            {event.gatewayState && <p className="mt-0.5 text-xs text-slate-600">Gateway state: {event.gatewayState}</p>}
          </li>
        ))}
        {waiting && path.data.delivery.status === 'sent' && (
          <li className="border-l-2 border-dashed border-slate-200 pl-3 text-sm text-slate-700">
            Waiting for the delivery report (looked up after 1, 5 and 30 minutes, 2 and 24 hours; unknown after 72
            hours).
          </li>
        )}
      </ol>
    );
  }

  return (
    <Dialog
      title={delivery ? `Path of the message to ${formatPhone(delivery.phone)}` : 'Path of the message'}
      size="sm"
      isOpen={delivery !== null}
      onOpenChange={(open) => !open && onClose()}
    >
      {content}
      <p className="mt-4 text-xs text-slate-600">Times are Korean time.</p>
      <DialogCloseActions />
    </Dialog>
  );
}
