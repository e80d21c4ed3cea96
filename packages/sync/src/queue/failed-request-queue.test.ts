import { describe, expect, test, vi } from 'vitest';
import {
  createExclusive,
  createFailedRequestQueue,
  createMemoryFailedRequestStorage,
  type Exclusive,
  type FailedRequestEntry,
  type FailedRequestStorage,
  isRetryableAnswer,
  type QueuedRequest,
  type SendAnswer,
} from './failed-request-queue';

const NOW = Date.parse('2026-06-01T10:00:00Z');
const OFFLINE = { status: 0, message: 'Offline' };

const request = (n: number): QueuedRequest => ({
  method: 'PUT',
  path: `/api/items/${n}`,
  body: { name: `item ${n}` },
  idempotencyKey: `key-${n}`,
});

function setup(
  options: {
    storage?: FailedRequestStorage;
    send?: (request: QueuedRequest) => Promise<SendAnswer>;
    isOnline?: () => boolean;
    now?: () => number;
    exclusive?: Exclusive;
  } = {},
) {
  const storage = options.storage ?? createMemoryFailedRequestStorage();
  const send = vi.fn<(request: QueuedRequest) => Promise<SendAnswer>>(
    options.send ?? (async () => ({ status: 200 })),
  );
  const onDropped = vi.fn();
  const queue = createFailedRequestQueue({
    storage,
    send,
    isOnline: options.isOnline ?? (() => true),
    now: options.now ?? (() => NOW),
    onDropped,
    exclusive: options.exclusive,
  });
  return { queue, storage, send, onDropped };
}

const keysOf = (entries: FailedRequestEntry[]) => entries.map((entry) => entry.request.idempotencyKey);
const sentKeys = (send: { mock: { calls: Array<[QueuedRequest]> } }) =>
  send.mock.calls.map(([sent]) => sent.idempotencyKey);

describe('adding', () => {
  test('a failed request is stored as { request, error, reserved_at } with its original idempotency key', async () => {
    const { queue } = setup();
    await queue.add(request(1), OFFLINE);
    expect(await queue.entries()).toEqual([{ request: request(1), error: OFFLINE, reserved_at: null }]);
  });

  test('the same failure reported twice is kept once, in its first place, with the latest error', async () => {
    const { queue } = setup();
    await queue.add(request(1), OFFLINE);
    await queue.add(request(2), OFFLINE);
    await queue.add(request(1), { status: 503, message: 'Service Unavailable' });
    const entries = await queue.entries();
    expect(keysOf(entries)).toEqual(['key-1', 'key-2']);
    expect(entries[0]!.error.status).toBe(503);
  });

  test('adds made at the same time are all kept', async () => {
    const { queue } = setup();
    await Promise.all([1, 2, 3, 4].map((n) => queue.add(request(n), OFFLINE)));
    expect(keysOf(await queue.entries())).toEqual(['key-1', 'key-2', 'key-3', 'key-4']);
  });
});

describe('which answers keep a change queued', () => {
  test.each([
    { answer: { status: 200 }, isRetryable: false },
    { answer: { status: 204 }, isRetryable: false },
    { answer: { status: 400 }, isRetryable: false },
    { answer: { status: 401 }, isRetryable: false },
    { answer: { status: 403 }, isRetryable: false },
    { answer: { status: 404 }, isRetryable: false },
    { answer: { status: 409, code: 'CONFLICT' }, isRetryable: false },
    { answer: { status: 422, code: 'IDEMPOTENCY_KEY_REUSED' }, isRetryable: false },
    { answer: { status: 0 }, isRetryable: true },
    { answer: { status: 408 }, isRetryable: true },
    { answer: { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' }, isRetryable: true },
    { answer: { status: 429 }, isRetryable: true },
    { answer: { status: 500 }, isRetryable: true },
    { answer: { status: 503 }, isRetryable: true },
  ])('$answer.status $answer.code -> retryable: $isRetryable', ({ answer, isRetryable }) => {
    expect(isRetryableAnswer(answer)).toBe(isRetryable);
  });
});

describe('retrying', () => {
  test("offline, a retry fails at once with 'still offline' and sends nothing", async () => {
    const { queue, send } = setup({ isOnline: () => false });
    await queue.add(request(1), OFFLINE);
    await expect(queue.retryAll()).rejects.toThrow('still offline');
    expect(send).not.toHaveBeenCalled();
    expect(await queue.entries()).toHaveLength(1);
  });

  test('a replay sends the stored method, path, body and ORIGINAL idempotency key, and is removed on success', async () => {
    const { queue, send } = setup();
    await queue.add(request(1), OFFLINE);
    expect(await queue.retryAll()).toEqual({ succeeded: 1, dropped: 0, remaining: 0 });
    expect(send).toHaveBeenCalledExactlyOnceWith(request(1));
    expect(await queue.entries()).toEqual([]);
  });

  test.each([
    { status: 400 },
    { status: 403 },
    { status: 404 },
    { status: 409, code: 'CONFLICT' },
    { status: 422 },
  ])(
    'a change the server refuses ($status $code) is dropped and reported; the queue goes on',
    async (answer) => {
      const { queue, onDropped } = setup({
        send: async (sent) => (sent.idempotencyKey === 'key-1' ? answer : { status: 200 }),
      });
      await queue.add(request(1), OFFLINE);
      await queue.add(request(2), OFFLINE);
      expect(await queue.retryAll()).toEqual({ succeeded: 1, dropped: 1, remaining: 0 });
      expect(onDropped).toHaveBeenCalledExactlyOnceWith(
        expect.objectContaining({ request: request(1) }),
        answer,
      );
    },
  );

  test.each([
    { answer: { status: 500 }, error: { status: 500, message: '' } },
    {
      answer: { status: 503, message: 'Service Unavailable' },
      error: { status: 503, message: 'Service Unavailable' },
    },
    { answer: { status: 408 }, error: { status: 408, message: '' } },
    { answer: { status: 429, code: 'RATE_LIMITED' }, error: { status: 429, message: 'RATE_LIMITED' } },
    {
      answer: { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' },
      error: { status: 409, message: 'IDEMPOTENCY_IN_PROGRESS' },
    },
  ])(
    'a change answered $answer.status stays, freed and with the new error, and the run stops there',
    async ({ answer, error }) => {
      const { queue, send, onDropped } = setup({ send: async () => answer });
      await queue.add(request(1), OFFLINE);
      await queue.add(request(2), OFFLINE);
      expect(await queue.retryAll()).toEqual({ succeeded: 0, dropped: 0, remaining: 2 });
      expect(sentKeys(send)).toEqual(['key-1']);
      expect((await queue.entries())[0]).toEqual({ request: request(1), error, reserved_at: null });
      expect(onDropped).not.toHaveBeenCalled();
    },
  );

  test('a change that gets no answer stays with status 0 and the run stops there', async () => {
    const { queue, send } = setup({
      send: async () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await queue.add(request(1), OFFLINE);
    await queue.add(request(2), OFFLINE);
    expect(await queue.retryAll()).toEqual({ succeeded: 0, dropped: 0, remaining: 2 });
    expect(sentKeys(send)).toEqual(['key-1']);
    expect((await queue.entries())[0]!.error).toEqual({ status: 0, message: 'Failed to fetch' });
  });

  test('changes are replayed in the order they failed, and the next retry resumes at the one that failed', async () => {
    const answers = [{ status: 200 }, { status: 502 }, { status: 200 }, { status: 200 }];
    const { queue, send } = setup({ send: async () => answers.shift()! });
    for (const n of [1, 2, 3]) await queue.add(request(n), OFFLINE);
    await queue.retryAll();
    expect(keysOf(await queue.entries())).toEqual(['key-2', 'key-3']);
    await queue.retryAll();
    expect(sentKeys(send)).toEqual(['key-1', 'key-2', 'key-2', 'key-3']);
    expect(await queue.entries()).toEqual([]);
  });

  test('a change queued during a run is sent by that run', async () => {
    const { queue, send } = setup({
      send: async (sent) => {
        if (sent.idempotencyKey === 'key-1') await queue.add(request(2), OFFLINE);
        return { status: 200 };
      },
    });
    await queue.add(request(1), OFFLINE);
    expect(await queue.retryAll()).toEqual({ succeeded: 2, dropped: 0, remaining: 0 });
    expect(sentKeys(send)).toEqual(['key-1', 'key-2']);
  });
});

describe('the 10 s request lock', () => {
  const reservedAt = (at: number | null): FailedRequestEntry[] => [
    { request: request(1), error: OFFLINE, reserved_at: at },
  ];

  test.each([
    { reservedAgoMs: 0, isSent: false },
    { reservedAgoMs: 9_999, isSent: false },
    { reservedAgoMs: 10_000, isSent: true },
    { reservedAgoMs: 60_000, isSent: true },
    { reservedAgoMs: -3_600_000, isSent: true },
  ])(
    'an entry taken $reservedAgoMs ms ago by another tab is sent: $isSent',
    async ({ reservedAgoMs, isSent }) => {
      const storage = createMemoryFailedRequestStorage(reservedAt(NOW - reservedAgoMs));
      const { queue, send } = setup({ storage });
      await queue.retryAll();
      expect(send).toHaveBeenCalledTimes(isSent ? 1 : 0);
    },
  );

  test('an entry being sent is marked reserved_at = now in the shared storage', async () => {
    const storage = createMemoryFailedRequestStorage(reservedAt(null));
    const seen: Array<number | null> = [];
    const { queue } = setup({
      storage,
      send: async () => {
        seen.push(storage.current()[0]!.reserved_at);
        return { status: 200 };
      },
    });
    await queue.retryAll();
    expect(seen).toEqual([NOW]);
  });

  test('two tabs retrying the same storage at once send each change once', async () => {
    const storage = createMemoryFailedRequestStorage();
    const sent: string[] = [];
    const send = async (r: QueuedRequest) => {
      sent.push(r.idempotencyKey);
      await new Promise((resolve) => setTimeout(resolve, 1));
      return { status: 200 };
    };
    // What navigator.locks gives the tabs of a browser: one load-change-save at a time.
    const exclusive = createExclusive();
    const tabA = setup({ storage, send, exclusive }).queue;
    const tabB = setup({ storage, send, exclusive }).queue;
    for (const n of [1, 2, 3]) await tabA.add(request(n), OFFLINE);
    await Promise.all([tabA.retryAll(), tabB.retryAll(), tabA.retryAll()]);
    expect(sent).toEqual(['key-1', 'key-2', 'key-3']);
    expect(storage.current()).toEqual([]);
  });
});

describe('the in-memory storage', () => {
  test('hands out copies, as a persisted store would', async () => {
    const storage = createMemoryFailedRequestStorage();
    await storage.save([{ request: request(1), error: OFFLINE, reserved_at: null }]);
    const loaded = await storage.load();
    loaded[0]!.reserved_at = 1;
    expect((await storage.load())[0]!.reserved_at).toBeNull();
  });
});
