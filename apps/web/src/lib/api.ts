import { CLIENT_VERSION } from '@strata/domain/constants';
import { createHttpClient, type HttpClient, type RequestOptions } from '@strata/sync/http-client';
import { webStorageTokenStore } from '@strata/sync/token-store';
import i18next from 'i18next';
import { connectionSignals } from './connection';
import { takeEarlyRead } from './early-reads';
import { currentPasswordConfirmation } from './password-confirmation';
import { isPreviewMode } from './preview-mode';
import { markUpdateRequired } from './update-required';

export const tokenStore = webStorageTokenStore(window.localStorage);

const sessionListeners = new Set<() => void>();

/** Called when the server refuses to refresh the session (signed out elsewhere, expired). */
export function onSessionExpired(listener: () => void): () => void {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/** The HTTP client without the offline queue: what `api` sends through, and what replays use. */
export const http = createHttpClient({
  clientVersion: CLIENT_VERSION,
  tokens: tokenStore,
  passwordConfirmation: currentPasswordConfirmation,
  onUpdateRequired: markUpdateRequired,
  previewMessage: () => (isPreviewMode() ? i18next.t('errors.previewMode') : null),
  onForceReload: () => window.location.reload(),
  onSessionExpired: () => {
    for (const listener of sessionListeners) listener();
  },
  onRequestSucceeded: (method) => connectionSignals.requestSucceeded(method),
  onNoAnswer: () => connectionSignals.networkFailed(),
  // Offline, the service worker answers reads from what it cached (docs/pwa.md).
  readsOffline: () => navigator.serviceWorker?.controller != null,
  takeEarlyResponse: takeEarlyRead,
});

export interface ApiRequestOptions extends RequestOptions {
  /**
   * Keep this change if it gets no answer (offline, or the network failed): it goes to the offline
   * queue with its idempotency key, and the promise settles when a replay in this tab gets the
   * server's answer. Only for writes the server may safely receive late (plain updates); never
   * for sign-in, uploads or anything that needs a password confirmation. Default off.
   */
  queue?: boolean;
}

export interface Api extends Omit<HttpClient, 'request' | 'post' | 'put' | 'delete'> {
  request<T>(method: string, path: string, options?: ApiRequestOptions): Promise<T>;
  post<T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  put<T>(path: string, body?: unknown, options?: ApiRequestOptions): Promise<T>;
  delete<T>(path: string, options?: ApiRequestOptions): Promise<T>;
}

let offlineQueue: Promise<typeof import('./offline-queue')> | null = null;

/** The offline queue (and IndexedDB) load apart from the first paint, once. */
export function loadOfflineQueue(): Promise<typeof import('./offline-queue')> {
  offlineQueue ??= import('./offline-queue').catch((error: unknown) => {
    offlineQueue = null;
    throw error;
  });
  return offlineQueue;
}

async function request<T>(method: string, path: string, options: ApiRequestOptions = {}): Promise<T> {
  const { queue, ...rest } = options;
  // A form (an upload) cannot be stored for later; reads are never queued.
  if (!queue || method === 'GET' || method === 'HEAD' || rest.body instanceof FormData)
    return http.request<T>(method, path, rest);
  const queueModule = await loadOfflineQueue().catch(() => null);
  if (!queueModule) return http.request<T>(method, path, rest);
  return queueModule.sendQueued<T>(method, path, rest);
}

/** The one way the app talks to the API (see createHttpClient), with the `queue` option for changes. */
export const api: Api = {
  request,
  get: (path, options) => http.get(path, options),
  post: (path, body, options) => request('POST', path, { ...options, body }),
  put: (path, body, options) => request('PUT', path, { ...options, body }),
  delete: (path, options) => request('DELETE', path, options),
  refresh: () => http.refresh(),
};
