/** Spec section 9, 'Request lock 10 s': how long an entry taken for a retry is left to its taker. */
export const REQUEST_LOCK_MS = 10_000;

/** A change to replay: what was sent, with the key it was first sent with. */
export interface QueuedRequest {
  method: string;
  path: string;
  body?: unknown;
  /** Extra headers the change was sent with (a client instance id), sent again with the replay. */
  headers?: Record<string, string>;
  /**
   * The ORIGINAL X-Idempotency-Key. The server applies a key once and answers its replays with the
   * stored response, so a request whose answer was lost is not applied a second time.
   */
  idempotencyKey: string;
}

/** The failed-request record of spec section 3. */
export interface FailedRequestEntry {
  request: QueuedRequest;
  /** Why the last attempt failed; status 0 when no answer came. */
  error: { status: number; message: string };
  /** When a retry took the entry (epoch ms); null while it is free. */
  reserved_at: number | null;
}

/** Where the queue lives (IndexedDB or localStorage in the browser), shared by the tabs. */
export interface FailedRequestStorage {
  load(): Promise<FailedRequestEntry[]>;
  save(entries: FailedRequestEntry[]): Promise<void>;
}

/** The server's answer to a replay; `send` rejects instead when no answer came. */
export interface SendAnswer {
  status: number;
  /** The error code of the body (AppError), when there is one. */
  code?: string;
  message?: string;
}

export interface RetryResult {
  succeeded: number;
  dropped: number;
  /** Entries still queued when the run stopped (failed again, or taken by another tab). */
  remaining: number;
}

export interface FailedRequestQueue {
  /** Queues a change that got no answer or a retryable one; the same key twice is kept once. */
  add(request: QueuedRequest, error: FailedRequestEntry['error']): Promise<void>;
  /** Replays the queue in order; rejects with 'still offline' at once when offline. */
  retryAll(): Promise<RetryResult>;
  entries(): Promise<FailedRequestEntry[]>;
}

/**
 * Whether an answer may be different next time, so the change must stay queued: no answer, a
 * server error, a time-out (408), a rate limit (429), or the server still running the first
 * attempt with this key (409 IDEMPOTENCY_IN_PROGRESS — dropping it would lose the change if that
 * attempt then fails). Any other 4xx is the server refusing the change; its replays get the same
 * stored refusal, so retrying cannot help.
 */
export function isRetryableAnswer(answer: SendAnswer): boolean {
  if (answer.status >= 200 && answer.status < 300) return false;
  if (answer.status === 408 || answer.status === 429) return true;
  if (answer.status === 409 && answer.code === 'IDEMPOTENCY_IN_PROGRESS') return true;
  return answer.status < 400 || answer.status >= 500;
}

/**
 * The persisted queue of failed changes (spec section 4): added on failure, replayed when the
 * connection returns, removed on success, dropped and reported when the server refuses them.
 *
 * Replays go one at a time from the head and stop at the first that fails again: later changes may
 * depend on earlier ones (an update of a record whose creation is queued), and a dead network fails
 * them all anyway. Taking the head writes `reserved_at`, and a head reserved less than
 * `lockMs` ago is left alone, so two tabs or loops draining the same storage do not send the same
 * entry; the lock expires so that a tab closed mid-send does not block the queue. Should both send
 * it anyway (the lock expired under a slow answer), the shared idempotency key makes the server
 * apply it once.
 */
export function createFailedRequestQueue(options: {
  storage: FailedRequestStorage;
  send(request: QueuedRequest): Promise<SendAnswer>;
  isOnline(): boolean;
  now?: () => number;
  lockMs?: number;
  /** The server refused a queued change: tell the user it was not saved. */
  onDropped?(entry: FailedRequestEntry, answer: SendAnswer): void;
  /**
   * Runs each load-change-save alone (default: alone within this queue). Tabs sharing a storage
   * must share this too, or two of them can take the same head between a load and a save: in the
   * browser, `async (change) => await navigator.locks.request('failed-requests', change)`.
   */
  exclusive?: Exclusive;
}): FailedRequestQueue {
  const { storage } = options;
  const now = options.now ?? Date.now;
  const lockMs = options.lockMs ?? REQUEST_LOCK_MS;
  const exclusive = options.exclusive ?? createExclusive();

  function isLocked(entry: FailedRequestEntry, at: number): boolean {
    // Math.abs: a clock set back must not lock an entry for as long as it was moved.
    return entry.reserved_at !== null && Math.abs(at - entry.reserved_at) < lockMs;
  }

  function reserveHead(): Promise<FailedRequestEntry | null> {
    return exclusive(async () => {
      const [head, ...rest] = await storage.load();
      const at = now();
      if (!head || isLocked(head, at)) return null;
      const reserved = { ...head, reserved_at: at };
      await storage.save([reserved, ...rest]);
      return reserved;
    });
  }

  function remove(key: string): Promise<void> {
    return exclusive(async () => {
      const entries = await storage.load();
      const kept = entries.filter((entry) => entry.request.idempotencyKey !== key);
      if (kept.length !== entries.length) await storage.save(kept);
    });
  }

  /** Frees an entry that failed again, so the next return retries it without waiting for the lock. */
  function release(key: string, error: FailedRequestEntry['error']): Promise<void> {
    return exclusive(async () => {
      const entries = await storage.load();
      if (!entries.some((entry) => entry.request.idempotencyKey === key)) return;
      await storage.save(
        entries.map((entry) =>
          entry.request.idempotencyKey === key ? { ...entry, error, reserved_at: null } : entry,
        ),
      );
    });
  }

  function add(request: QueuedRequest, error: FailedRequestEntry['error']): Promise<void> {
    return exclusive(async () => {
      const entries = await storage.load();
      const key = request.idempotencyKey;
      // A second report of the same failure keeps the first one's place (and any reservation).
      if (entries.some((entry) => entry.request.idempotencyKey === key)) {
        await storage.save(
          entries.map((entry) => (entry.request.idempotencyKey === key ? { ...entry, error } : entry)),
        );
        return;
      }
      await storage.save([...entries, { request, error, reserved_at: null }]);
    });
  }

  async function retryAll(): Promise<RetryResult> {
    if (!options.isOnline()) throw new Error('still offline');
    let succeeded = 0;
    let dropped = 0;
    for (let entry = await reserveHead(); entry; entry = await reserveHead()) {
      const key = entry.request.idempotencyKey;
      let answer: SendAnswer;
      try {
        answer = await options.send(entry.request);
      } catch (error) {
        await release(key, { status: 0, message: error instanceof Error ? error.message : String(error) });
        break;
      }
      if (isRetryableAnswer(answer)) {
        await release(key, { status: answer.status, message: answer.message ?? answer.code ?? '' });
        break;
      }
      await remove(key);
      if (answer.status >= 200 && answer.status < 300) succeeded++;
      else {
        dropped++;
        options.onDropped?.(entry, answer);
      }
    }
    const remaining = (await exclusive(() => storage.load())).length;
    return { succeeded, dropped, remaining };
  }

  return { add, retryAll, entries: () => exclusive(() => storage.load()) };
}

/** Runs a change after the previous one has settled. */
export type Exclusive = <T>(change: () => Promise<T>) => Promise<T>;

/** One-at-a-time within a page, so that no write of the queue is lost to another. */
export function createExclusive(): Exclusive {
  let tail: Promise<unknown> = Promise.resolve();
  return (change) => {
    const run = tail.then(change, change);
    tail = run.catch(() => undefined);
    return run;
  };
}

/** A storage in memory, for tests: hands out copies, as a real store would. */
export function createMemoryFailedRequestStorage(
  initial: FailedRequestEntry[] = [],
): FailedRequestStorage & { current(): FailedRequestEntry[] } {
  let entries = structuredClone(initial);
  return {
    load: async () => structuredClone(entries),
    save: async (next) => {
      entries = structuredClone(next);
    },
    current: () => structuredClone(entries),
  };
}
