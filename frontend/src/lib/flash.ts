import type { ToastTone } from './toast.tsx';

/** A message handed to the next page through navigation state, e.g. why a guard redirected. */
export interface Flash {
  id: string;
  tone: ToastTone;
  message: string;
}

export interface FlashState {
  flash: Flash;
}

export function flashState(message: string, tone: ToastTone = 'error'): FlashState {
  // crypto.randomUUID needs a secure context, which an intranet host over plain HTTP is not.
  return { flash: { id: `flash-${Date.now()}-${Math.random().toString(36).slice(2)}`, tone, message } };
}

export function readFlash(state: unknown): Flash | null {
  if (!state || typeof state !== 'object' || !('flash' in state)) return null;
  const flash = (state as { flash: unknown }).flash;
  if (!flash || typeof flash !== 'object') return null;
  const { id, tone, message } = flash as Partial<Flash>;
  return typeof id === 'string' &&
    typeof message === 'string' &&
    (tone === 'error' || tone === 'info' || tone === 'success')
    ? { id, tone, message }
    : null;
}
