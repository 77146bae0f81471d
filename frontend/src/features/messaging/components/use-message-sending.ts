import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-error.ts';
import { idempotencyKeys } from '../../../lib/idempotency-keys.ts';
import { toast } from '../../../lib/toast.tsx';
import { createMessageSend, fetchMessageSend, type CreateMessageSend } from '../api/message-sends.ts';
import type { SendChannel } from '../api/messaging-types.ts';
import { outcomeOf, type SendOutcome } from './send-outcome.ts';

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

/**
 * Start Sending (spec §4): [1/4] the messages are handed to the server, [2/4] it has recorded the send and queued
 * it, [3/4] the gateway takes them while the dialog follows the counts, [4/4] done; then the results (success,
 * failure, message). Each step is shown while it lasts.
 */
export function useMessageSending() {
  const [progress, setProgress] = useState<SendProgress | null>(null);
  const [outcome, setOutcome] = useState<SendOutcome | null>(null);
  const [keys] = useState(idempotencyKeys);

  const send = async (request: CreateMessageSend): Promise<void> => {
    setProgress({ step: 1, message: `Handing ${request.recipients.length} message(s) to the server…` });
    try {
      let current = await createMessageSend(request, keys.keyFor(request));
      keys.succeeded();
      const followUntil = Date.now() + FOLLOW_FOR_MS;
      while (current.state === 'queued' || current.state === 'sending') {
        const done = current.total - current.counts.queued - current.counts.sending;
        setProgress(current.state === 'queued' ? { step: 2, message: 'Recorded; waiting for its turn to be sent…' } : { step: 3, message: `Sending… ${done} of ${current.total}` });
        if (Date.now() >= followUntil) break;
        await wait(POLL_MS);
        current = await fetchMessageSend(current.id);
      }
      setProgress({ step: 4, message: current.state === 'scheduled' ? 'Sending scheduled.' : 'Sending completed.' });
      const result = outcomeOf(current);
      if (current.state === 'completed' && result.failure === 0) toast.success(SENT_SUCCESSFULLY[current.channel]);
      setOutcome(result);
    } catch (failure) {
      toast.error(failure instanceof ApiError ? errorMessage(failure, 'Unknown error occurred during SMS sending.') : 'An unknown error occurred while sending the message.');
    } finally {
      setProgress(null);
    }
  };

  return { progress, outcome, send, closeOutcome: () => setOutcome(null) };
}
