import { errorMessage } from '../../../lib/api-error.ts';
import { toast } from '../../../lib/toast.tsx';

/** Spec §8–§9: the contacts screen titles its errors Error (one toast at a time, as every screen shows them). */
export const contactToast = {
  success: (message: string) => toast.success(message),
  info: (message: string) => toast.info(message),
  error: (message: string) => toast.error(message, { title: 'Error' }),
};

/** An error toast with the server's reason, or the screen's text when it sent none. */
export function toastFailure(failure: unknown, fallback: string): void {
  contactToast.error(errorMessage(failure, fallback));
}

/** 'An error occurred while saving: {reason}' and its kin (spec §8). */
export function reasonOf(failure: unknown): string {
  return errorMessage(failure, failure instanceof Error ? failure.message : 'Unknown error');
}
