/** At most this many requests go in one batch: a batch holds the event loop while it is checked. */
export const MAX_BATCH = 100;

/**
 * Group commit per workspace (ARCHITECTURE.md section 6): requests that arrive while the
 * workspace's previous batch is being written wait and are then written together by `write`, up
 * to MAX_BATCH at a time. The first request of a quiet workspace waits only for the rest of its
 * turn of the event loop. `write` answers each request of its batch itself and never throws.
 */
export function groupCommit<P>(write: (teamId: number, batch: P[]) => Promise<void>) {
  const queues = new Map<number, P[]>();

  async function drain(teamId: number, waiting: P[]): Promise<void> {
    while (waiting.length > 0) await write(teamId, waiting.splice(0, MAX_BATCH));
    queues.delete(teamId);
  }

  return {
    /** Queues a request for its workspace's next batch. */
    add(teamId: number, pending: P): void {
      const waiting = queues.get(teamId);
      if (waiting) {
        waiting.push(pending);
        return;
      }
      const started = [pending];
      queues.set(teamId, started);
      // The requests that arrive in this turn of the event loop join the first batch.
      setImmediate(() => void drain(teamId, started));
    },
  };
}
