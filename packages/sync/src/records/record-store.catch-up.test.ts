import { describe, expect, test } from 'vitest';
import { createMemoryPersistence } from './persistence';
import { createRecordStore } from './record-store';
import { byId, flushMicrotasks, INDEX, type Row, row } from './record-store.fixtures';
import type { RecordTransport } from './record-types';

/** A server whose index answers with a cursor, counting what it was asked. */
function cursorServer(rows: Row[], cursor: number) {
  const asked: string[] = [];
  const transport: RecordTransport<Row> = {
    index: async (path) => {
      asked.push(path);
      return structuredClone(rows);
    },
    indexWithCursor: async (path) => {
      asked.push(path);
      return { rows: structuredClone(rows), cursor };
    },
    put: async (record) => record,
    delete: async () => undefined,
    saveMultiple: async () => [],
  };
  return { transport, asked };
}

describe('a collection kept on the device with its cursor', () => {
  test('the cursor of the index is kept with the records', async () => {
    const persistence = createMemoryPersistence();
    const server = cursorServer([row('a', 1)], 17);
    const store = createRecordStore<Row>({
      name: 'items',
      transport: server.transport,
      indexPath: INDEX,
      persistence,
    });
    await store.ready;
    await store.whenPersisted();
    expect(store.cursor()).toBe(17);
    expect(await persistence.loadWithCursor('items')).toEqual({ records: [row('a', 1)], cursor: 17 });
  });

  test('a reload is caught up from the kept cursor, and its index is not read', async () => {
    const persistence = createMemoryPersistence();
    await persistence.save('items', [row('a', 1), row('b', 1)], 17);
    const server = cursorServer([], 99);
    const seen: (number | undefined)[] = [];
    const store = createRecordStore<Row>({
      name: 'items',
      transport: server.transport,
      indexPath: INDEX,
      persistence,
      catchUp: async () => {
        // What a delta pull does: the changes since the cursor merged, the cursor raised.
        seen.push(store.cursor());
        store.merge([row('a', 2, { name: 'Renamed' })]);
        store.forget(['b']);
        store.raiseCursor(20);
      },
    });
    await store.ready;
    expect(seen).toEqual([17]);
    expect(server.asked).toEqual([]);
    expect(store.isInitialized()).toBe(true);
    expect(byId(store.getSnapshot())).toEqual([row('a', 2, { name: 'Renamed' })]);
    expect(store.cursor()).toBe(20);
  });

  test.each([
    ['an empty kept list', [] as Row[], 17, true],
    ['a kept list', [row('a', 1)], 17, true],
    ['records kept without a cursor', [row('a', 1)], undefined, false],
  ])('%s is shown as known while it is caught up: %s', async (_name, kept, cursor, shows) => {
    const persistence = createMemoryPersistence();
    await persistence.save('items', kept, cursor);
    let release!: () => void;
    const caughtUp = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = createRecordStore<Row>({
      name: 'items',
      transport: cursorServer([], 30).transport,
      indexPath: INDEX,
      persistence,
      catchUp: () => caughtUp,
    });
    let told = 0;
    store.subscribe(() => told++);
    await flushMicrotasks();
    expect(store.showsKeptCopy()).toBe(shows);
    if (shows) expect(told).toBeGreaterThan(0);
    release();
    await store.ready;
    expect(store.showsKeptCopy()).toBe(false);
  });

  test('a failed catch-up falls back to the index', async () => {
    const persistence = createMemoryPersistence();
    await persistence.save('items', [row('a', 1)], 17);
    const server = cursorServer([row('c', 1)], 30);
    const store = createRecordStore<Row>({
      name: 'items',
      transport: server.transport,
      indexPath: INDEX,
      persistence,
      catchUp: () => Promise.reject(new Error('Offline')),
    });
    await store.ready;
    expect(server.asked).toEqual([INDEX]);
    expect(byId(store.getSnapshot())).toEqual([row('c', 1)]);
    expect(store.cursor()).toBe(30);
  });

  test('a copy kept without a cursor reads the index, never the catch-up', async () => {
    const persistence = createMemoryPersistence({ items: [row('a', 1)] });
    const server = cursorServer([row('a', 1)], 5);
    let isCaughtUp = false;
    const store = createRecordStore<Row>({
      name: 'items',
      transport: server.transport,
      indexPath: INDEX,
      persistence,
      catchUp: async () => {
        isCaughtUp = true;
      },
    });
    await store.ready;
    expect(isCaughtUp).toBe(false);
    expect(server.asked).toEqual([INDEX]);
  });

  test('while a save is in flight the copy is kept without a cursor', async () => {
    const persistence = createMemoryPersistence();
    let release = () => {};
    const server = cursorServer([row('a', 1)], 17);
    server.transport.put = (record) =>
      new Promise((resolve) => {
        release = () => resolve(record);
      });
    const store = createRecordStore<Row>({
      name: 'items',
      transport: server.transport,
      indexPath: INDEX,
      persistence,
    });
    await store.ready;
    const saving = store.save({ ...store.find('a')!, name: 'Edited' });
    await flushMicrotasks();
    await store.whenPersisted();
    expect((await persistence.loadWithCursor('items'))?.cursor).toBeUndefined();
    release();
    await saving;
    await store.whenPersisted();
    expect((await persistence.loadWithCursor('items'))?.cursor).toBe(17);
  });

  test('an empty list is kept with its cursor: the reload catches it up and reads no list', async () => {
    const persistence = createMemoryPersistence();
    const first = createRecordStore<Row>({
      name: 'views',
      transport: cursorServer([], 23).transport,
      indexPath: INDEX,
      persistence,
    });
    await first.ready;
    await first.whenPersisted();
    expect(await persistence.loadWithCursor('views')).toEqual({ records: [], cursor: 23 });

    const server = cursorServer([], 99);
    const seen: (number | undefined)[] = [];
    const reloaded = createRecordStore<Row>({
      name: 'views',
      transport: server.transport,
      indexPath: INDEX,
      persistence,
      catchUp: async () => {
        seen.push(reloaded.cursor());
      },
    });
    await reloaded.ready;
    expect(seen).toEqual([23]);
    expect(server.asked).toEqual([]);
  });

  test('a cursor raised by a pull that changed no record is kept for the next reload', async () => {
    const persistence = createMemoryPersistence();
    const store = createRecordStore<Row>({
      name: 'items',
      transport: cursorServer([row('a', 1)], 17).transport,
      indexPath: INDEX,
      persistence,
    });
    await store.ready;
    store.raiseCursor(30);
    await store.whenPersisted();
    expect(await persistence.loadWithCursor('items')).toEqual({ records: [row('a', 1)], cursor: 30 });
    // Never lowered.
    store.raiseCursor(12);
    await store.whenPersisted();
    expect((await persistence.loadWithCursor('items'))?.cursor).toBe(30);
  });
});
