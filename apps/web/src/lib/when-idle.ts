import { useEffect, useState } from 'react';

/**
 * Runs `run` once the page has loaded and the main thread has a moment with nothing to do
 * (`requestIdleCallback`; a short timer where there is none), at the latest `timeoutMs` after the
 * load: for work the first screen does not need, so that it does not hold that screen up. Answers a
 * function that cancels it.
 */
export function whenIdle(run: () => void, timeoutMs = 3_000): () => void {
  let cancelIdle: (() => void) | undefined;
  const schedule = () => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(run, { timeout: timeoutMs });
      cancelIdle = () => window.cancelIdleCallback(handle);
    } else {
      const handle = window.setTimeout(run, 200);
      cancelIdle = () => window.clearTimeout(handle);
    }
  };
  if (document.readyState === 'complete') {
    schedule();
    return () => cancelIdle?.();
  }
  window.addEventListener('load', schedule, { once: true });
  return () => {
    window.removeEventListener('load', schedule);
    cancelIdle?.();
  };
}

/** False until the page has loaded and been idle once (`whenIdle`), then true for good. */
export function useIsIdle(): boolean {
  const [isIdle, setIdle] = useState(false);
  useEffect(() => whenIdle(() => setIdle(true)), []);
  return isIdle;
}
