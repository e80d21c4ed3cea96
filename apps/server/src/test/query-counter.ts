import type { Db } from '../db/client';

/**
 * Counts the statements sent to the database while `run` runs: every call on the driver's client
 * (PGlite's query/exec/transaction, or the pool's query). The job queue and the events dispatcher
 * poll meanwhile, so a count is an upper bound: `fewest` runs a read several times and answers
 * the lowest count, which is what the read itself needs once nothing else happened to poll.
 */
export function queryCounter(db: Db) {
  let counting = 0;
  let queries = 0;
  const client = (db as unknown as { $client: Record<string, unknown> }).$client;
  for (const name of ['query', 'exec', 'transaction']) {
    const original = client[name];
    if (typeof original !== 'function') continue;
    client[name] = function (this: unknown, ...args: unknown[]) {
      if (counting > 0) queries++;
      return (original as (...a: unknown[]) => unknown).apply(this, args);
    };
  }
  async function measure<T>(run: () => Promise<T>): Promise<{ result: T; queries: number }> {
    counting++;
    const before = queries;
    try {
      const result = await run();
      return { result, queries: queries - before };
    } finally {
      counting--;
    }
  }
  return {
    measure,
    /** The lowest count of `times` runs of the same read. */
    async fewest<T>(run: () => Promise<T>, times = 3): Promise<{ result: T; queries: number }> {
      let best = await measure(run);
      for (let n = 1; n < times && best.queries > 0; n++) {
        const next = await measure(run);
        if (next.queries < best.queries) best = next;
      }
      return best;
    },
  };
}
