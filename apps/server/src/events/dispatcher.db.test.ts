import { join } from 'node:path';
import { asc, lt } from 'drizzle-orm';
import pino, { type Logger } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { events, pendingEvents } from '../db/schema/events';
import { serverRoot } from '../lib/paths';
import { waitFor } from '../realtime/test-clients';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import type { DispatchedEvent } from './dispatched-event';
import {
  createDispatcher,
  DISPATCHED_RETENTION_MS,
  type Dispatcher,
  purgeDispatchedEvents,
} from './dispatcher';
import { recordEvent } from './outbox';

let testDb: TestDatabase;
let database: Database;
const running: Dispatcher[] = [];
const silent = pino({ level: 'silent' });

beforeAll(async () => {
  testDb = await createTestDatabase();
  database = testDb.database;
  await runMigrations(database, join(serverRoot(), 'drizzle'));
});
afterAll(async () => {
  await testDb?.dispose();
});
beforeEach(async () => {
  for (const dispatcher of running.splice(0)) await dispatcher.stop();
  await database.db.delete(events);
  await database.db.delete(pendingEvents);
});

/** `count` member.added events with ids 1..count in their payloads, in one INSERT. */
const recordMany = (count: number) =>
  database.db.insert(events).values(
    Array.from({ length: count }, (_, i) => ({
      teamId: 1,
      type: 'member.added',
      channel: 'team.1.users',
      payload: { id: i + 1 },
    })),
  );

const record = (type: string, n: number) =>
  recordEvent(database.db, { teamId: 1, type, channel: 'team.1.users', payload: { id: n } });

function start(options: Parameters<typeof createDispatcher>[0]) {
  const dispatcher = createDispatcher({ pollIntervalMs: 50, ...options });
  running.push(dispatcher);
  dispatcher.start();
  return dispatcher;
}

describe('the events dispatcher', () => {
  test('an item’s row with its value changes reaches subscribers as the item’s event and one per value; a subscriber of value events only gets those', async () => {
    await recordEvent(database.db, {
      teamId: 1,
      type: 'item.updated',
      channel: 'team.1.board.b',
      actorId: 7,
      payload: {
        id: 'item-1',
        row_version: 3,
        data: { id: 'item-1' },
        value_changes: [
          {
            type: 'value.created',
            id: 'v1',
            data: { id: 'v1', item_id: 'item-1', attribute_id: 'a1', data: 'x' },
          },
          { type: 'value.updated', id: 'v2' },
        ],
      },
    });
    const all: DispatchedEvent[] = [];
    const values: DispatchedEvent[] = [];
    start({
      db: database.db,
      log: silent,
      subscribers: [
        { name: 'all', handle: (e) => void all.push(e) },
        { name: 'values', types: ['value.created', 'value.updated'], handle: (e) => void values.push(e) },
      ],
    });
    await waitFor('three events', () => (all.length === 3 ? true : undefined));
    expect(all.map((e) => [e.type, e.channel, e.actorId])).toEqual([
      ['item.updated', 'team.1.board.b', 7],
      ['value.created', 'team.1.board.b', 7],
      ['value.updated', 'team.1.board.b', 7],
    ]);
    expect(all[0]!.payload).toEqual({
      type: 'item.updated',
      id: 'item-1',
      row_version: 3,
      data: { id: 'item-1' },
    });
    expect(all.slice(1).map((e) => e.payload)).toEqual([
      {
        type: 'value.created',
        id: 'v1',
        row_version: 3,
        data: { id: 'v1', item_id: 'item-1', attribute_id: 'a1', data: 'x' },
      },
      { type: 'value.updated', id: 'v2', row_version: 3 },
    ]);
    expect(values.map((e) => e.type)).toEqual(['value.created', 'value.updated']);
  });

  test('a value change that names only its attribute takes its data from the item’s values; one the item does not hold goes out without data', async () => {
    await recordEvent(database.db, {
      teamId: 1,
      type: 'item.created',
      channel: 'team.1.board.b',
      actorId: 7,
      payload: {
        id: 'item-1',
        row_version: 1,
        data: { id: 'item-1', values: { a1: { id: 'v1', attribute_id: 'a1', data: { n: [1, 'x'] } } } },
        value_changes: [
          { type: 'value.created', id: 'v1', attribute_id: 'a1' },
          { type: 'value.created', id: 'v9', attribute_id: 'a9' },
        ],
      },
    });
    const values: DispatchedEvent[] = [];
    start({
      db: database.db,
      log: silent,
      subscribers: [{ name: 'values', types: ['value.created'], handle: (e) => void values.push(e) }],
    });
    await waitFor('two value events', () => (values.length === 2 ? true : undefined));
    expect(values.map((e) => e.payload)).toEqual([
      {
        type: 'value.created',
        id: 'v1',
        row_version: 1,
        data: { id: 'v1', item_id: 'item-1', attribute_id: 'a1', data: { n: [1, 'x'] } },
      },
      { type: 'value.created', id: 'v9', row_version: 1 },
    ]);
  });

  test('hands committed events to subscribers in id order and marks them dispatched', async () => {
    for (let n = 1; n <= 5; n++) await record('member.added', n);
    const seen: DispatchedEvent[] = [];
    start({
      db: database.db,
      log: silent,
      subscribers: [{ name: 'collect', handle: (e) => void seen.push(e) }],
    });
    await waitFor('five events', () => (seen.length === 5 ? true : undefined));
    expect(seen.map((e) => e.payload.id)).toEqual([1, 2, 3, 4, 5]);
    expect(await database.db.select().from(pendingEvents)).toEqual([]);
  });

  test('polls: an event written while it runs goes out without a nudge', async () => {
    const seen: DispatchedEvent[] = [];
    start({
      db: database.db,
      log: silent,
      subscribers: [{ name: 'collect', handle: (e) => void seen.push(e) }],
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await record('member.updated', 1);
    await waitFor('the event', () => seen[0]);
  });

  test('a nudge dispatches at once, without waiting for the poll', async () => {
    const seen: DispatchedEvent[] = [];
    const dispatcher = start({
      db: database.db,
      log: silent,
      pollIntervalMs: 60_000,
      subscribers: [{ name: 'collect', handle: (e) => void seen.push(e) }],
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    await record('member.updated', 1);
    dispatcher.nudge();
    await waitFor('the event', () => seen[0], 1000);
  });

  test('a failing subscriber is logged and does not stop the others', async () => {
    await record('member.added', 1);
    await record('member.added', 2);
    const errors: unknown[] = [];
    const log = { ...silent, error: (...args: unknown[]) => void errors.push(args) } as unknown as Logger;
    const seen: number[] = [];
    start({
      db: database.db,
      log,
      subscribers: [
        {
          name: 'broken',
          handle: () => {
            throw new Error('boom');
          },
        },
        { name: 'collect', handle: (e) => void seen.push(Number(e.payload.id)) },
      ],
    });
    await waitFor('both events', () => (seen.length === 2 ? true : undefined));
    expect(seen).toEqual([1, 2]);
    expect(errors).toHaveLength(2);
    expect(await database.db.select().from(pendingEvents)).toEqual([]);
  });

  test('a subscriber gets only the types it declares', async () => {
    await record('member.added', 1);
    await record('permissions.updated', 2);
    const only: string[] = [];
    const dispatcher = createDispatcher({
      db: database.db,
      log: silent,
      subscribers: [
        { name: 'permissions', types: ['permissions.updated'], handle: (e) => void only.push(e.type) },
      ],
    });
    expect(await dispatcher.dispatchPending()).toBe(2);
    expect(only).toEqual(['permissions.updated']);
  });

  test('more than one batch is drained in order', async () => {
    await recordMany(250);
    const seen: number[] = [];
    const dispatcher = createDispatcher({
      db: database.db,
      log: silent,
      subscribers: [{ name: 'collect', handle: (e) => void seen.push(Number(e.payload.id)) }],
    });
    expect(await dispatcher.dispatchPending()).toBe(250);
    expect(seen).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
  });

  test('afterBatch runs once per batch, after its events, even when a subscriber failed on one', async () => {
    await recordMany(5);
    const steps: string[] = [];
    const dispatcher = createDispatcher({
      db: database.db,
      log: silent,
      batchSize: 2,
      subscribers: [
        {
          name: 'gather',
          handle: (e) => {
            if (e.payload.id === 3) throw new Error('boom');
            steps.push(`event ${e.payload.id}`);
          },
          afterBatch: () => void steps.push('batch'),
        },
      ],
    });
    expect(await dispatcher.dispatchPending()).toBe(5);
    expect(steps).toEqual(['event 1', 'event 2', 'batch', 'event 4', 'batch', 'event 5', 'batch']);
  });

  test('settled resolves only once events committed before it were handed out and their batch work done', async () => {
    const done: number[] = [];
    let gathered: number[] = [];
    const dispatcher = start({
      db: database.db,
      log: silent,
      pollIntervalMs: 60_000,
      subscribers: [
        {
          name: 'slow batch',
          handle: (e) => void gathered.push(Number(e.payload.id)),
          afterBatch: async () => {
            const batch = gathered;
            gathered = [];
            await new Promise((resolve) => setTimeout(resolve, 30));
            done.push(...batch);
          },
        },
      ],
    });
    for (let n = 1; n <= 3; n++) await record('member.added', n);
    dispatcher.nudge();
    await new Promise((resolve) => setImmediate(resolve));
    await record('member.added', 4);
    await dispatcher.settled();
    expect(done.sort()).toEqual([1, 2, 3, 4]);
  });

  test('two dispatchers on one database never hand out the same event twice', async () => {
    // On PostgreSQL each has its own connection pool, as two server processes would.
    const second = database.connectionString
      ? await openDatabase({ databaseUrl: database.connectionString, poolSize: 2 })
      : database;
    try {
      await recordMany(300);
      const seen: number[] = [];
      const handle = (e: DispatchedEvent) => void seen.push(e.id);
      start({ db: database.db, log: silent, batchSize: 20, subscribers: [{ name: 'a', handle }] });
      start({ db: second.db, log: silent, batchSize: 20, subscribers: [{ name: 'b', handle }] });
      await waitFor('every event', () => (seen.length >= 300 ? true : undefined), 15_000);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(seen).toHaveLength(300);
      expect(new Set(seen).size).toBe(300);
    } finally {
      for (const dispatcher of running.splice(0)) await dispatcher.stop();
      if (second !== database) await second.close();
    }
  });

  test('every inserted event is listed as pending; handed-out rows older than the retention are purged, pending and recent ones stay', async () => {
    const now = new Date('2030-01-10T00:00:00Z');
    const old = new Date(now.getTime() - DISPATCHED_RETENTION_MS - 1000);
    const recent = new Date(now.getTime() - 1000);
    const written = await database.db
      .insert(events)
      .values([
        { type: 'a', channel: 'c', payload: { id: 1 }, createdAt: old },
        { type: 'b', channel: 'c', payload: { id: 2 }, createdAt: recent },
        { type: 'c', channel: 'c', payload: { id: 3 }, createdAt: old },
      ])
      .returning({ id: events.id });
    // The first two were handed out: only the third is still pending.
    expect(await database.db.select().from(pendingEvents).orderBy(asc(pendingEvents.id))).toEqual(written);
    await database.db.delete(pendingEvents).where(lt(pendingEvents.id, written[2]!.id));
    await purgeDispatchedEvents({ db: database.db, now });
    const left = await database.db.select({ type: events.type }).from(events).orderBy(asc(events.id));
    expect(left.map((r) => r.type)).toEqual(['b', 'c']);
  });
});
