import type { HttpClient, RequestOptions } from '@strata/sync/http-client';
import { http } from './http';

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
