import { formatPhone } from '@job-casting/rules';
import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import { useDeliveries } from '../api/message-sends.ts';
import type { Delivery, MessageSend } from '../api/messaging-types.ts';
import { DeliveryPathDialog } from './delivery-path-dialog.tsx';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUS_TONES, TONE_CLASSES } from './send-labels.ts';

const PAGE_SIZE = 20;

type StatusFilter = 'all' | Delivery['status'];
const STATUS_FILTERS: { id: StatusFilter; label: string }[] = [
  { id: 'all', label: 'All messages' },
  ...(['failed', 'delivered', 'sent', 'unknown', 'queued', 'sending', 'cancelled'] as const).map((status) => ({
    id: status,
    label: DELIVERY_STATUS_LABELS[status],
  })),
];
const cellClass = 'px-3 py-2 align-top';

/** Each recipient's message of one send: phone, name, type, status and why it failed; each opens to its path. */
export function DeliveryList({ send }: { send: MessageSend }) {
  const [page, setPage] = useState(1);
  const [shown, setShown] = useState<Delivery | null>(null);
  const [filter, setFilter] = useState<StatusFilter>('all');
  const deliveries = useDeliveries(send, page, PAGE_SIZE, filter === 'all' ? null : filter);

  if (deliveries.error && !deliveries.data) {
    return (
      <div className="flex flex-col items-start gap-2">
        <Alert>Failed to load the recipients of this send.</Alert>
        <Button variant="secondary" size="sm" onPress={() => void deliveries.mutate()}>
          Try Again
        </Button>
      </div>
    );
  }
  if (!deliveries.data) return <Loading label="Loading recipients…" />;

  return (
    <div>
      <div className="mb-2 max-w-56">
        <Select
          label="Show"
          options={STATUS_FILTERS}
          value={filter}
          onChange={(next) => {
            setFilter(next);
            setPage(1);
          }}
        />
      </div>
      {deliveries.data.data.length === 0 && (
        <p className="px-3 py-2 text-sm text-slate-700">
          No messages of this send are {filter === 'all' ? 'listed' : DELIVERY_STATUS_LABELS[filter].toLowerCase()}.
        </p>
      )}
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Recipients of send {send.id}</caption>
        <thead className="text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className={cellClass}>
              Phone
            </th>
            <th scope="col" className={cellClass}>
              Name
            </th>
            <th scope="col" className={cellClass}>
              Type
            </th>
            <th scope="col" className={cellClass}>
              Status
            </th>
            <th scope="col" className={cellClass}>
              Error
            </th>
            <th scope="col" className={cellClass}>
              <span className="sr-only">Path</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {deliveries.data.data.map((delivery) => (
            <tr key={delivery.id}>
              <th scope="row" className={`${cellClass} font-medium whitespace-nowrap tabular-nums text-slate-900`}>
                {formatPhone(delivery.phone)}
              </th>
              <td className={`${cellClass} whitespace-nowrap`}>{delivery.name}</td>
              <td className={cellClass}>{delivery.type}</td>
              <td className={cellClass}>
                <span
                  className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONE_CLASSES[DELIVERY_STATUS_TONES[delivery.status]]}`}
                >
                  {DELIVERY_STATUS_LABELS[delivery.status]}
                </span>
              </td>
              <td className={`${cellClass} text-red-800`}>{delivery.error}</td>
              <td className={cellClass}>
                <Button
                  variant="secondary"
                  size="xs"
                  aria-label={`Path of the message to ${formatPhone(delivery.phone)}`}
                  onPress={() => setShown(delivery)}
                >
                  Path
                </Button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager
        pagination={deliveries.data.pagination}
        onPageChange={setPage}
        label={`Pages of the recipients of send ${send.id}`}
      />
      <DeliveryPathDialog sendId={send.id} delivery={shown} onClose={() => setShown(null)} />
    </div>
  );
}
