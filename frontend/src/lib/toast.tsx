import { useSyncExternalStore } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  tone: ToastTone;
  message: string;
  /** A heading above the message (the contacts screen titles its errors Error). */
  title?: string;
}

const AUTO_HIDE_MS = 5000;

let toasts: readonly Toast[] = [];
const listeners = new Set<() => void>();
let sequence = 0;
const timers = new Map<string, ReturnType<typeof setTimeout>>();

function emit(next: readonly Toast[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

export function dismissToast(id: string): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  emit(toasts.filter((toast) => toast.id !== id));
}

export interface ToastOptions {
  /** How long it stays; 5 s unless a screen's spec says otherwise. */
  hideAfterMs?: number;
  title?: string;
}

/**
 * Shows a toast in place of whatever toast is on screen: one at a time (as spec §9 asks of the contacts screen),
 * so that toasts never pile up over the page and the newest word (a success after the errors it answers) is the
 * one staff read. An id already on screen is not shown twice (a redirect chain may carry one message).
 */
export function showToast(
  tone: ToastTone,
  message: string,
  id = `toast-${++sequence}`,
  hideAfterMs = AUTO_HIDE_MS,
  { title }: Pick<ToastOptions, 'title'> = {},
): void {
  if (toasts.some((toast) => toast.id === id)) return;
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  emit([{ id, tone, message, ...(title ? { title } : {}) }]);
  timers.set(
    id,
    setTimeout(() => dismissToast(id), hideAfterMs),
  );
}

const show =
  (tone: ToastTone) =>
  (message: string, options: ToastOptions = {}) =>
    showToast(tone, message, undefined, options.hideAfterMs, options);

export const toast = {
  success: show('success'),
  error: show('error'),
  info: show('info'),
};

export function useToasts(): readonly Toast[] {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasts,
  );
}
