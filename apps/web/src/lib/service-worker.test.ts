// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { SW_CHANNEL } from '../sw/sw-protocol';

/** A worker that answers GET_VERSION with its version (or never, when it has none). */
interface FakeWorker {
  version: string | null;
  postMessage: ReturnType<typeof vi.fn>;
}
const fake = vi.hoisted(() => ({
  registration: null as null | { waiting: unknown; update: ReturnType<typeof vi.fn> },
  waitingListeners: [] as Array<(event: { sw?: unknown }) => void>,
}));

vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener(type: string, listener: (event: { sw?: unknown }) => void) {
      if (type === 'waiting') fake.waitingListeners.push(listener);
    }
    async register() {
      return fake.registration;
    }
  },
  messageSW: (worker: FakeWorker) =>
    worker.version === null ? new Promise(() => {}) : Promise.resolve(worker.version),
}));

/** BroadcastChannel stand-in: every channel of a name hears what is delivered to that name. */
class FakeChannel extends EventTarget {
  static open: FakeChannel[] = [];
  constructor(readonly name: string) {
    super();
    FakeChannel.open.push(this);
  }
  postMessage() {}
  close() {}
  static deliver(name: string, data: unknown) {
    for (const channel of FakeChannel.open.filter((c) => c.name === name)) {
      channel.dispatchEvent(new MessageEvent('message', { data }));
    }
  }
}

const { registerServiceWorker } = await import('./service-worker');

const worker = (version: string | null): FakeWorker => ({ version, postMessage: vi.fn() });
let container: EventTarget;
let onWorkerVersion: ReturnType<typeof vi.fn<(version: string) => void>>;
let reload: ReturnType<typeof vi.fn<() => void>>;

async function register(msSinceLoad: number, waiting: FakeWorker | null = null) {
  vi.spyOn(performance, 'now').mockReturnValue(msSinceLoad);
  fake.registration = { waiting, update: vi.fn().mockResolvedValue(undefined) };
  await registerServiceWorker({ onWorkerVersion, checkEveryMs: 60 * 60 * 1000, reload });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
  vi.stubGlobal('BroadcastChannel', FakeChannel);
  container = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
  fake.waitingListeners = [];
  FakeChannel.open = [];
  onWorkerVersion = vi.fn();
  reload = vi.fn();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('a worker waiting when the page loads (the reload into an update)', () => {
  test('is found 200 ms after registration, flagged by its version, and takes over; the page then reloads', async () => {
    const waiting = worker('2.0.0');
    await register(3_000, waiting);
    await vi.advanceTimersByTimeAsync(199);
    expect(waiting.postMessage).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(onWorkerVersion).toHaveBeenCalledWith('2.0.0');
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
    expect(reload).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  test('reported both by the waiting event and by the 200 ms check, it is handled once', async () => {
    const waiting = worker('2.0.0');
    await register(3_000, waiting);
    for (const listener of fake.waitingListeners) listener({ sw: waiting });
    await vi.advanceTimersByTimeAsync(200);
    expect(onWorkerVersion).toHaveBeenCalledTimes(1);
    expect(waiting.postMessage).toHaveBeenCalledTimes(1);
  });

  test('one that does not say its version still takes over, without a flag', async () => {
    const waiting = worker(null);
    await register(3_000, waiting);
    await vi.advanceTimersByTimeAsync(200 + 2_000);
    expect(onWorkerVersion).not.toHaveBeenCalled();
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });
});

describe('a worker that turns waiting later', () => {
  test('within the 60 s window it takes over at once', async () => {
    await register(59_000);
    const waiting = worker('2.1.0');
    for (const listener of fake.waitingListeners) listener({ sw: waiting });
    await vi.advanceTimersByTimeAsync(0);
    expect(waiting.postMessage).toHaveBeenCalledWith({ type: 'SKIP_WAITING' });
  });

  test('past the window it only flags update-required, and a controller change does not reload', async () => {
    await register(61_000);
    const waiting = worker('2.1.0');
    for (const listener of fake.waitingListeners) listener({ sw: waiting });
    await vi.advanceTimersByTimeAsync(0);
    expect(onWorkerVersion).toHaveBeenCalledWith('2.1.0');
    expect(waiting.postMessage).not.toHaveBeenCalled();
    container.dispatchEvent(new Event('controllerchange'));
    expect(reload).not.toHaveBeenCalled();
  });
});

test('a worker activated for another page is flagged through SW_CHANNEL', async () => {
  await register(120_000);
  FakeChannel.deliver(SW_CHANNEL, { type: 'activated', version: '3.0.0' });
  FakeChannel.deliver(SW_CHANNEL, { type: 'sign-out' });
  expect(onWorkerVersion).toHaveBeenCalledTimes(1);
  expect(onWorkerVersion).toHaveBeenCalledWith('3.0.0');
});

test('the registration asks the server for a new worker every hour', async () => {
  await register(1_000);
  await vi.advanceTimersByTimeAsync(60 * 60 * 1000 - 1);
  expect(fake.registration!.update).not.toHaveBeenCalled();
  await vi.advanceTimersByTimeAsync(1);
  expect(fake.registration!.update).toHaveBeenCalledTimes(1);
  await vi.advanceTimersByTimeAsync(60 * 60 * 1000);
  expect(fake.registration!.update).toHaveBeenCalledTimes(2);
});
