import { type ConnectionState, createConnectionState } from '@strata/sync/connection/connection-state';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { toasts } from '../ui/toast-store';
import { queryClient } from './query-client';

/** What feeds the connection: the HTTP client (api.ts) and the real-time client (realtime.ts). */
export type ConnectionSignals = Pick<
  ConnectionState,
  'realtimePong' | 'realtimeReconnected' | 'realtimeDisconnected' | 'requestSucceeded' | 'networkFailed'
>;

const changeListeners = new Set<() => void>();
const syncListeners = new Set<() => unknown>();
const syncSteps = new Set<() => Promise<unknown>>();

/**
 * A sync after a return (spec section 4): first the steps that must land before anything is
 * reloaded (the offline queue's replay, so the reload sees the replayed changes), then every query
 * (the notification list with them; active ones refetch now, the rest when next used), then the
 * listeners of `onSync` (the record stores' delta sync).
 */
async function sync(): Promise<void> {
  await Promise.allSettled([...syncSteps].map((step) => step()));
  void queryClient.invalidateQueries();
  for (const listener of syncListeners) {
    Promise.resolve()
      .then(listener)
      .catch((error: unknown) => console.warn('a sync listener failed', error));
  }
}

const hasWindow = typeof window !== 'undefined';

/** The app's one connection state: fed by the browser, the real-time client and the HTTP client. */
const state = createConnectionState<number>({
  setTimer: (callback, ms) => window.setTimeout(callback, ms),
  clearTimer: (timer) => window.clearTimeout(timer),
  random: () => Math.random(),
  isInitiallyConnected: typeof navigator === 'undefined' || navigator.onLine,
  onChange: () => {
    for (const listener of changeListeners) listener();
  },
  onReturn: () => void sync(),
  onToast: (toast) =>
    toasts.show(i18next.t(`connection.${toast.kind}`), {
      tone: toast.kind === 'connected' ? 'success' : 'info',
      durationMs: toast.durationMs,
    }),
});

if (hasWindow) {
  window.addEventListener('online', () => state.browserOnline());
  window.addEventListener('offline', () => state.browserOffline());
}

const isBrowserOffline = () => typeof navigator !== 'undefined' && !navigator.onLine;

/**
 * While the browser says it is offline, only its 'online' brings the app back: every request
 * fails with 'Offline' then, so the app must not call itself connected because an answer to a
 * request sent before the drop, or a pong on a socket not yet torn down, came in after it.
 */
export const connectionSignals: ConnectionSignals = {
  realtimePong() {
    if (!isBrowserOffline()) state.realtimePong();
  },
  realtimeReconnected() {
    if (!isBrowserOffline()) state.realtimeReconnected();
  },
  realtimeDisconnected: () => state.realtimeDisconnected(),
  requestSucceeded(method) {
    if (!isBrowserOffline()) state.requestSucceeded(method);
  },
  networkFailed: () => state.networkFailed(),
};

export const isConnected = (): boolean => state.isConnected();

/** Calls `listener` on each change between connected and disconnected. */
export function subscribeConnection(listener: () => void): () => void {
  changeListeners.add(listener);
  return () => changeListeners.delete(listener);
}

/** Whether the app is connected, re-rendering on change. */
export function useConnection(): boolean {
  return useSyncExternalStore(subscribeConnection, isConnected, () => true);
}

/**
 * Calls `listener` on each sync after a return, once the offline queue has been replayed and the
 * queries invalidated; what it returns or throws is its own business.
 */
export function onSync(listener: () => unknown): () => void {
  syncListeners.add(listener);
  return () => syncListeners.delete(listener);
}

/** A step every sync awaits before it reloads anything (the offline queue's replay). */
export function beforeSync(step: () => Promise<unknown>): () => void {
  syncSteps.add(step);
  return () => syncSteps.delete(step);
}
