// @vitest-environment jsdom
import i18next from 'i18next';
import { afterEach, beforeAll, beforeEach, expect, test, vi } from 'vitest';
import enUS from '../i18n/locales/en-US.json';
import { toasts } from '../ui/toast-store';
import { api } from './api';
import { beforeSync, connectionSignals, isConnected, onSync, subscribeConnection } from './connection';
import { queryClient } from './query-client';

vi.hoisted(() => {
  (globalThis as { __APP_VERSION__?: string }).__APP_VERSION__ = '0.0.0-test';
});

beforeAll(async () => {
  await i18next.init({ lng: 'en-US', resources: { 'en-US': { translation: enUS } } });
});
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  connectionSignals.realtimeReconnected();
  vi.advanceTimersByTime(420_000);
  for (const toast of toasts.current()) toasts.dismiss(toast.id);
  vi.advanceTimersByTime(1_000);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

const messages = () => toasts.current().map((toast) => toast.message);

test("the browser's offline disconnects after 3 s; online shows 'Connected', and 'Syncing' when the sync starts", async () => {
  const changes = vi.fn();
  const stop = subscribeConnection(changes);
  window.dispatchEvent(new Event('offline'));
  vi.advanceTimersByTime(2_999);
  expect(isConnected()).toBe(true);
  vi.advanceTimersByTime(1);
  expect(isConnected()).toBe(false);

  window.dispatchEvent(new Event('online'));
  expect(isConnected()).toBe(true);
  expect(changes).toHaveBeenCalledTimes(2);
  expect(messages()).toEqual(['Connected']);
  // random() = 0.5: the sync waits half of 420 s.
  await vi.advanceTimersByTimeAsync(209_999);
  expect(messages()).not.toContain('Syncing');
  await vi.advanceTimersByTimeAsync(1);
  expect(messages()).toContain('Syncing');
  stop();
});

test('a sync awaits the queue replay, then invalidates the queries and calls the onSync listeners', async () => {
  const order: string[] = [];
  let finishReplay = () => {};
  const stopStep = beforeSync(
    () =>
      new Promise<void>((resolve) => {
        order.push('replay started');
        finishReplay = () => {
          order.push('replay done');
          resolve();
        };
      }),
  );
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries').mockImplementation(async () => {
    order.push('invalidate');
  });
  const stopListener = onSync(() => order.push('listener'));

  connectionSignals.networkFailed();
  connectionSignals.realtimePong();
  await vi.advanceTimersByTimeAsync(210_000);
  expect(order).toEqual(['replay started']);
  finishReplay();
  await vi.advanceTimersByTimeAsync(0);
  expect(order).toEqual(['replay started', 'replay done', 'invalidate', 'listener']);
  expect(invalidate).toHaveBeenCalledOnce();
  stopStep();
  stopListener();
});

test('the HTTP client feeds it: no answer disconnects at once; a successful change reconnects, a successful read does not', async () => {
  const fetch = vi.fn(async (): Promise<Response> => {
    throw new TypeError('Failed to fetch');
  });
  vi.stubGlobal('fetch', fetch);
  await expect(api.put('/api/me', { name: 'x' })).rejects.toMatchObject({ code: 'OFFLINE' });
  expect(isConnected()).toBe(false);

  fetch.mockImplementation(async () => new Response('{}', { status: 200 }));
  await api.get('/api/me');
  expect(isConnected()).toBe(false);
  await api.put('/api/me', { name: 'x' });
  expect(isConnected()).toBe(true);
  vi.unstubAllGlobals();
});

test('while the browser says it is offline, a late answer or a pong does not bring the app back; online does', async () => {
  let isOnline = true;
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => isOnline });
  // A save sent before the drop, answered after it.
  let answer = (_response: Response) => {};
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))),
  );
  const saving = api.put('/api/log', {});
  await vi.advanceTimersByTimeAsync(0);
  isOnline = false;
  window.dispatchEvent(new Event('offline'));
  answer(new Response('{}', { status: 200 }));
  await saving;
  connectionSignals.realtimePong();
  connectionSignals.realtimeReconnected();
  vi.advanceTimersByTime(3_000);
  expect(isConnected()).toBe(false);

  isOnline = true;
  window.dispatchEvent(new Event('online'));
  expect(isConnected()).toBe(true);
  vi.unstubAllGlobals();
});
