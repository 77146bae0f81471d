import type { ToastOptions } from './toast.tsx';

/** Spec §9: the e-mail side's toasts (templates, sending) stay 3 s. */
export const EMAIL_TOAST: ToastOptions = { hideAfterMs: 3000 };
