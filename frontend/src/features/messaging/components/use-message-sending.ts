import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { idempotencyKeys } from '../../../lib/idempotency-keys.ts';
import { toast } from '../../../lib/toast.tsx';
import {
  createMessageSend,
  fetchMessageSend,
  fetchResendBody,
  previewMessageSend,
  type CreateMessageSend,
} from '../api/message-sends.ts';
import type { SendChannel } from '../api/messaging-types.ts';
import { outcomeOf, type SendOutcome } from './send-outcome.ts';
import type { SendReview } from './send-review-dialog.tsx';
import { countOf } from '../../../lib/count-words.ts';

/** The progress dialog's four steps (spec §9). */
export const SEND_STEPS = 4;

export interface SendProgress {
  step: 1 | 2 | 3 | 4;
  message: string;
}

const POLL_MS = 1000;
/** How long the dialog follows a send; a longer one goes on, and View Results shows how it ends. */
const FOLLOW_FOR_MS = 5 * 60 * 1000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The success toast of a send every recipient got (spec §8 names the SMS one). */
export const SENT_SUCCESSFULLY: Record<SendChannel, string> = {
  sms: 'SMS sent successfully!',
  kakao: 'KakaoTalk messages sent successfully!',
};

export const REVIEW_FAILED = 'The send could not be reviewed. Please try again.';

/** The request under review and the Idempotency-Key it will be sent with, beside what the dialog shows. */
interface Reviewing extends SendReview {
  request: CreateMessageSend;
  key: string;
}

/**
 * Start Sending (spec §4) opens the review (the spec's step 3, POST message-sends/preview) of the request; its Send
 * posts that same request with the key made for it: [1/4] the messages are handed to the server, [2/4] it has
 * recorded the send and queued it, [3/4] the gateway takes them while the dialog follows the counts, [4/4] done;
 * then the results (success, failure, message). Each step is shown while it lasts. `onSent` is called once the
 * server has taken the send.
 */
export function useMessageSending({ onSent }: { onSent?: () => void } = {}) {
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [reviewing, setReviewing] = useState<Reviewing | null>(null);
  const [keys] = useState(idempotencyKeys);
  // A second press of Send, before the dialog has closed, sends nothing more.
  const isSending = useRef(false);
  // Which review is open: the answer for one that was closed, or replaced by another, is dropped.
  const openReview = useRef(0);

  const review = async (request: CreateMessageSend): Promise<void> => {
    // The key is the one Send will use: a request reviewed again after a failed send keeps it.
    const key = keys.keyFor(request);
    const id = ++openReview.current;
    setReviewing({ request, key, preview: null, error: null });
    const settle = (change: Partial<SendReview>) => {
      if (openReview.current === id) setReviewing((current) => current && { ...current, ...change });
    };
    try {
      settle({ preview: await previewMessageSend(request) });
    } catch (failure) {
      settle({ error: failure instanceof ApiError ? errorMessage(failure, REVIEW_FAILED) : REVIEW_FAILED });
    }
  };

  /** Resend failed: a send of the failed messages of `sendId`, opened in the same review. */
  const resendFailed = async (sendId: number, channel?: SendChannel): Promise<void> => {
    try {
      await review(await fetchResendBody(sendId, channel));
    } catch (failure) {
      toast.error(errorMessage(failure, 'The failed messages could not be gathered for a resend.'));
    }
  };

  const closeReview = () => {
    openReview.current++;
    setReviewing(null);
  };

  const send = async (
    request: CreateMessageSend,
    key = keys.keyFor(request),
    total = request.recipients.length,
  ): Promise<void> => {
    setProgress({ step: 1, message: `Handing ${countOf(total, 'message')} to the server…` });
    try {
      let current = await createMessageSend(request, key);
      keys.succeeded();
      onSent?.();
      const followUntil = Date.now() + FOLLOW_FOR_MS;
      while (current.state === 'queued' || current.state === 'sending') {
        const done = current.total - current.counts.queued - current.counts.sending;
        setProgress(
          current.state === 'queued'
            ? { step: 2, message: 'Recorded; waiting for its turn to be sent…' }
            : { step: 3, message: `Sending… ${done} of ${current.total}` },
        );
        if (Date.now() >= followUntil) break;
        await wait(POLL_MS);
        current = await fetchMessageSend(current.id);
      }
      setProgress({ step: 4, message: current.state === 'scheduled' ? 'Sending scheduled.' : 'Sending completed.' });
      const result = outcomeOf(current);
      if (current.state === 'completed' && result.failure === 0) toast.success(SENT_SUCCESSFULLY[current.channel]);
      setOutcome(result);
    } catch (failure) {
      toast.error(
        failure instanceof ApiError
          ? errorMessage(failure, 'Unknown error occurred during SMS sending.')
          : 'An unknown error occurred while sending the message.',
      );
    } finally {
      setProgress(null);
    }
  };

  const confirm = (): void => {
    if (!reviewing?.preview || reviewing.preview.refusal !== null || isSending.current) return;
    isSending.current = true;
    const { request, key, preview } = reviewing;
    closeReview();
    void send(request, key, preview.total).finally(() => (isSending.current = false));
  };

  return {
    progress,
    outcome,
    send,
    review,
    resendFailed,
    reviewing,
    confirm,
    closeReview,
    closeOutcome: () => setOutcome(null),
  };
}
