import { errorMessage } from '../../../lib/api-error.ts';
import { useGatewayRemaining } from '../api/message-sends.ts';

const TYPES = ['SMS', 'LMS', 'MMS'] as const;

/** What the gateway account can still send, by message type (GET aligo/remain). */
export function RemainingCounts() {
  const remaining = useGatewayRemaining();
  return (
    <section aria-labelledby="remaining-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id="remaining-title" className="mb-3 text-sm font-semibold text-slate-900">
        Remaining messages
      </h2>
      {remaining.error ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(remaining.error, 'Failed to query remaining count.')}
        </p>
      ) : (
        <dl className="grid grid-cols-3 gap-3">
          {TYPES.map((type) => (
            <div key={type} className="rounded-lg bg-slate-50 px-3 py-2">
              <dt className="text-xs font-semibold text-slate-600">{type}</dt>
              <dd className="text-lg font-bold tabular-nums text-slate-900" aria-busy={!remaining.data}>
                {remaining.data ? remaining.data[`${type}_CNT`].toLocaleString('ko-KR') : '…'}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
