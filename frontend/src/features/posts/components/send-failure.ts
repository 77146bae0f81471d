import { ApiError } from '../../../lib/api-error.ts';

/** Spec §8: 'Failed to send email' with the server's reason, or 'Please try again.'; a non-200 without one is an unexpected status. */
export function sendFailureMessage(error: unknown): string {
  if (error instanceof ApiError) {
    const reason = error.body?.message;
    return `Failed to send email: ${reason ?? 'Unexpected response status'}`;
  }
  return 'Failed to send email: Please try again.';
}
