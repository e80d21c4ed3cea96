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

  test('toasts of one key coalesce: the second replaces the first and runs the full time again', () => {
    const clock = manualClock();
    const store = createToastStore(clock.schedule);
    const first = store.show('Saved twice?', { key: 'conflict', tone: 'error' });
    clock.advance(TOAST_DURATION_MS - 1);
    const second = store.show('Someone else changed this.', { key: 'conflict', tone: 'error' });
    store.show('Unrelated');
    expect(second).toBe(first);
    expect(store.current().map((toast) => toast.message)).toEqual([
      'Someone else changed this.',
      'Unrelated',
    ]);
    // The first toast's own timer no longer ends it: only the newest one counts.
    clock.advance(1);
    expect(store.current()[0]!.leaving).toBe(false);
    clock.advance(TOAST_DURATION_MS - 1);
    expect(store.current()[0]!.leaving).toBe(true);
  });

  test.each([
    { case: 'without a key', first: undefined, second: undefined, count: 2 },
    // The same words without a key: the same news, told once.
    { case: 'without a key, same words', first: undefined, second: undefined, count: 1, same: true },
    { case: 'with different keys', first: 'a', second: 'b', count: 2 },
    { case: 'with the same key', first: 'a', second: 'a', count: 1 },
  ])('two toasts $case: $count on screen', ({ first, second, count, same }) => {
    const store = createToastStore(manualClock().schedule);
    store.show('One', { key: first });
    store.show(same ? 'One' : 'Two', { key: second });
    expect(store.current()).toHaveLength(count);
  });

  test('a toast already leaving is not reused: the news shows anew', () => {
    const clock = manualClock();
    const store = createToastStore(clock.schedule);
    const first = store.show('Once', { key: 'k' });
    store.dismiss(first);
    const second = store.show('Again', { key: 'k' });
    expect(second).not.toBe(first);
    clock.advance(TOAST_ANIMATION_MS);
    expect(store.current().map((toast) => toast.message)).toEqual(['Again']);
  });
});
