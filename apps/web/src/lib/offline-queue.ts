import type { Profile } from '@strata/contracts/me';
import { HttpError, type RequestOptions } from '@strata/sync/http-client';
import {
  createExclusive,
  createFailedRequestQueue,
  type Exclusive,
  type FailedRequestEntry,
  type FailedRequestQueue,
  type FailedRequestStorage,
  isRetryableAnswer,
  type QueuedRequest,
  type SendAnswer,
} from '@strata/sync/queue/failed-request-queue';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { toasts } from '../ui/toast-store';
import { beforeSync, isConnected, subscribeConnection } from './connection';
import { errorMessage } from './errors';
import { http } from './http';
import { createIdbQueueStorage } from './idb-queue-storage';
import { PROFILE_QUERY } from './profile-query';
import { queryClient } from './query-client';
import { CONFLICT_TOAST_KEY } from './records/use-records';

/** What a tab tells the others: the queue changed, or a replay settled a change one of them waits on. */
type Message =
  | { kind: 'changed'; owner: string }
  | { kind: 'settled'; key: string; body?: unknown; error?: SerializedError };
type SerializedError = Pick<HttpError, 'status' | 'message' | 'code' | 'errors' | 'type' | 'params' | 'data'>;

interface Waiter {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Callers in this tab waiting on a queued change, by its idempotency key. */
const waiters = new Map<string, Waiter>();
/** The refusal of a dropped change, kept between `send` and `onDropped` for the toast. */
const refusals = new Map<string, HttpError>();
const queues = new Map<string, FailedRequestQueue>();
const countListeners = new Set<() => void>();
let count = 0;
/** Whether a replay in this run applied a change no caller here waits on (made before a reload). */
let isCacheStale = false;

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('strata-queue');
/** One load-change-save at a time across the tabs of this browser, as the queue requires. */
const exclusive: Exclusive =
  typeof navigator !== 'undefined' && navigator.locks
    ? <T>(change: () => Promise<T>) => navigator.locks.request('strata-queue', change) as Promise<T>
    : createExclusive();

/** The queue belongs to the signed-in user: it is never replayed with another account's session. */
function currentOwner(): string | null {
  const profile = queryClient.getQueryData<Profile>(PROFILE_QUERY);
  return profile ? `u${profile.id}` : null;
}

function setCount(owner: string, entries: number): void {
  if (owner !== currentOwner() || entries === count) return;
  count = entries;
  for (const listener of countListeners) listener();
}

/** The storage, keeping the pending count in step and telling the other tabs of each change. */
function observed(owner: string, storage: FailedRequestStorage): FailedRequestStorage {
  return {
    async load() {
      const entries = await storage.load();
      setCount(owner, entries.length);
      return entries;
    },
    async save(entries) {
      await storage.save(entries);
      setCount(owner, entries.length);
      post({ kind: 'changed', owner });
    },
  };
}

function post(message: Message): void {
  channel?.postMessage(message);
}

/** An HttpError as the structured clone of a message keeps it (a clone of an Error keeps only its text). */
const serialize = ({ status, message, code, errors, type, params, data }: HttpError): SerializedError => ({
  status,
  message,
  code,
  errors,
  type,
  params,
  data,
});

/** Settles a caller of this tab waiting on `key`; false when none is. */
function settle(key: string, outcome: { body?: unknown; error?: HttpError }): boolean {
  const waiter = waiters.get(key);
  if (!waiter) return false;
  waiters.delete(key);
  if (outcome.error) waiter.reject(outcome.error);
  else waiter.resolve(outcome.body);
  return true;
}

/**
 * Replays one change with its original key. No answer, or a session that must be renewed first,
 * keeps it queued (a throw); a success or a refusal settles whoever waits on it, here or in
 * another tab.
 */
async function send(request: QueuedRequest): Promise<SendAnswer> {
  const key = request.idempotencyKey;
  try {
    const body = await http.request(request.method, request.path, {
      body: request.body,
      headers: request.headers,
      idempotencyKey: key,
    });
    if (!settle(key, { body })) {
      isCacheStale = true;
      post({ kind: 'settled', key, body });
    }
    return { status: 200 };
  } catch (error) {
    if (!(error instanceof HttpError) || error.status === 0 || error.status === 401) throw error;
    const answer = { status: error.status, code: error.code, message: error.message };
    if (!isRetryableAnswer(answer)) {
      refusals.set(key, error);
      if (!settle(key, { error })) post({ kind: 'settled', key, error: serialize(error) });
    }
    return answer;
  }
}

/** The server refused a queued change: it is gone, and the user is told why. */
function handleDropped(entry: FailedRequestEntry, answer: SendAnswer): void {
  const key = entry.request.idempotencyKey;
  const error =
    refusals.get(key) ??
    new HttpError(answer.status, answer.message ?? '', answer.code, undefined, undefined);
  refusals.delete(key);
  // Someone else's change won: the record store that made this one says so in the same toast.
  if (error.status === 409) {
    toasts.show(i18next.t('records.conflict'), { tone: 'error', key: CONFLICT_TOAST_KEY });
    return;
  }
  toasts.show(i18next.t('connection.dropped', { reason: errorMessage(error, i18next.t) }), { tone: 'error' });
}

function queueOf(owner: string): FailedRequestQueue {
  let queue = queues.get(owner);
  if (!queue) {
    queue = createFailedRequestQueue({
      storage: observed(owner, createIdbQueueStorage(owner)),
      send,
      isOnline: () => navigator.onLine,
      exclusive,
      onDropped: handleDropped,
    });
    queues.set(owner, queue);
  }
  return queue;
}

let running: Promise<void> | null = null;
let isAskedAgain = false;

/**
 * Replays the signed-in user's queue, one run at a time in this tab; a call during a run gets one
 * more run after it. Offline it does nothing: the next return or 'online' replays.
 */
export function replayQueue(): Promise<void> {
  isAskedAgain = true;
  running ??= (async () => {
    try {
      while (isAskedAgain) {
        isAskedAgain = false;
        const owner = currentOwner();
        if (!owner) return;
        isCacheStale = false;
        await queueOf(owner)
          .retryAll()
          .catch(() => undefined);
        // Changes made before a reload were applied: what this tab shows may predate them.
        if (isCacheStale) void queryClient.invalidateQueries();
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

/** The user asked to send the waiting changes now; offline that fails with 'still offline' (10 s). */
export async function retryQueue(): Promise<void> {
  if (!navigator.onLine) {
    toasts.offline(i18next.t('connection.stillOffline'));
    return;
  }
  await replayQueue();
}

/** Puts a change in the queue; answers, once it is kept there, the promise of its replay's answer. */
async function enqueue<T>(
  owner: string,
  request: QueuedRequest,
  error: HttpError,
): Promise<{ settled: Promise<T> }> {
  const settled = new Promise<T>((resolve, reject) => {
    waiters.set(request.idempotencyKey, { resolve: resolve as (value: unknown) => void, reject });
  });
  try {
    await queueOf(owner).add(request, { status: error.status, message: error.message });
  } catch {
    // Nowhere to keep it (no IndexedDB): the change fails as it would have without the queue.
    waiters.delete(request.idempotencyKey);
    throw error;
  }
  return { settled };
}

/**
 * The last change of each address (a record's) on its way and not yet answered or queued. The
 * server takes a record's save only at its stored row_version + 1, so two changes of one record
 * made in quick succession must reach it in the order they were made: the later goes out once
 * the earlier is answered (either way) or kept in the queue, where it then waits behind it.
 */
const handOffs = new Map<string, Promise<void>>();

/**
 * A change sent through `api` with `{ queue: true }`. It goes out at once with its idempotency
 * key; if it gets no answer, it is queued and the promise settles with its replay's answer. While
 * older changes wait, it queues behind them, so that the server receives changes in order; a
 * change of an address with an earlier change still on its way waits for it first (handOffs).
 */
export async function sendQueued<T>(method: string, path: string, options: RequestOptions): Promise<T> {
  const request: QueuedRequest = {
    method,
    path,
    body: options.body,
    headers: options.headers,
    idempotencyKey: options.idempotencyKey ?? crypto.randomUUID(),
  };
  const before = handOffs.get(path);
  let handOff!: () => void;
  const handedOff = new Promise<void>((resolve) => {
    handOff = resolve;
  });
  handOffs.set(path, handedOff);
  void handedOff.then(() => {
    if (handOffs.get(path) === handedOff) handOffs.delete(path);
  });
  try {
    if (before) await before;
    const owner = currentOwner();
    if (owner && count > 0) {
      const { settled } = await enqueue<T>(
        owner,
        request,
        new HttpError(0, 'Offline', 'OFFLINE', undefined, undefined),
      );
      handOff();
      if (navigator.onLine) void replayQueue();
      return await settled;
    }
    try {
      return await http.request<T>(method, path, { ...options, idempotencyKey: request.idempotencyKey });
    } catch (error) {
      if (!owner || !(error instanceof HttpError) || error.code !== 'OFFLINE') throw error;
      const { settled } = await enqueue<T>(owner, request, error);
      handOff();
      return await settled;
    }
  } finally {
    handOff();
  }
}

/** How many changes of the signed-in user wait to be sent. */
export const pendingCount = (): number => count;

export function subscribePendingCount(listener: () => void): () => void {
  countListeners.add(listener);
  return () => countListeners.delete(listener);
}

export function usePendingCount(): number {
  return useSyncExternalStore(subscribePendingCount, pendingCount, pendingCount);
}

/**
 * Reads the signed-in user's queue (after sign-in, or when this loads) and replays it at once if
 * changes wait and the browser is online.
 */
export async function startOfflineQueue(): Promise<void> {
  const owner = currentOwner();
  if (!owner) return;
  // Reading through the observed storage sets the count (a previous user's count included).
  const entries = await queueOf(owner).entries();
  if (entries.length > 0 && navigator.onLine) await replayQueue();
}

channel?.addEventListener('message', (event: MessageEvent<Message>) => {
  const message = event.data;
  if (message.kind === 'changed') {
    if (message.owner === currentOwner()) void queueOf(message.owner).entries();
    return;
  }
  const error = message.error;
  settle(message.key, {
    body: message.body,
    error: error
      ? new HttpError(
          error.status,
          error.message,
          error.code,
          error.errors,
          error.type,
          error.params,
          error.data,
        )
      : undefined,
  });
});

subscribeConnection(() => {
  if (isConnected()) void replayQueue();
});
// A flap shorter than the disconnection delay shows no return, but a change refused meanwhile waits.
// Not only when the count says so: a change refused just before may still be on its way into the
// queue (its write waits for the queue's lock), and the replay, taking the lock after it, finds it.
window.addEventListener('online', () => void replayQueue());
beforeSync(replayQueue);
