import { useCallback, useSyncExternalStore } from 'react';

/**
 * How this device lays the screens out (sidebar and folder panel collapsed, the folder panel's
 * width): kept in localStorage, not in the profile, since a phone and a wide monitor want
 * different room (docs/layout.md). Every tab follows a change made in another (storage event).
 */
const PREFIX = 'strata.layout.';
const listeners = new Set<() => void>();
/** Where a choice lives when the browser refuses storage (a private window): for this page only. */
const memory = new Map<string, string>();

function read(key: string): string | null {
  try {
    return localStorage.getItem(PREFIX + key);
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    localStorage.setItem(PREFIX + key, value);
  } catch {
    memory.set(key, value);
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const handleStorage = (event: StorageEvent) => {
    if (event.key === null || event.key.startsWith(PREFIX)) listener();
  };
  window.addEventListener('storage', handleStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', handleStorage);
  };
}

/** A yes/no layout choice of this device (`false` until chosen). */
export function useLayoutFlag(key: string): [boolean, (next: boolean) => void] {
  const value = useSyncExternalStore(subscribe, () => (read(key) ?? memory.get(key)) === 'true');
  const set = useCallback((next: boolean) => write(key, String(next)), [key]);
  return [value, set];
}

/** Keeps `value` within [min, max], rounded to whole pixels. */
export function clampSize(value: number, min: number, max: number): number {
  return Math.round(Math.min(max, Math.max(min, value)));
}

/** A size in pixels this device chose, within [min, max]; `fallback` until chosen. */
export function useLayoutSize(
  key: string,
  { fallback, min, max }: { fallback: number; min: number; max: number },
): [number, (next: number) => void] {
  const stored = useSyncExternalStore(subscribe, () => read(key) ?? memory.get(key) ?? null);
  const parsed = stored === null ? Number.NaN : Number(stored);
  const value = Number.isFinite(parsed) ? clampSize(parsed, min, max) : fallback;
  const set = useCallback((next: number) => write(key, String(clampSize(next, min, max))), [key, min, max]);
  return [value, set];
}

const NARROW = '(max-width: 779px)';

/** Whether the screen is as narrow as a phone's (the sidebar is a drawer there, see app-shell.module.css). */
export function useIsNarrowScreen(): boolean {
  return useSyncExternalStore(
    (listener) => {
      const query = window.matchMedia(NARROW);
      query.addEventListener('change', listener);
      return () => query.removeEventListener('change', listener);
    },
    () => window.matchMedia(NARROW).matches,
  );
}
