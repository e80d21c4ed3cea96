import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { type Db, rowsOf } from '../db/client';
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
  // One round trip: the claim (a data-modifying CTE) and the read of the claimed rows.
  // `= ANY(ARRAY(...))`, not `IN (...)`: the planner then looks the ids up by the primary key.
  const result = await options.db.execute(sql`
    WITH claimed AS (
      DELETE FROM ${pendingEvents}
      WHERE ${pendingEvents.id} = ANY(ARRAY(
        SELECT ${pendingEvents.id} FROM ${pendingEvents}
        ORDER BY ${pendingEvents.id} LIMIT ${options.batchSize} FOR UPDATE SKIP LOCKED))
      RETURNING ${pendingEvents.id} AS id)
    SELECT e.id, e.team_id, e.type, e.channel, e.actor_id, e.payload, e.created_at
    FROM ${events} AS e JOIN claimed ON claimed.id = e.id
    ORDER BY e.id`);
  return rowsOf<ClaimedRow>(result).rows.map((row) => ({
    id: Number(row.id),
    teamId: row.team_id,
    type: row.type,
    channel: row.channel,
    actorId: row.actor_id,
    payload: row.payload,
    createdAt: new Date(row.created_at),
  }));
}

/** A claimed event's row as the database answers it (bigint ids come as text from node-postgres). */
interface ClaimedRow {
  id: number | string;
  team_id: number | null;
  type: string;
  channel: string;
  actor_id: number | null;
  payload: Record<string, unknown>;
  created_at: Date | string;
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
      if (stopped) {
        await drain(() => true);
        return;
      }
      // One more pass, after the one in hand if any (run() asks for it), takes every event
      // committed before the call; then wait until no pass runs. Passes stay one at a time.
      run();
      while (running) await running;
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
