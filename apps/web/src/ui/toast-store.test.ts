import { describe, expect, test } from 'vitest';
import {
  createToastStore,
  OFFLINE_TOAST_DURATION_MS,
  TOAST_ANIMATION_MS,
  TOAST_DURATION_MS,
} from './toast-store';

/** A scheduler whose clock the test moves. */
function manualClock() {
  let now = 0;
  const timers: { at: number; fn: () => void }[] = [];
  return {
    schedule: (fn: () => void, ms: number) => timers.push({ at: now + ms, fn }),
    advance(ms: number) {
      now += ms;
      for (const timer of timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.fn();
      }
    },
  };
}

describe('toasts', () => {
  test.each([
    { kind: 'default', durationMs: TOAST_DURATION_MS },
    { kind: 'offline', durationMs: OFFLINE_TOAST_DURATION_MS },
  ])('a $kind toast leaves after $durationMs ms plus the 300 ms animation', ({ kind, durationMs }) => {
    const clock = manualClock();
    const store = createToastStore(clock.schedule);
    if (kind === 'offline') store.offline('This action is not available when you are offline.');
    else store.show('Saved');
    clock.advance(durationMs - 1);
    expect(store.current()).toHaveLength(1);
    expect(store.current()[0]!.leaving).toBe(false);
    clock.advance(1);
    expect(store.current()[0]!.leaving).toBe(true);
    clock.advance(TOAST_ANIMATION_MS);
    expect(store.current()).toHaveLength(0);
  });

  test('the timings are the spec values', () => {
    expect([TOAST_DURATION_MS, OFFLINE_TOAST_DURATION_MS, TOAST_ANIMATION_MS]).toEqual([3000, 10000, 300]);
  });

  test('dismissing early animates out once, and later timers do nothing', () => {
    const clock = manualClock();
    const store = createToastStore(clock.schedule);
    const id = store.show('Hello');
    const seen: number[] = [];
    store.subscribe((list) => seen.push(list.length));
    store.dismiss(id);
    store.dismiss(id);
    clock.advance(TOAST_ANIMATION_MS);
    expect(store.current()).toEqual([]);
    clock.advance(TOAST_DURATION_MS);
    expect(seen).toEqual([1, 0]);
  });
});
