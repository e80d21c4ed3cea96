import { describe, expect, test } from 'vitest';
import { createMemoryPersistence } from './persistence';
import { createRecordStore } from './record-store';
import { byId, flushMicrotasks, INDEX, NOW, type Row, row } from './record-store.fixtures';
import type { IndexAnswer, RecordTransport } from './record-types';

const PAGE = '/items?limit=2';

/**
 * A server whose first page and whole index are answered when the test says, or fail; with
 * cursors, each answer also says its cursor and whether it holds the whole list.
 */
function pagedServer({ withCursors = false } = {}) {
  const asked: string[] = [];
  const answers = new Map<string, { resolve(answer: IndexAnswer<Row>): void; reject(error: Error): void }>();
  const ask = (path: string) =>
    new Promise<IndexAnswer<Row>>((resolve, reject) => {
      asked.push(path);
      answers.set(path, { resolve, reject });
    });
  const transport: RecordTransport<Row> = {
    index: async (path) => [...(await ask(path)).rows],
    ...(withCursors && { indexWithCursor: ask }),
    put: () => Promise.reject(new Error('not used')),
    delete: () => Promise.reject(new Error('not used')),
    saveMultiple: () => Promise.reject(new Error('not used')),
  };
  const answer = async (
    path: string,
    rows: Row[] | Error,
    extra: Omit<IndexAnswer<Row>, 'rows'> = { cursor: undefined },
  ) => {
    const pending = answers.get(path)!;
    if (rows instanceof Error) pending.reject(rows);
    else pending.resolve({ ...extra, rows: structuredClone(rows) });
    await flushMicrotasks();
  };
  return { transport, asked, answer };
}

function open(server: ReturnType<typeof pagedServer>, persistence = createMemoryPersistence()) {
  const store = createRecordStore<Row>({
    name: 'items',
    transport: server.transport,
    indexPath: INDEX,
    firstPagePath: PAGE,
    persistence,
    now: () => new Date(NOW),
  });
  return { store, persistence };
}

const whole = [row('a', 1), row('b', 1), row('c', 1), row('d', 1)];

describe('a first page before the index', () => {
  test('is asked for first; shown, then the index is asked for and decides', async () => {
    const server = pagedServer();
    const { store, persistence } = open(server);
    await flushMicrotasks();
    expect(server.asked).toEqual([PAGE]);
    await server.answer(PAGE, whole.slice(0, 2));
    expect(server.asked).toEqual([PAGE, INDEX]);
    expect(store.getSnapshot()).toEqual(whole.slice(0, 2));
    expect(store.isInitialized()).toBe(false);
    expect(store.isPartial()).toBe(true);
    await store.whenPersisted();
    expect(persistence.saveCount()).toBe(0);

    await server.answer(INDEX, [row('a', 2, { name: 'Renamed' }), ...whole.slice(2)]);
    await store.ready;
    expect(byId(store.getSnapshot())).toEqual([row('a', 2, { name: 'Renamed' }), ...whole.slice(2)]);
    expect(store.isPartial()).toBe(false);
  });

  test('failing, it changes nothing: the index still loads', async () => {
    const server = pagedServer();
    const { store } = open(server);
    await flushMicrotasks();
    await server.answer(PAGE, new Error('Offline'));
    expect(store.getSnapshot()).toEqual([]);
    expect(server.asked).toEqual([PAGE, INDEX]);
    await server.answer(INDEX, whole);
    await store.ready;
    expect(byId(store.getSnapshot())).toEqual(whole);
  });

  test('is not asked for when this device keeps the collection: its copies show, then the index', async () => {
    const server = pagedServer();
    const persistence = createMemoryPersistence({ items: [row('a', 5, { name: 'Disk' }), row('z', 1)] });
    const { store } = open(server, persistence);
    await flushMicrotasks();
    expect(byId(store.getSnapshot())).toEqual([row('a', 5, { name: 'Disk' }), row('z', 1)]);
    expect(server.asked).toEqual([INDEX]);
    expect(store.isPartial()).toBe(false);
    const index = [row('a', 3, { name: 'Server' }), row('b', 1), row('c', 1)];
    await server.answer(INDEX, index);
    await store.ready;
    expect(byId(store.getSnapshot())).toEqual(index);
    expect(server.asked).toEqual([INDEX]);
  });

  test('an empty copy on this device still asks for the first page', async () => {
    const server = pagedServer();
    const { store } = open(server, createMemoryPersistence({ items: [] }));
    await flushMicrotasks();
    expect(server.asked).toEqual([PAGE]);
    await server.answer(PAGE, whole.slice(0, 2));
    expect(store.getSnapshot()).toEqual(whole.slice(0, 2));
  });

  test('that holds the whole list (the server says so) is the index: the index is not read', async () => {
    const server = pagedServer({ withCursors: true });
    const { store, persistence } = open(server);
    await flushMicrotasks();
    await server.answer(PAGE, whole, { cursor: 7, complete: true });
    await store.ready;
    expect(server.asked).toEqual([PAGE]);
    expect(byId(store.getSnapshot())).toEqual(whole);
    expect(store.isPartial()).toBe(false);
    expect(store.cursor()).toBe(7);
    await store.whenPersisted();
    expect(persistence.saveCount()).toBeGreaterThan(0);
  });

  test('that is a page of a larger list (not complete) is shown, then the index decides', async () => {
    const server = pagedServer({ withCursors: true });
    const { store } = open(server);
    await flushMicrotasks();
    await server.answer(PAGE, whole.slice(0, 2), { cursor: 7, complete: false });
    expect(server.asked).toEqual([PAGE, INDEX]);
    expect(store.isPartial()).toBe(true);
    await server.answer(INDEX, whole, { cursor: 8 });
    await store.ready;
    expect(byId(store.getSnapshot())).toEqual(whole);
    expect(store.cursor()).toBe(8);
  });
});
