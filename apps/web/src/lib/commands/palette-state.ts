import { useSyncExternalStore } from 'react';

/** What the palette dialog shows: the command list, the shortcuts sheet, or nothing (closed). */
export type PaletteMode = 'commands' | 'shortcuts' | null;

let mode: PaletteMode = null;
const listeners = new Set<() => void>();

/** Opens the palette (its chunk loads on the first open), or switches what it shows. */
export function setPaletteMode(next: PaletteMode): void {
  if (next === mode) return;
  mode = next;
  for (const listener of listeners) listener();
}

export function getPaletteMode(): PaletteMode {
  return mode;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePaletteMode(): PaletteMode {
  return useSyncExternalStore(subscribe, getPaletteMode);
}
