import { describe, expect, test } from 'vitest';
import { createMemoryPersistence, type MemoryPersistence } from './persistence';
import { createRecordStore } from './record-store';
import { byId, flushMicrotasks, INDEX, NOW, type Row, row } from './record-store.fixtures';
import type { RecordTransport } from './record-types';

const PAGE = '/items?limit=2';
const whole = [row('d', 1), row('b', 1), row('a', 1), row('c', 1)];
/** The head: the first two rows by id. */
const firstTwo = (rows: readonly Row[]) => [...rows].sort((x, y) => (x.id < y.id ? -1 : 1)).slice(0, 2);

/** A server that answers the index with `rows` and records what it was asked. */
function server(rows: Row[]) {
  const asked: string[] = [];
  const transport: RecordTransport<Row> = {
    index: async (path) => {
      asked.push(path);
      return structuredClone(rows);
    },
    put: () => Promise.reject(new Error('not used')),
    delete: () => Promise.reject(new Error('not used')),
    saveMultiple: () => Promise.reject(new Error('not used')),
  };
  return { transport, asked };
}

/** Memory persistence whose whole copy is read only when the test opens the gate. */
function gated(persistence: MemoryPersistence) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => {
    open = resolve;
  });
  return {
    persistence: {
      ...persistence,
      load: async (name: string) => {
        await gate;
        return persistence.load(name);
      },
      loadWithCursor: async (name: string) => {
        await gate;
        return persistence.loadWithCursor(name);
      },
    },
    open,
  };
}

const openStore = (
  transport: RecordTransport<Row>,
  persistence: Parameters<typeof createRecordStore<Row>>[0]['persistence'],
) =>
  createRecordStore<Row>({
    name: 'items',
    transport,
    indexPath: INDEX,
    firstPagePath: PAGE,
    keptHead: firstTwo,
    persistence,
    now: () => new Date(NOW),
  });

describe('the head kept with a copy on this device', () => {
  test('is written with the copy: the first rows by the store rule, without drafts', async () => {
    const persistence = createMemoryPersistence();
    const store = openStore(server(whole).transport, persistence);
    await store.ready;
    await store.whenPersisted();
    expect(await persistence.loadHead('items')).toEqual([row('a', 1), row('b', 1)]);
    // Drafts are not kept: the head holds the copies the server has, as the whole copy does.
    store.createDraft(row('0', 0, { name: 'New' }));
    store.createDraft({ ...store.find('a')!, name: 'Draft' });
    await store.whenPersisted();
    expect(await persistence.loadHead('items')).toEqual([row('a', 1), row('b', 1)]);
  });

  test('shows before the whole copy is read, as a first page; the copy then adds the rest', async () => {
    const kept = createMemoryPersistence();
    const first = openStore(server(whole).transport, kept);
    await first.ready;
    await first.whenPersisted();

    const { persistence, open } = gated(kept);
    const later = server(whole);
    const store = openStore(later.transport, persistence);
    await flushMicrotasks();
    expect(byId(store.getSnapshot())).toEqual([row('a', 1), row('b', 1)]);
    expect(store.isPartial()).toBe(true);
    expect(later.asked).toEqual([]);
    open();
    await flushMicrotasks();
    expect(byId(store.getSnapshot())).toEqual(byId(whole));
    expect(store.isPartial()).toBe(false);
    await store.ready;
    expect(later.asked).toEqual([INDEX]);
    expect(byId(store.getSnapshot())).toEqual(byId(whole));
  });

  test('a copy kept without a head (an older one) loads as before', async () => {
    const kept = createMemoryPersistence({ items: whole });
    const { persistence, open } = gated(kept);
    const store = openStore(server(whole).transport, persistence);
    await flushMicrotasks();
    expect(store.getSnapshot()).toEqual([]);
    open();
    await store.ready;
    expect(byId(store.getSnapshot())).toEqual(byId(whole));
  });

  test('the index still decides: a kept row the server no longer has goes', async () => {
    const kept = createMemoryPersistence();
    const first = openStore(server(whole).transport, kept);
    await first.ready;
    await first.whenPersisted();
    const store = openStore(server(whole.filter((r) => r.id !== 'a')).transport, kept);
    await store.ready;
    expect(byId(store.getSnapshot()).map((r) => r.id)).toEqual(['b', 'c', 'd']);
  });
});
