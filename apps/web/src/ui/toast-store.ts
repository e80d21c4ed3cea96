/** Toast timings of spec section 9. */
export const TOAST_DURATION_MS = 3_000;
export const OFFLINE_TOAST_DURATION_MS = 10_000;
export const TOAST_ANIMATION_MS = 300;
export const TOAST_SWIPE_DISMISS_PX = 80;

export type ToastTone = 'info' | 'success' | 'error';

export interface Toast {
  id: number;
  /** Toasts of one kind share a key: a second one while the first shows replaces it. */
  key: string;
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
  // The newest timer of each toast: a coalesced toast's older timers must not end it early.
  const timers = new Map<number, number>();
  let nextTimer = 1;
  const listeners = new Set<Listener>();
  const emit = () => {
    for (const listener of listeners) listener(toasts);
  };

  function dismiss(id: number): void {
    const toast = toasts.find((t) => t.id === id);
    if (!toast || toast.leaving) return;
    timers.delete(id);
    toasts = toasts.map((t) => (t.id === id ? { ...t, leaving: true } : t));
    emit();
    schedule(() => {
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_ANIMATION_MS);
  }

  function dismissLater(id: number, ms: number): void {
    const timer = nextTimer++;
    timers.set(id, timer);
    schedule(() => {
      if (timers.get(id) === timer) dismiss(id);
    }, ms);
  }

  /**
   * Shows a toast for its duration. A toast of the same `key` still on screen is updated in place
   * and shown for the full duration again, so that a burst of the same news (three queued edits
   * refused at once, a notice raised by each hook that watches a store, a key pressed again) is
   * one toast. Without a key, the same words in the same tone are the same news.
   */
  function show(
    message: string,
    options: { tone?: ToastTone; durationMs?: number; key?: string } = {},
  ): number {
    const tone = options.tone ?? 'info';
    const durationMs = options.durationMs ?? TOAST_DURATION_MS;
    const key = options.key ?? `${tone}:${message}`;
    const same = toasts.find((t) => t.key === key && !t.leaving);
    if (same) {
      toasts = toasts.map((t) => (t.id === same.id ? { ...t, message, tone } : t));
      emit();
      dismissLater(same.id, durationMs);
      return same.id;
    }
    const id = nextId++;
    toasts = [...toasts, { id, key, message, tone, leaving: false }];
    emit();
    dismissLater(id, durationMs);
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
