import fc from 'fast-check';
import { expect, test } from 'vitest';
import {
  type ConnectionState,
  createConnectionState,
  DISCONNECT_DELAY_MS,
  RANDOM_SYNC_DELAY_MAX_MS,
} from '../connection/connection-state';
import {
  createExclusive,
  createFailedRequestQueue,
  createMemoryFailedRequestStorage,
  type FailedRequestQueue,
  isRetryableAnswer,
  type QueuedRequest,
  type SendAnswer,
} from './failed-request-queue';

/** What happens to one request that reaches the server. */
interface Fault {
  outcome: 'ok' | 'lost' | 'error500';
  /** Turns of the event loop the server takes, during which other sends and steps interleave. */
  ticks: number;
  /** Clock time the answer takes; 11 s outlives the request lock, so another tab may take the entry. */
  slowMs: number;
}

type Op =
  | { kind: 'mutate'; tab: number; fault: Fault }
  | { kind: 'duplicate'; tab: number; pick: number }
  | { kind: 'offline'; ms: number }
  | { kind: 'online' }
  | { kind: 'wait'; ms: number }
  | { kind: 'retry'; tabs: readonly number[] };

const HEALTHY: Fault = { outcome: 'ok', ticks: 0, slowMs: 0 };
const tab = fc.integer({ min: 0, max: 1 });
const fault: fc.Arbitrary<Fault> = fc.record({
  outcome: fc.constantFrom('ok', 'ok', 'lost', 'error500'),
  ticks: fc.nat(3),
  slowMs: fc.constantFrom(0, 11_000),
});
const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('mutate' as const), tab, fault }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('duplicate' as const), tab, pick: fc.nat() }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('offline' as const),
      ms: fc.integer({ min: 0, max: 2 * DISCONNECT_DELAY_MS }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('online' as const) }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('wait' as const),
      ms: fc.integer({ min: 0, max: RANDOM_SYNC_DELAY_MAX_MS }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('retry' as const), tabs: fc.constantFrom([0], [1], [0, 1]) }),
  },
);

/** A clock whose timers fire only when the test moves it. */
function createClock() {
  let now = 0;
  let nextId = 0;
  const timers = new Map<number, { at: number; callback: () => void }>();
  return {
    now: () => now,
    /** Time passing inside a request: timers due meanwhile fire at the next advance. */
    skip: (ms: number) => {
      now += ms;
    },
    setTimer: (callback: () => void, ms: number) => {
      timers.set(++nextId, { at: now + ms, callback });
      return nextId;
    },
    clearTimer: (id: number) => {
      timers.delete(id);
    },
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        due[1].callback();
      }
      now = Math.max(now, end);
    },
  };
}

/** Counts, over all runs, of the situations the property is about: each must have happened. */
const seen = { lost: 0, inProgress: 0, replayed: 0, stillOffline: 0, duplicates: 0 };

/**
 * Like our server: the first request with a key claims it, runs, and stores a 2xx answer for
 * replays; a 5xx stores nothing; a second request while the first runs gets 409 IN_PROGRESS.
 */
function createFakeServer(clock: ReturnType<typeof createClock>) {
  const applied = new Map<string, number>();
  const keys = new Map<string, 'running' | SendAnswer>();
  return {
    applied,
    async handle(request: QueuedRequest, fault: Fault): Promise<SendAnswer> {
      const stored = keys.get(request.idempotencyKey);
      if (stored === 'running') {
        seen.inProgress++;
        return { status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' };
      }
      if (stored) {
        seen.replayed++;
        return stored;
      }
      if (fault.outcome === 'error500') return { status: 500 };
      keys.set(request.idempotencyKey, 'running');
      clock.skip(fault.slowMs);
      for (let i = 0; i < fault.ticks; i++) await new Promise((resolve) => setImmediate(resolve));
      const id = (request.body as { id: string }).id;
      applied.set(id, (applied.get(id) ?? 0) + 1);
      keys.set(request.idempotencyKey, { status: 201 });
      if (fault.outcome !== 'lost') return { status: 201 };
      seen.lost++;
      throw new TypeError('Failed to fetch');
    },
  };
}

async function run(ops: Op[], faults: Fault[], randoms: [number, number]) {
  const clock = createClock();
  const server = createFakeServer(clock);
  const storage = createMemoryFailedRequestStorage();
  const exclusive = createExclusive();
  const network = { isUp: true, isHealthy: false };
  const running: Promise<unknown>[] = [];
  const mutations: QueuedRequest[] = [];
  const problems: unknown[] = [];
  let sends = 0;

  /** The glue of a tab: what reaches the server feeds the connection state, as the HTTP client will. */
  async function deliver(connection: ConnectionState, request: QueuedRequest, fault: Fault) {
    try {
      if (!network.isUp) throw new TypeError('Failed to fetch');
      const answer = await server.handle(request, network.isHealthy ? HEALTHY : fault);
      if (!isRetryableAnswer(answer)) connection.requestSucceeded(request.method);
      return answer;
    } catch (error) {
      connection.networkFailed();
      throw error;
    }
  }

  function track(retry: Promise<unknown>) {
    running.push(
      retry.catch((error: unknown) => {
        if (error instanceof Error && error.message === 'still offline') seen.stillOffline++;
        else problems.push(error);
      }),
    );
  }

  const tabs = randoms.map((random) => {
    const self: { connection: ConnectionState; queue: FailedRequestQueue } = {
      connection: createConnectionState({
        setTimer: clock.setTimer,
        clearTimer: clock.clearTimer,
        random: () => random,
        onChange: () => undefined,
        onToast: () => undefined,
        onReturn: () => track(self.queue.retryAll()),
      }),
      queue: createFailedRequestQueue({
        storage,
        exclusive,
        now: clock.now,
        isOnline: () => self.connection.isConnected(),
        send: (request) => deliver(self.connection, request, faults[sends++ % faults.length]!),
        onDropped: (entry, answer) => problems.push({ dropped: entry, answer }),
      }),
    };
    return self;
  });

  async function mutate(at: (typeof tabs)[number], fault: Fault) {
    const n = mutations.length;
    const request = { method: 'POST', path: '/api/items', body: { id: `m${n}` }, idempotencyKey: `k${n}` };
    mutations.push(request);
    try {
      const answer = await deliver(at.connection, request, fault);
      if (isRetryableAnswer(answer)) await at.queue.add(request, { status: answer.status, message: '' });
    } catch {
      await at.queue.add(request, { status: 0, message: 'Offline' });
    }
  }

  function goOffline() {
    network.isUp = false;
    for (const t of tabs) t.connection.browserOffline();
  }
  function goOnline() {
    network.isUp = true;
    for (const t of tabs) t.connection.browserOnline();
  }

  for (const step of ops) {
    if (step.kind === 'mutate') await mutate(tabs[step.tab]!, step.fault);
    if (step.kind === 'duplicate' && mutations.length > 0) {
      seen.duplicates++;
      await tabs[step.tab]!.queue.add(mutations[step.pick % mutations.length]!, { status: 0, message: '' });
    }
    if (step.kind === 'offline') {
      goOffline();
      clock.advance(step.ms);
    }
    if (step.kind === 'online') goOnline();
    if (step.kind === 'wait') clock.advance(step.ms);
    if (step.kind === 'retry') for (const t of step.tabs) track(tabs[t]!.queue.retryAll());
  }

  // The connection returns for good: one real outage, then every tab's sync after its random wait.
  while (running.length > 0) await Promise.all(running.splice(0));
  network.isHealthy = true;
  goOffline();
  clock.advance(DISCONNECT_DELAY_MS);
  goOnline();
  clock.advance(RANDOM_SYNC_DELAY_MAX_MS);
  while (running.length > 0) await Promise.all(running.splice(0));

  expect(problems).toEqual([]);
  for (const request of mutations) expect(server.applied.get((request.body as { id: string }).id)).toBe(1);
  expect(storage.current()).toEqual([]);
}

test('with lost answers, duplicates, racing tabs and outages, every change is applied exactly once and the queue drains', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(op, { maxLength: 40, size: 'max' }),
      fc.array(fault, { minLength: 1, maxLength: 20 }),
      fc.tuple(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true })),
      (ops, faults, randoms) => run(ops, faults, randoms),
    ),
    { numRuns: 300 },
  );
  // The runs went through every situation the rule is about, not only the easy ones.
  for (const [situation, count] of Object.entries(seen)) expect(count, situation).toBeGreaterThan(0);
}, 60_000);
