import { formatPhone } from '@job-casting/rules';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog, DialogActions } from '../../../components/ui/dialog.tsx';
import { Loading } from '../../../components/ui/spinner.tsx';
import type { SendPreview } from '../api/message-sends.ts';
import {
  formatWon,
  LEFT_OUT_LABELS,
  leftOutCounts,
  messageTypeLabel,
  pageCount,
  pageOf,
  REVIEW_PAGE_SIZE,
  REVIEWED_TYPE_LABELS,
  REVIEWED_TYPES,
} from './send-review.ts';
import { countOf } from '../../../lib/count-words.ts';

/** A send under review: its preview once the server has answered, or why it could not. */
export interface SendReview {
  preview: SendPreview | null;
  error: string | null;
}

interface SendReviewDialogProps {
  review: SendReview | null;
  onClose: () => void;
  onSend: () => void;
}

/**
 * The spec's "Step 3 confirm-sender-list": before anything goes out, the send as the server will make it. Every
 * figure and text here is the server's preview; Send posts the same request, with the same Idempotency-Key.
 */
export function SendReviewDialog({ review, onClose, onSend }: SendReviewDialogProps) {
  const preview = review?.preview ?? null;
  const canSend = preview !== null && preview.refusal === null;
  return (
    <Dialog
      title="Confirm Sender List"
      size="lg"
      role="alertdialog"
      isOpen={review !== null}
      onOpenChange={(isOpen) => !isOpen && onClose()}
    >
      {review && (
        <div className="flex flex-col gap-4">
          {review.error ? (
            <Alert>{review.error}</Alert>
          ) : preview ? (
            <ReviewBody preview={preview} />
          ) : (
            <Loading label="Reviewing the send…" />
          )}
          <DialogActions>
            {preview && (
              <p className="mr-auto text-sm text-slate-700">
                {preview.refusal
                  ? 'This send cannot go out as it is.'
                  : `${countOf(preview.total, 'message')} to ${countOf(preview.people, 'person', 'people')}, about ${formatWon(preview.estimatedCost)}`}
              </p>
            )}
            <Button variant="secondary" onPress={onClose}>
              Close
            </Button>
            <Button isDisabled={!canSend} onPress={onSend}>
              Send
            </Button>
          </DialogActions>
        </div>
      )}
    </Dialog>
  );
}

function ReviewBody({ preview }: { preview: SendPreview }) {
  return (
    <>
      {preview.refusal && <Alert>{preview.refusal}</Alert>}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        <Figure label="People">{preview.people.toLocaleString('ko-KR')}</Figure>
        <Figure label="Messages">{preview.total.toLocaleString('ko-KR')}</Figure>
        <Figure label="Left out">{preview.excluded.length.toLocaleString('ko-KR')}</Figure>
        <Figure label="Estimated cost">{formatWon(preview.estimatedCost)}</Figure>
      </dl>
      <div className="grid gap-3 sm:grid-cols-2">
        <section aria-label="Messages by type" className="rounded-lg border border-slate-200 px-3 py-2">
          <h3 className="text-xs font-semibold text-slate-600">Messages by type</h3>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800">
            {preview.total === 0 && <li>None</li>}
            {REVIEWED_TYPES.filter((type) => preview.counts[type] > 0).map((type) => (
              <li key={type}>
                {REVIEWED_TYPE_LABELS[type]}{' '}
                <strong className="tabular-nums">{preview.counts[type].toLocaleString('ko-KR')}</strong>
                <span className="text-slate-600"> × {formatWon(preview.unitPrices[type])}</span>
              </li>
            ))}
          </ul>
        </section>
        <section
          aria-label="Remaining at the gateway"
          className={`rounded-lg border px-3 py-2 ${preview.remainingShort ? 'border-red-300 bg-red-50' : 'border-slate-200'}`}
        >
          <h3 className="text-xs font-semibold text-slate-600">Remaining at the gateway</h3>
          {preview.remaining ? (
            <p className="mt-1 text-sm text-slate-800">
              SMS <strong className="tabular-nums">{preview.remaining.SMS_CNT.toLocaleString('ko-KR')}</strong>, LMS{' '}
              <strong className="tabular-nums">{preview.remaining.LMS_CNT.toLocaleString('ko-KR')}</strong>, MMS{' '}
              <strong className="tabular-nums">{preview.remaining.MMS_CNT.toLocaleString('ko-KR')}</strong>
              {preview.remainingShort && (
                <span className="block font-semibold text-red-800">Not enough for this send.</span>
              )}
            </p>
          ) : (
            <p className="mt-1 text-sm text-slate-700">
              Unknown: {preview.remainingProblem ?? 'the gateway did not say.'}
            </p>
          )}
        </section>
      </div>
      {preview.advertising && (
        <p className="text-sm text-slate-700">
          Advertisement: every text starts with (광고) and the sender&apos;s name and ends with the free opt-out number,
          as shown below. Recipients without a recorded consent are left out.
        </p>
      )}
      {preview.excluded.length > 0 && <LeftOut preview={preview} />}
      <MessageList preview={preview} />
    </>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 px-3 py-2">
      <dt className="text-xs font-semibold text-slate-600">{label}</dt>
      <dd className="text-lg font-bold tabular-nums text-slate-900">{children}</dd>
    </div>
  );
}

function LeftOut({ preview }: { preview: SendPreview }) {
  const [page, setPage] = useState(1);
  const counts = leftOutCounts(preview.excluded);
  return (
    <section aria-labelledby="left-out-title" className="flex flex-col gap-2">
      <h3 id="left-out-title" className="text-sm font-semibold text-slate-900">
        Left out ({preview.excluded.length.toLocaleString('ko-KR')}):{' '}
        {counts.map(({ reason, count }) => `${LEFT_OUT_LABELS[reason]} ${count}`).join(', ')}
      </h3>
      <table aria-label="Recipients left out" className="w-full text-left text-sm">
        <thead className="text-xs text-slate-600">
          <tr>
            <th className="py-1 pr-3 font-semibold">Phone</th>
            <th className="py-1 pr-3 font-semibold">Name</th>
            <th className="py-1 font-semibold">Reason</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {pageOf(preview.excluded, page).map((recipient, index) => (
            <tr key={`${page}-${index}`}>
              <td className="py-1 pr-3 tabular-nums text-slate-800">
                {recipient.reason === 'not-mobile' ? recipient.phone : formatPhone(recipient.phone)}
              </td>
              <td className="py-1 pr-3 text-slate-800">{recipient.name || '—'}</td>
              <td className="py-1 text-slate-800">{LEFT_OUT_LABELS[recipient.reason]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListPages
        label="Pages of the recipients left out"
        page={page}
        total={preview.excluded.length}
        headingId="left-out-title"
        onPageChange={setPage}
      />
    </section>
  );
}

function MessageList({ preview }: { preview: SendPreview }) {
  const [page, setPage] = useState(1);
  const first = (page - 1) * REVIEW_PAGE_SIZE;
  return (
    <section aria-labelledby="review-messages-title" className="flex flex-col gap-2">
      <h3 id="review-messages-title" className="text-sm font-semibold text-slate-900">
        Messages as they will arrive ({preview.total.toLocaleString('ko-KR')})
      </h3>
      {preview.messages.length === 0 ? (
        <p className="text-sm text-slate-600">No message will go out.</p>
      ) : (
        <ol aria-label="Messages as they will arrive" className="flex flex-col gap-2">
          {pageOf(preview.messages, page).map((message, index) => {
            const text = preview.texts[message.textIndex];
            return (
              <li key={first + index} className="rounded-lg border border-slate-200 px-3 py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-xs text-slate-600">
                  <span>
                    <span className="font-semibold text-slate-900">{message.name || formatPhone(message.phone)}</span>
                    {message.name && <span className="ml-2 tabular-nums">{formatPhone(message.phone)}</span>}
                  </span>
                  <span className="tabular-nums">
                    {messageTypeLabel(message)} · {text.bytes} bytes
                    {message.pictures > 0 ? ` · ${countOf(message.pictures, 'picture')}` : ''}
                  </span>
                </div>
                <p className="mt-1 text-sm whitespace-pre-wrap text-slate-900">{text.text}</p>
              </li>
            );
          })}
        </ol>
      )}
      <ListPages
        label="Pages of the messages"
        page={page}
        total={preview.messages.length}
        headingId="review-messages-title"
        onPageChange={setPage}
      />
    </section>
  );
}

interface ListPagesProps {
  label: string;
  page: number;
  total: number;
  /** The list's heading, brought into sight on a new page, so that the page is read from its top. */
  headingId: string;
  onPageChange: (page: number) => void;
}

function ListPages({ label, page, total, headingId, onPageChange }: ListPagesProps) {
  const pages = pageCount(total);
  if (pages <= 1) return null;
  const turnTo = (next: number) => {
    onPageChange(next);
    document.getElementById(headingId)?.scrollIntoView?.({ block: 'nearest' });
  };
  return (
    <nav aria-label={label} className="flex items-center justify-end gap-3">
      <Button variant="secondary" className="h-8" isDisabled={page <= 1} onPress={() => turnTo(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-700">
        {(page - 1) * REVIEW_PAGE_SIZE + 1}–{Math.min(page * REVIEW_PAGE_SIZE, total)} of{' '}
        {total.toLocaleString('ko-KR')}
      </span>
      <Button variant="secondary" className="h-8" isDisabled={page >= pages} onPress={() => turnTo(page + 1)}>
        Next
      </Button>
    </nav>
  );
}
