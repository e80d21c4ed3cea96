import { useState } from 'react';

/**
 * A value drawn from a store that draws a change a moment later (the record store saves, then
 * renders): the change shows in its own render until the store's next value comes. A control
 * drawn only from the store would go back for that moment (React restores a controlled input).
 */
export function usePendingValue<T>(saved: T): [T, (next: T) => void] {
  const [pending, setPending] = useState<{ from: T; next: T } | null>(null);
  const value = pending && Object.is(pending.from, saved) ? pending.next : saved;
  return [value, (next) => setPending({ from: saved, next })];
}
