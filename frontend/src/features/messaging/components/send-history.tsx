import { formatKoreanDateTime, formatPhone } from '@job-casting/rules';
import { Fragment, useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { bodyCell, headCell, TableScroll, tableClass, tableRow } from '../../../components/ui/data-table.tsx';
import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';
import { cancelMessageSend } from '../api/message-sends.ts';
import type { MessageSend } from '../api/messaging-types.ts';
import { DeliveryList } from './delivery-list.tsx';
import { CHANNEL_LABELS, SEND_CANCELLED, TONE_CLASSES } from './send-labels.ts';
import { resultCounts, sendBadge } from './send-outcome.ts';
import { countOf } from '../../../lib/count-words.ts';

function Counts({ send }: { send: MessageSend }) {
  return <span className="whitespace-nowrap tabular-nums">{resultCounts(send)}</span>;
}

/**
 * The sends, newest first: when, how, from which number, what, to how many, and what became of the messages
 * (delivered, failed, awaiting the gateway's reports); each opens to its recipients.
 */
export function SendHistory({
  sends,
  onResend,
}: {
  sends: readonly MessageSend[];
  onResend?: (send: MessageSend, channel?: MessageSend['channel']) => void;
}) {
  const [openId, setOpenId] = useState<number | null>(null);
  const [toCancel, setToCancel] = useState<MessageSend | null>(null);

  const cancel = async (send: MessageSend) => {
    try {
      await cancelMessageSend(send.id);
      toast.success(SEND_CANCELLED);
      setToCancel(null);
    } catch (failure) {
      toast.error(errorMessage(failure, 'Failed to cancel the send.'));
    }
  };

  return (
    <>
      <TableScroll label="Sends" className="shadow-sm">
        <table className={tableClass}>
          <caption className="sr-only">Sends, newest first</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell('start')}>
                Requested
              </th>
              <th scope="col" className={headCell()}>
                Method
              </th>
              <th scope="col" className={headCell()}>
                Sender
              </th>
              <th scope="col" className={headCell()}>
                Message
              </th>
              <th scope="col" className={headCell()}>
                Recipients
              </th>
              <th scope="col" className={headCell()}>
                Results
              </th>
              <th scope="col" className={headCell()}>
                State
              </th>
              <th scope="col" className={`${headCell('end')} w-px`}>
                Actions
              </th>
            </tr>
          </thead>
          <tbody>
            {sends.map((send) => {
              const isOpen = openId === send.id;
              const badge = sendBadge(send);
              return (
                <Fragment key={send.id}>
                  <tr className={`${tableRow} align-top`}>
                    <th scope="row" className={`${bodyCell('start')} font-medium whitespace-nowrap tabular-nums`}>
                      {formatKoreanDateTime(send.createdAt)}
                      <span className="block text-xs font-normal text-slate-500">#{send.id}</span>
                    </th>
                    <td className={`${bodyCell()} whitespace-nowrap`}>{CHANNEL_LABELS[send.channel]}</td>
                    <td className={`${bodyCell()} whitespace-nowrap`}>
                      <span className="tabular-nums">{formatPhone(send.senderPhone)}</span>
                      {send.senderName && <span className="block text-xs text-slate-600">{send.senderName}</span>}
                    </td>
                    <td className={`${bodyCell()} w-full`}>
                      <p className="line-clamp-2 max-w-2xl min-w-[12rem] break-words">{send.preview}</p>
                      {send.resendOf !== null && (
                        <span className="mt-1 block text-xs text-slate-600">Resend of #{send.resendOf}</span>
                      )}
                      {send.resentAs.length > 0 && (
                        <span className="mt-1 block text-xs text-slate-600">
                          Resent as {send.resentAs.map((id) => `#${id}`).join(', ')}
                        </span>
                      )}
                    </td>
                    <td className={`${bodyCell()} tabular-nums`}>{send.total}</td>
                    <td className={bodyCell()}>
                      <Counts send={send} />
                    </td>
                    <td className={bodyCell()}>
                      <span
                        className={`rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${TONE_CLASSES[badge.tone]}`}
                      >
                        {badge.label}
                      </span>
                      {send.state === 'scheduled' && send.scheduledAt && (
                        <span className="mt-1 block text-xs whitespace-nowrap tabular-nums text-slate-700">
                          {formatKoreanDateTime(send.scheduledAt)}
                        </span>
                      )}
                      {send.error && <span className="mt-1 block max-w-48 text-xs text-red-800">{send.error}</span>}
                    </td>
                    <td className={bodyCell('end')}>
                      <div className="flex flex-col items-stretch gap-1.5">
                        <Button
                          variant="secondary"
                          size="sm"
                          aria-expanded={isOpen}
                          aria-label={`Details of the send of ${formatKoreanDateTime(send.createdAt)}`}
                          onPress={() => setOpenId(isOpen ? null : send.id)}
                        >
                          Details
                        </Button>
                        {onResend && send.outcomeCounts.failed > 0 && (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={`Resend failed (${send.outcomeCounts.failed}) of the send of ${formatKoreanDateTime(send.createdAt)}`}
                            onPress={() => onResend(send)}
                          >
                            Resend failed ({send.outcomeCounts.failed})
                          </Button>
                        )}
                        {onResend && send.channel === 'kakao' && send.outcomeCounts.failed > 0 && (
                          <Button
                            variant="secondary"
                            size="sm"
                            aria-label={`As SMS: resend failed (${send.outcomeCounts.failed}) of the send of ${formatKoreanDateTime(send.createdAt)}`}
                            onPress={() => onResend(send, 'sms')}
                          >
                            As SMS
                          </Button>
                        )}
                        {send.canCancel && (
                          <Button
                            variant="danger"
                            size="sm"
                            aria-label={`Cancel the send of ${formatKoreanDateTime(send.createdAt)}`}
                            onPress={() => setToCancel(send)}
                          >
                            Cancel
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                  {isOpen && (
                    <tr>
                      <td colSpan={8} className="border-b border-slate-200 bg-slate-50 px-4 py-3">
                        <DeliveryList send={send} />
                      </td>
                    </tr>
                  )}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
      <ConfirmDialog
        subject={toCancel}
        title="Cancel Send"
        question="Cancel this send? None of its messages will go out."
        describe={(send) =>
          `${formatKoreanDateTime(send.scheduledAt ?? send.createdAt)} · ${countOf(send.total, 'message')} · ${send.preview}`
        }
        confirmLabel="Cancel Send"
        busyLabel="Cancelling…"
        onCancel={() => setToCancel(null)}
        onConfirm={cancel}
      />
    </>
  );
}
