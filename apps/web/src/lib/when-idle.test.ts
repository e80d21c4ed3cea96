// @vitest-environment jsdom
import { afterEach, expect, test, vi } from 'vitest';
import { whenIdle } from './when-idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test('work deferred to idle runs once the page has loaded and is idle, not before', () => {
  const idle: IdleRequestCallback[] = [];
  vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => idle.push(callback));
  vi.stubGlobal('cancelIdleCallback', () => undefined);
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  const run = vi.fn();
  whenIdle(run);
  expect(idle).toHaveLength(0);
  window.dispatchEvent(new Event('load'));
  expect(idle).toHaveLength(1);
  expect(run).not.toHaveBeenCalled();
  idle[0]!({ didTimeout: false, timeRemaining: () => 10 });
  expect(run).toHaveBeenCalledTimes(1);
});

test('cancelled before the page has loaded, it never runs (a browser without requestIdleCallback)', () => {
  vi.useFakeTimers();
  vi.stubGlobal('requestIdleCallback', undefined);
  vi.spyOn(document, 'readyState', 'get').mockReturnValue('loading');
  const run = vi.fn();
  whenIdle(run)();
  window.dispatchEvent(new Event('load'));
  vi.advanceTimersByTime(1_000);
  expect(run).not.toHaveBeenCalled();
  const again = vi.fn();
  whenIdle(again);
  window.dispatchEvent(new Event('load'));
  vi.advanceTimersByTime(1_000);
  expect(again).toHaveBeenCalledTimes(1);
});
