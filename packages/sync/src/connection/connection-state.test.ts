import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import {
  type ConnectionState,
  type ConnectionStateOptions,
  createConnectionState,
  RANDOM_SYNC_DELAY_MAX_MS,
} from './connection-state';

type Signal = (state: ConnectionState) => void;

const CONNECTED_SIGNALS: Array<{ signal: string; send: Signal }> = [
  { signal: 'browser online', send: (s) => s.browserOnline() },
  { signal: 'real-time pong', send: (s) => s.realtimePong() },
  { signal: 'real-time reconnect', send: (s) => s.realtimeReconnected() },
  { signal: 'successful POST', send: (s) => s.requestSucceeded('POST') },
  { signal: 'successful PUT', send: (s) => s.requestSucceeded('PUT') },
  { signal: 'successful PATCH', send: (s) => s.requestSucceeded('PATCH') },
  { signal: 'successful delete (lower case)', send: (s) => s.requestSucceeded('delete') },
];

const DELAYED_DISCONNECT_SIGNALS: Array<{ signal: string; send: Signal }> = [
  { signal: 'browser offline', send: (s) => s.browserOffline() },
  { signal: 'real-time disconnect', send: (s) => s.realtimeDisconnected() },
];

function setup(overrides: Partial<ConnectionStateOptions<ReturnType<typeof setTimeout>>> = {}) {
  const onChange = vi.fn();
  const onReturn = vi.fn();
  const onToast = vi.fn();
  const state = createConnectionState({
    setTimer: (callback, ms) => setTimeout(callback, ms),
    clearTimer: (timer) => clearTimeout(timer),
    random: () => 0.5,
    onChange,
    onReturn,
    onToast,
    ...overrides,
  });
  return { state, onChange, onReturn, onToast };
}

/** Disconnected at once and the mocks cleared, so a test sees only what the return does. */
function setupDisconnected(overrides: Partial<ConnectionStateOptions<ReturnType<typeof setTimeout>>> = {}) {
  const context = setup(overrides);
  context.state.networkFailed();
  vi.clearAllMocks();
  return context;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('becoming connected', () => {
  test.each(CONNECTED_SIGNALS)('a $signal makes a disconnected client connected', ({ send }) => {
    const { state, onChange } = setupDisconnected();
    send(state);
    expect(state.isConnected()).toBe(true);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);
  });

  test.each(['GET', 'HEAD', 'OPTIONS', 'get'])(
    'a successful %s proves nothing: it may come from a cache',
    (method) => {
      const { state, onChange } = setupDisconnected();
      state.requestSucceeded(method);
      expect(state.isConnected()).toBe(false);
      expect(onChange).not.toHaveBeenCalled();
    },
  );

  test.each(CONNECTED_SIGNALS)('a $signal while connected changes nothing and shows no toast', ({ send }) => {
    const { state, onChange, onToast } = setup();
    send(state);
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    expect(onChange).not.toHaveBeenCalled();
    expect(onToast).not.toHaveBeenCalled();
  });
});

describe('becoming disconnected', () => {
  test.each(DELAYED_DISCONNECT_SIGNALS)('a $signal disconnects after 3 s, not before', ({ send }) => {
    const { state, onChange } = setup();
    send(state);
    vi.advanceTimersByTime(2_999);
    expect(state.isConnected()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(state.isConnected()).toBe(false);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(false);
  });

  test.each(
    DELAYED_DISCONNECT_SIGNALS.flatMap((lost) =>
      CONNECTED_SIGNALS.map((back) => ({
        lost: lost.signal,
        back: back.signal,
        sendLost: lost.send,
        sendBack: back.send,
      })),
    ),
  )('a $lost followed within the delay by a $back is no disconnection at all', ({ sendLost, sendBack }) => {
    const { state, onChange, onToast, onReturn } = setup();
    sendLost(state);
    vi.advanceTimersByTime(2_999);
    sendBack(state);
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    expect(state.isConnected()).toBe(true);
    expect(onChange).not.toHaveBeenCalled();
    expect(onToast).not.toHaveBeenCalled();
    expect(onReturn).not.toHaveBeenCalled();
  });

  test('a second hint does not postpone the first: the delay runs from the first', () => {
    const { state } = setup();
    state.browserOffline();
    vi.advanceTimersByTime(2_000);
    state.realtimeDisconnected();
    vi.advanceTimersByTime(1_000);
    expect(state.isConnected()).toBe(false);
  });

  test('the delay is injectable', () => {
    const { state } = setup({ disconnectDelayMs: 500 });
    state.realtimeDisconnected();
    vi.advanceTimersByTime(500);
    expect(state.isConnected()).toBe(false);
  });

  test('an HTTP network failure disconnects at once, and the pending delayed one reports no second change', () => {
    const { state, onChange } = setup();
    state.browserOffline();
    state.networkFailed();
    expect(state.isConnected()).toBe(false);
    vi.advanceTimersByTime(10_000);
    expect(onChange.mock.calls).toEqual([[false]]);
  });

  test('repeated failures report the change once', () => {
    const { state, onChange } = setup();
    state.networkFailed();
    state.networkFailed();
    state.browserOffline();
    vi.advanceTimersByTime(10_000);
    expect(onChange.mock.calls).toEqual([[false]]);
  });
});

describe('returning', () => {
  test("a return shows 'Connected' for 5 s at once, and 'Syncing' for 5 s when the sync starts", () => {
    const { state, onToast, onReturn } = setupDisconnected();
    state.browserOnline();
    expect(onToast.mock.calls).toEqual([[{ kind: 'connected', durationMs: 5_000 }]]);
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    expect(onToast.mock.calls[1]).toEqual([{ kind: 'syncing', durationMs: 5_000 }]);
    expect(onReturn).toHaveBeenCalledOnce();
  });

  test.each([
    { random: 0, waitMs: 0 },
    { random: 0.5, waitMs: 210_000 },
    { random: 0.999_999, waitMs: 419_999 },
    { random: 1.5, waitMs: 420_000 },
    { random: -1, waitMs: 0 },
  ])('with random() = $random the sync starts after $waitMs ms (at most 420 s)', ({ random, waitMs }) => {
    const { state, onReturn } = setupDisconnected({ random: () => random });
    state.realtimeReconnected();
    if (waitMs > 0) {
      vi.advanceTimersByTime(waitMs - 1);
      expect(onReturn).not.toHaveBeenCalled();
    }
    vi.advanceTimersByTime(1);
    expect(onReturn).toHaveBeenCalledOnce();
  });

  test("the 'Syncing' toast comes just before the sync", () => {
    const order: string[] = [];
    const { state } = setupDisconnected({
      onToast: (toast) => order.push(toast.kind),
      onReturn: () => order.push('sync'),
    });
    state.browserOnline();
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    expect(order).toEqual(['connected', 'syncing', 'sync']);
  });

  test('a client that starts disconnected returns on its first sign of life', () => {
    const { state, onToast, onReturn } = setup({ isInitiallyConnected: false });
    expect(state.isConnected()).toBe(false);
    state.realtimePong();
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    expect(onToast).toHaveBeenCalledTimes(2);
    expect(onReturn).toHaveBeenCalledOnce();
  });

  test('a connection that flaps during the wait gets one sync, at the first return’s time', () => {
    const { state, onToast, onReturn } = setupDisconnected({ random: () => 0.5 });
    state.browserOnline();
    vi.advanceTimersByTime(100_000);
    state.networkFailed();
    state.browserOnline();
    vi.advanceTimersByTime(110_000);
    expect(onReturn).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    expect(onReturn).toHaveBeenCalledOnce();
    expect(onToast.mock.calls.map(([toast]) => toast.kind)).toEqual(['connected', 'connected', 'syncing']);
  });

  test('a sync whose time comes while disconnected is skipped; the next return schedules it anew', () => {
    const { state, onToast, onReturn } = setupDisconnected({ random: () => 0.5 });
    state.browserOnline();
    state.networkFailed();
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    expect(onReturn).not.toHaveBeenCalled();
    expect(onToast.mock.calls.map(([toast]) => toast.kind)).toEqual(['connected']);
    state.browserOnline();
    vi.advanceTimersByTime(210_000);
    expect(onReturn).toHaveBeenCalledOnce();
  });

  test('each outage gets its own sync', () => {
    const { state, onReturn } = setupDisconnected({ random: () => 0 });
    state.browserOnline();
    vi.advanceTimersByTime(0);
    state.networkFailed();
    state.browserOnline();
    vi.advanceTimersByTime(0);
    expect(onReturn).toHaveBeenCalledTimes(2);
  });
});

describe('dispose', () => {
  test('dispose cancels the pending disconnection and sync, and later signals do nothing', () => {
    const { state, onChange, onReturn, onToast } = setupDisconnected();
    state.browserOnline();
    state.browserOffline();
    state.dispose();
    vi.advanceTimersByTime(RANDOM_SYNC_DELAY_MAX_MS);
    state.networkFailed();
    state.browserOnline();
    expect(onChange.mock.calls).toEqual([[true]]);
    expect(onToast).toHaveBeenCalledOnce();
    expect(onReturn).not.toHaveBeenCalled();
  });
});
