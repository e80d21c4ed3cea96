import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { events, pendingEvents } from '../db/schema/events';
import type { DispatchedEvent } from './dispatched-event';
import { expandEvent } from './value-events';

/** Something that acts on committed events: real-time fan-out, webhooks, automations, ... */
export interface EventSubscriber {
  /** For the log, when it fails. */
  name: string;
  /** The event types it handles; all when absent. */
  types?: readonly string[];
  /**
   * Runs after the claim committed, outside any transaction (on PGlite a query inside one would
   * wait for itself). Slow work belongs in a job.
   */
  handle(event: DispatchedEvent): void | Promise<void>;
  /**
   * Runs once a batch has been handed out (under the same rules as handle): a subscriber that
   * gathers what its events ask for does the work of the whole batch at once.
   */
  afterBatch?(): void | Promise<void>;
}

export interface Dispatcher {
  start(): void;
  /** Dispatch now rather than at the next poll: called after a request that may have written events. */
  nudge(): void;
  /** Waits for the batch in hand; nothing is claimed afterwards. */
  stop(): Promise<void>;
  /** Claims and hands out until no row is left; answers how many. */
  dispatchPending(): Promise<number>;
  /** Resolves once every event committed before the call has been handed out, batch work included. */
  settled(): Promise<void>;
}

/** Dispatched rows are kept this long for inspection, then deleted by the hourly sweep. */
export const DISPATCHED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Claims a batch of undispatched events in id order: deletes their ids from `pending_events` (a
 * `FOR UPDATE SKIP LOCKED` subquery picks them, so several processes on one PostgreSQL share the
 * work without handing an event out twice), then reads those events. The event rows themselves are
 * never rewritten. Delivery is therefore at most once; a process that dies between the claim and
 * the hand-out loses that batch's real-time messages, which clients recover through delta sync
 * (`changes?since=`).
 */
async function claimBatch(options: { db: Db; batchSize: number }): Promise<DispatchedEvent[]> {
  const next = options.db
    .select({ id: pendingEvents.id })
    .from(pendingEvents)
    .orderBy(pendingEvents.id)
    .limit(options.batchSize)
    .for('update', { skipLocked: true });
  const claimed = await options.db
    .delete(pendingEvents)
    // `= ANY(ARRAY(...))`, not `IN (...)`: the planner then looks the ids up by the primary key.
    .where(sql`${pendingEvents.id} = ANY(ARRAY(${next}))`)
    .returning({ id: pendingEvents.id });
  if (claimed.length === 0) return [];
  return options.db
    .select()
    .from(events)
    .where(
      inArray(
        events.id,
        claimed.map((row) => row.id),
      ),
    )
    .orderBy(events.id);
}

/**
 * Reads the events outbox and hands each committed event to the subscribers that want it, in id
 * order. Polls every `pollIntervalMs` (so events written by jobs or other processes go out too)
 * and runs at once when nudged. A failing subscriber is logged and skipped: the others still get
 * the event, and the row is not retried (see claimBatch).
 */
export function createDispatcher(options: {
  db: Db;
  log: Logger;
  subscribers: EventSubscriber[];
  pollIntervalMs?: number;
  batchSize?: number;
}): Dispatcher {
  const { db, log, subscribers } = options;
  const pollIntervalMs = options.pollIntervalMs ?? 250;
  const batchSize = options.batchSize ?? 500;
  let stopped = true;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let runAgain = false;

  // An item's row carries its value changes: subscribers get the item's event, then one event per
  // value (value-events.ts), each only if they handle its type.
  async function handOut(row: DispatchedEvent) {
    for (const event of expandEvent(row)) await handOutOne(event);
  }

  async function handOutOne(event: DispatchedEvent) {
    for (const subscriber of subscribers) {
      if (subscriber.types && !subscriber.types.includes(event.type)) continue;
      try {
        await subscriber.handle(event);
      } catch (error) {
        log.error(
          { err: error, subscriber: subscriber.name, eventId: event.id, type: event.type },
          'event subscriber failed',
        );
      }
    }
  }

  async function finishBatch() {
    for (const subscriber of subscribers) {
      try {
        await subscriber.afterBatch?.();
      } catch (error) {
        log.error({ err: error, subscriber: subscriber.name }, 'event subscriber failed after a batch');
      }
    }
  }

  /** Batch after batch until none is full; `isWanted` stops it between batches (on shutdown). */
  async function drain(isWanted: () => boolean): Promise<number> {
    let total = 0;
    while (isWanted()) {
      const rows = await claimBatch({ db, batchSize });
      for (const row of rows) await handOut(row);
      if (rows.length > 0) await finishBatch();
      total += rows.length;
      if (rows.length < batchSize) break;
    }
    return total;
  }

  function schedule() {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(run, pollIntervalMs);
    timer.unref();
  }

  // One pass at a time; a nudge during a pass asks for another right after it.
  function run() {
    if (stopped) return;
    if (running) {
      runAgain = true;
      return;
    }
    clearTimeout(timer);
    running = drain(() => !stopped)
      .catch((error) => log.error({ err: error }, 'event dispatch failed'))
      .finally(() => {
        running = undefined;
        if (!runAgain) return schedule();
        runAgain = false;
        run();
      });
  }

  // The nudges of one turn of the event loop (every answer of a group commit nudges) fold into
  // one pass: one claim for the batch's events instead of one per request.
  let isNudged = false;
  function nudge() {
    if (isNudged || stopped) return;
    isNudged = true;
    setImmediate(() => {
      isNudged = false;
      run();
    });
  }

  return {
    start() {
      stopped = false;
      run();
    },
    nudge,
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
    dispatchPending: () => drain(() => true),
    async settled() {
      // A pass in hand may hold claimed events not yet handed out: wait for it, then take the rest.
      do {
        await running;
        await drain(() => true);
      } while (running);
    },
  };
}

/**
 * Deletes events written more than the retention ago that were handed out (no longer pending);
 * part of the hourly maintenance sweep.
 */
export async function purgeDispatchedEvents(options: { db: Db; now: Date }): Promise<void> {
  const before = new Date(options.now.getTime() - DISPATCHED_RETENTION_MS);
  await options.db
    .delete(events)
    .where(
      and(
        lt(events.createdAt, before),
        notExists(
          options.db
            .select({ id: pendingEvents.id })
            .from(pendingEvents)
            .where(eq(pendingEvents.id, events.id)),
        ),
      ),
    );
}
