import { ApiError } from '../../../lib/api-error.ts';

/** Spec §8: 'Failed to send email' with the server's reason, or 'Please try again.'; a non-200 without one is an unexpected status. */
export function sendFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = error.body?.message;
    return `Failed to send email: ${reason ?? 'Unexpected response status'}`;
  }
  return 'Failed to send email: Please try again.';
}

/**
 * The server's refusal of the customer address itself (an address opted out of e-mails, 수신거부), to show beside
 * the address rather than as a failure of the send; null for any other failure.
 */
export function recipientRefusal(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  return error.body?.details?.validation?.find((problem) => problem.path === 'recipient')?.message ?? null;
}
