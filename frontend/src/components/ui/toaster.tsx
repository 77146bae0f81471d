import { useEffect, useRef } from 'react';
import { Button } from 'react-aria-components';
import { dismissToast, useToasts, type ToastTone } from '../../lib/toast.tsx';
import { focusRing } from './focus-ring.ts';

const tones: Record<ToastTone, { box: string; icon: string }> = {
  success: { box: 'border-emerald-200 bg-white', icon: 'bg-emerald-600' },
  error: { box: 'border-red-200 bg-white', icon: 'bg-red-600' },
  info: { box: 'border-sky-200 bg-white', icon: 'bg-sky-600' },
};

/** The key that moves focus to the toasts (spec §9). */
const TOAST_HOTKEY = 'F8';

/**
 * The toast at the top right, under the header so that it never covers the menu; errors are alerts, the rest
 * status messages. It can be dismissed; F8 reaches it.
 */
export function Toaster() {
  const toasts = useToasts();
  const region = useRef<HTMLElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== TOAST_HOTKEY || !region.current?.firstElementChild) return;
      event.preventDefault();
      region.current.focus();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <section
      ref={region}
      tabIndex={-1}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      className="pointer-events-none fixed top-20 right-4 z-50 flex w-[min(24rem,calc(100vw-2rem))] flex-col gap-2 outline-none"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.tone === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-3 rounded-xl border p-4 shadow-lg ${tones[toast.tone].box}`}
        >
          <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${tones[toast.tone].icon}`} />
          <div className="flex-1 text-sm text-slate-900">
            {toast.title && <p className="font-semibold">{toast.title}</p>}
            <p className="font-medium">{toast.message}</p>
          </div>
          <Button
            aria-label="Dismiss"
            onPress={() => dismissToast(toast.id)}
            className={`-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 cursor-pointer ${focusRing}`}
          >
            <span aria-hidden="true">✕</span>
          </Button>
        </div>
      ))}
    </section>
  );
}
