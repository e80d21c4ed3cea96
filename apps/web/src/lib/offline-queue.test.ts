// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { HttpError } from '@strata/sync/http-client';
import type { FailedRequestEntry } from '@strata/sync/queue/failed-request-queue';
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import enUS from '../i18n/locales/en-US.json';
import { toasts } from '../ui/toast-store';
import { api } from './api';
import { connectionSignals, isConnected } from './connection';
import { createIdbQueueStorage } from './idb-queue-storage';
import { pendingCount, retryQueue, startOfflineQueue } from './offline-queue';
import { PROFILE_QUERY } from './profile-query';
import { queryClient } from './query-client';

// What Vite's `define` gives the build; set before the modules above are evaluated.
vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

interface Call {
  method: string;
  path: string;
  key: string | undefined;
  body: unknown;
}

/** The network: records what was sent and answers with `answer`, which may throw (no answer). */
let calls: Call[] = [];
let answer: (call: Call) => Response = () => json(200, {});
let isBrowserOnline = true;
let userId = 100;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const noAnswer = () => {
  throw new TypeError('Failed to fetch');
};

beforeAll(async () => {
  await i18next.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => isBrowserOnline });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = init.headers as Record<string, string>;
    const call = {
      method: String(init.method),
      path: url,
      key: headers['x-idempotency-key'],
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    return answer(call);
  });
});

beforeEach(async () => {
  calls = [];
  answer = () => json(200, {});
  isBrowserOnline = true;
  connectionSignals.realtimeReconnected();
  // Each test is another user, so each starts with an empty queue of its own.
  userId += 1;
  queryClient.setQueryData(PROFILE_QUERY, { id: userId, name: 'Quinn Queue' });
  await startOfflineQueue();
});

afterEach(() => {
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
});

const stored = () => createIdbQueueStorage(`u${userId}`).load();
const toastTexts = () => toasts.current().map((toast) => toast.message);

/** A promise's state without waiting for it. */
async function stateOf(promise: Promise<unknown>): Promise<'pending' | 'resolved' | 'rejected'> {
  const pending = Symbol('pending');
  return Promise.race([promise, Promise.resolve(pending)]).then(
    (value) => (value === pending ? 'pending' : 'resolved'),
    () => 'rejected',
  );
}

describe('the IndexedDB queue storage', () => {
  test('keeps each user’s entries apart, across instances (a reload), and forgets an emptied queue', async () => {
    const entry = (key: string): FailedRequestEntry => ({
      request: { method: 'PUT', path: '/api/me', body: { name: key }, idempotencyKey: key },
      error: { status: 0, message: 'Offline' },
      reserved_at: null,
    });
    const first = createIdbQueueStorage('u1', 'queue-storage-test');
    expect(await first.load()).toEqual([]);
    await first.save([entry('a'), entry('b')]);
    await createIdbQueueStorage('u2', 'queue-storage-test').save([entry('c')]);

    expect(await createIdbQueueStorage('u1', 'queue-storage-test').load()).toEqual([entry('a'), entry('b')]);
    expect(await createIdbQueueStorage('u2', 'queue-storage-test').load()).toEqual([entry('c')]);
    await first.save([]);
    expect(await createIdbQueueStorage('u1', 'queue-storage-test').load()).toEqual([]);
  });
});

describe('api with { queue: true }', () => {
  test('answered at once, a change is sent once and nothing is queued', async () => {
    answer = (call) => json(200, { name: (call.body as { name: string }).name });
    await expect(api.put('/api/me', { name: 'Ada' }, { queue: true })).resolves.toEqual({ name: 'Ada' });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.key).toEqual(expect.any(String));
    expect(await stored()).toEqual([]);
  });

  test('a change that gets no answer is queued with its method, path, body and key; its promise waits for the replay', async () => {
    answer = noAnswer;
    const saving = api.put('/api/me', { name: 'Ada' }, { queue: true });
    await vi.waitFor(async () => expect(await stored()).toHaveLength(1));
    const [entry] = await stored();
    expect(entry!.request).toEqual({
      method: 'PUT',
      path: '/api/me',
      body: { name: 'Ada' },
      idempotencyKey: calls[0]!.key,
    });
    expect(isConnected()).toBe(false);
    expect(pendingCount()).toBe(1);
    expect(await stateOf(saving)).toBe('pending');

    answer = () => json(200, { name: 'Ada', row_version: 2 });
    connectionSignals.realtimeReconnected();
    await expect(saving).resolves.toEqual({ name: 'Ada', row_version: 2 });
    // The replay carried the key of the first attempt: the server applies the change once.
    expect(calls.map((call) => call.key)).toEqual([calls[0]!.key, calls[0]!.key]);
    expect(await stored()).toEqual([]);
    expect(pendingCount()).toBe(0);
  });

  test("offline, a change fails at once with 'Offline' and is queued without being sent; a retry says 'still offline'; 'online' replays it", async () => {
    isBrowserOnline = false;
    const saving = api.put('/api/teams/1', { name: 'Harbour' }, { queue: true });
    await vi.waitFor(async () => expect(await stored()).toHaveLength(1));
    expect(calls).toEqual([]);

    await retryQueue();
    expect(toastTexts()).toContain('Still offline. Your changes will be sent when the connection returns.');
    expect(calls).toEqual([]);

    isBrowserOnline = true;
    window.dispatchEvent(new Event('online'));
    await expect(saving).resolves.toEqual({});
    expect(calls).toHaveLength(1);
    expect(await stored()).toEqual([]);
  });

  test("'online' replays a change refused offline even when it is not yet in the stored queue", async () => {
    isBrowserOnline = false;
    const saving = api.put('/api/teams/1', { name: 'Quay' }, { queue: true });
    // The refusal has reached the queue, whose write has not landed yet.
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(pendingCount()).toBe(0);
    expect(await stateOf(saving)).toBe('pending');

    isBrowserOnline = true;
    window.dispatchEvent(new Event('online'));
    await expect(saving).resolves.toEqual({});
    expect(calls.map((call) => call.body)).toEqual([{ name: 'Quay' }]);
    expect(await stored()).toEqual([]);
  });

  test('a replay the server refuses is dropped: the caller gets the refusal and an error toast says why', async () => {
    answer = noAnswer;
    const saving = api.put('/api/teams/1/members/2', { role: 'admin' }, { queue: true });
    const outcome = saving.catch((error: unknown) => error);
    await vi.waitFor(async () => expect(await stored()).toHaveLength(1));

    answer = () => json(403, { message: 'Forbidden', code: 'FORBIDDEN' });
    connectionSignals.realtimeReconnected();
    const error = await outcome;
    expect(error).toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect(await stored()).toEqual([]);
    expect(toastTexts()).toContain('A change made offline was not saved: This action is unauthorized.');
  });

  test('three queued saves that lost to someone else’s change (409) are told in one plain toast', async () => {
    answer = noAnswer;
    const saves = [1, 2, 3].map((n) =>
      api.put(`/api/9/items/item-${n}`, { row_version: 2 }, { queue: true }).catch((error: unknown) => error),
    );
    await vi.waitFor(async () => expect(await stored()).toHaveLength(3));

    const earlier = new Set(toasts.current().map((toast) => toast.id));
    answer = () => json(409, { message: 'Conflict', code: 'CONFLICT' });
    connectionSignals.realtimeReconnected();
    for (const outcome of await Promise.all(saves)) expect(outcome).toMatchObject({ status: 409 });
    expect(await stored()).toEqual([]);
    const errors = toasts.current().filter((toast) => toast.tone === 'error' && !earlier.has(toast.id));
    expect(errors.map((toast) => toast.message)).toEqual([enUS.records.conflict]);
    expect(enUS.records.conflict).not.toMatch(/hiccup|409|conflict/i);
  });

  test('a replay answered 500 stays queued, and its caller keeps waiting', async () => {
    answer = noAnswer;
    const saving = api.put('/api/me', { name: 'Ada' }, { queue: true });
    await vi.waitFor(async () => expect(await stored()).toHaveLength(1));
    answer = () => json(500, {});
    connectionSignals.realtimeReconnected();
    await vi.waitFor(() => expect(calls).toHaveLength(2));
    await vi.waitFor(async () => expect((await stored())[0]?.error.status).toBe(500));
    expect(await stateOf(saving)).toBe('pending');
  });

  test('a change made while others wait goes behind them, so the server gets them in order', async () => {
    answer = noAnswer;
    const first = api.put('/api/me', { name: 'First' }, { queue: true });
    await vi.waitFor(async () => expect(await stored()).toHaveLength(1));
    // The network is back before any sign of it reached the app: the next change must not overtake.
    answer = (call) => json(200, call.body);
    const second = api.put('/api/me', { name: 'Second' }, { queue: true });
    connectionSignals.realtimeReconnected();
    await expect(first).resolves.toEqual({ name: 'First' });
    await expect(second).resolves.toEqual({ name: 'Second' });
    expect(calls.slice(1).map((call) => (call.body as { name: string }).name)).toEqual(['First', 'Second']);
    expect(await stored()).toEqual([]);
  });

  test('two changes of one record made at once go out one after the other; another record’s does not wait', async () => {
    let release!: () => void;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The first answer is slow: sent together, the second would reach the server first.
    answer = ((call: Call) =>
      (call.body as { name: string }).name === 'First'
        ? slow.then(() => json(200, call.body))
        : json(200, call.body)) as unknown as typeof answer;
    const first = api.put('/api/items/a', { name: 'First' }, { queue: true });
    const second = api.put('/api/items/a', { name: 'Second' }, { queue: true });
    const other = api.put('/api/items/b', { name: 'Other' }, { queue: true });
    await expect(other).resolves.toEqual({ name: 'Other' });
    expect(calls.map((call) => call.path)).toEqual(['/api/items/a', '/api/items/b']);
    expect(await stateOf(second)).toBe('pending');
    release();
    await expect(first).resolves.toEqual({ name: 'First' });
    await expect(second).resolves.toEqual({ name: 'Second' });
    expect(calls.map((call) => (call.body as { name: string }).name)).toEqual(['First', 'Other', 'Second']);
  });

  test('offline, two changes of one record are both kept, in order, and replayed in order', async () => {
    answer = noAnswer;
    const first = api.put('/api/items/a', { name: 'First' }, { queue: true });
    const second = api.put('/api/items/a', { name: 'Second' }, { queue: true });
    await vi.waitFor(async () => expect(await stored()).toHaveLength(2));
    expect((await stored()).map((entry) => (entry.request.body as { name: string }).name)).toEqual([
      'First',
      'Second',
    ]);
    answer = (call) => json(200, call.body);
    connectionSignals.realtimeReconnected();
    await expect(first).resolves.toEqual({ name: 'First' });
    await expect(second).resolves.toEqual({ name: 'Second' });
    // However often the first was tried, the second went out once, after the first was taken.
    const names = calls.map((call) => (call.body as { name: string }).name);
    expect(names.filter((name) => name === 'Second')).toEqual(['Second']);
    expect(names.at(-2)).toBe('First');
    expect(names.at(-1)).toBe('Second');
  });

  test('changes queued before a reload are replayed at start-up, and the queries are reloaded', async () => {
    await createIdbQueueStorage(`u${userId}`).save([
      {
        request: { method: 'PUT', path: '/api/me', body: { name: 'Before reload' }, idempotencyKey: 'key-1' },
        error: { status: 0, message: 'Offline' },
        reserved_at: null,
      },
    ]);
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await startOfflineQueue();
    expect(calls).toEqual([
      { method: 'PUT', path: '/api/me', key: 'key-1', body: { name: 'Before reload' } },
    ]);
    expect(await stored()).toEqual([]);
    expect(invalidate).toHaveBeenCalled();
    invalidate.mockRestore();
  });

  test('without the option, or for an upload, a change that gets no answer fails with "Offline" and is not kept', async () => {
    answer = noAnswer;
    await expect(api.put('/api/me', { name: 'Ada' })).rejects.toMatchObject({ code: 'OFFLINE' });
    const upload = new FormData();
    await expect(api.post('/api/me/photo', upload, { queue: true })).rejects.toMatchObject({
      code: 'OFFLINE',
    });
    expect(await stored()).toEqual([]);
  });
});
