import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createStatusPoller, STATUS_IDLE_DELAY_MS, STATUS_MIN_INTERVAL_MS } from './status-poller';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function setup(answers: Array<{ status: number; body?: unknown } | Error>) {
  const shown: Array<string | null> = [];
  const fetchMessage = vi.fn(async () => {
    const next = answers.shift() ?? { status: 204 };
    if (next instanceof Error) throw next;
    return next;
  });
  const poller = createStatusPoller({
    fetchMessage,
    onContent: (content) => shown.push(content),
    now: () => Date.now(),
    setTimer: (fn, ms) => setTimeout(fn, ms),
    clearTimer: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  });
  return { poller, fetchMessage, shown };
}

describe('the status banner poller', () => {
  test('checks 10 s after activity stops, and activity restarts the wait', async () => {
    const { poller, fetchMessage } = setup([]);
    poller.activity();
    await vi.advanceTimersByTimeAsync(STATUS_IDLE_DELAY_MS - 1);
    poller.activity();
    await vi.advanceTimersByTimeAsync(STATUS_IDLE_DELAY_MS - 1);
    expect(fetchMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMessage).toHaveBeenCalledOnce();
  });

  test('checks at most once per 45 s', async () => {
    const { poller, fetchMessage } = setup([]);
    poller.activity();
    await vi.advanceTimersByTimeAsync(STATUS_IDLE_DELAY_MS);
    poller.activity();
    await vi.advanceTimersByTimeAsync(STATUS_MIN_INTERVAL_MS - 1);
    expect(fetchMessage).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMessage).toHaveBeenCalledTimes(2);
  });

  test.each([
    {
      answer: { status: 200, body: { content: 'Maintenance at 22:00' } },
      shown: 'Maintenance at 22:00',
      stopped: false,
    },
    { answer: { status: 200, body: { content: '  ' } }, shown: null, stopped: false },
    { answer: { status: 200, body: {} }, shown: null, stopped: false },
    { answer: { status: 204 }, shown: null, stopped: false },
    { answer: { status: 500 }, shown: null, stopped: true },
    { answer: { status: 404 }, shown: null, stopped: true },
    { answer: new Error('network'), shown: null, stopped: true },
  ])('answer $answer -> banner $shown, polling stopped $stopped', async ({ answer, shown, stopped }) => {
    const { poller, shown: seen, fetchMessage } = setup([answer]);
    poller.activity();
    await vi.advanceTimersByTimeAsync(STATUS_IDLE_DELAY_MS);
    expect(seen.at(-1)).toBe(shown);
    expect(poller.isStopped).toBe(stopped);
    poller.activity();
    await vi.advanceTimersByTimeAsync(STATUS_MIN_INTERVAL_MS);
    expect(fetchMessage).toHaveBeenCalledTimes(stopped ? 1 : 2);
  });

  test('no timer runs while the page is hidden; showing it again resumes', async () => {
    const { poller, fetchMessage } = setup([]);
    poller.activity();
    poller.setHidden(true);
    await vi.advanceTimersByTimeAsync(STATUS_MIN_INTERVAL_MS * 2);
    expect(fetchMessage).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    poller.setHidden(false);
    await vi.advanceTimersByTimeAsync(STATUS_IDLE_DELAY_MS);
    expect(fetchMessage).toHaveBeenCalledOnce();
  });
});
