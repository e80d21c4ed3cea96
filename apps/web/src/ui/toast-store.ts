/** Toast timings of spec section 9. */
export const TOAST_DURATION_MS = 3_000;
export const OFFLINE_TOAST_DURATION_MS = 10_000;
export const TOAST_ANIMATION_MS = 300;
export const TOAST_SWIPE_DISMISS_PX = 80;

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
  /** Set when the toast is leaving (its exit animation runs for TOAST_ANIMATION_MS). */
  leaving: boolean;
}

type Listener = (toasts: readonly Toast[]) => void;

/**
 * The toasts on screen. Framework-free so any code (request layer, commands) can raise one;
 * `schedule` is injectable so tests drive time.
 */
export function createToastStore(schedule: (fn: () => void, ms: number) => unknown = setTimeout) {
  let toasts: Toast[] = [];
  let nextId = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener(toasts);
  };

  function dismiss(id: number): void {
    const toast = toasts.find((t) => t.id === id);
    if (!toast || toast.leaving) return;
    toasts = toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t));
    emit();
    schedule(() => {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_ANIMATION_MS);
  }

  function show(message: string, options: { tone?: ToastTone; durationMs?: number } = {}): number {
    const id = nextId++;
    toasts = [...toasts, { id, message, tone: options.tone ?? 'info', leaving: false }];
    emit();
    schedule(() => dismiss(id), options.durationMs ?? TOAST_DURATION_MS);
    return id;
  }

  return {
    show,
    dismiss,
    /** An action that cannot run offline: shown for 10 s. */
    offline: (message: string) => show(message, { tone: 'error', durationMs: OFFLINE_TOAST_DURATION_MS }),
    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    current: () => toasts,
  };
}

export const toasts = createToastStore();
