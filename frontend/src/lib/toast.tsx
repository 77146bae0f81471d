import { useSyncExternalStore } from 'react';

export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: string;
  tone: ToastTone;
  message: string;
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

/** Shows a toast; an id already on screen is not shown twice (a redirect chain may carry one message). */
export function showToast(tone: ToastTone, message: string, id = `toast-${++sequence}`, hideAfterMs = AUTO_HIDE_MS): void {
  if (toasts.some((toast) => toast.id === id)) return;
  emit([...toasts, { id, tone, message }]);
  timers.set(id, setTimeout(() => dismissToast(id), hideAfterMs));
}

export interface ToastOptions {
  /** How long it stays; 5 s unless a screen's spec says otherwise. */
  hideAfterMs?: number;
}

export const toast = {
  success: (message: string, options: ToastOptions = {}) => showToast('success', message, undefined, options.hideAfterMs),
  error: (message: string, options: ToastOptions = {}) => showToast('error', message, undefined, options.hideAfterMs),
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
