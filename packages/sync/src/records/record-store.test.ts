import { describe, expect, test, vi } from 'vitest';
import { createMemoryPersistence, type RecordPersistence } from './persistence';
import { createRecordStore } from './record-store';
import {
  byId,
  conflictError,
  createFakeServer,
  flushMicrotasks,
  INDEX,
  loaded,
  NOW,
  type Row,
  row,
  serverError,
  setup,
} from './record-store.fixtures';

describe('new records', () => {
  test('a new record gets an 11-character base62 id, row_version 0 and created_at from the clock', () => {
    const { store } = setup({ indexPath: null });
    const record = store.create({ name: 'Plan' });
    expect(record).toEqual({
      id: expect.stringMatching(/^[0-9A-Za-z]{11}$/),
      name: 'Plan',
      row_version: 0,
      created_at: NOW,
    });
    expect(store.create({ name: 'Plan' }).id).not.toBe(record.id);
    expect(store.getSnapshot()).toEqual([]);
  });

  test('a given id is kept', () => {
    const { store } = setup({ indexPath: null });
    expect(store.create({ id: 'given', name: 'Plan' }).id).toBe('given');
  });

  test('saving a new record sends row_version 1 (stored 0 + 1)', async () => {
    const { server, store } = await loaded([]);
    const saved = await store.save(store.create({ name: 'Plan' }));
    expect(saved.row_version).toBe(1);
    expect(server.rows.get(saved.id)).toEqual(saved);
  });
});

describe('saves', () => {
  test('a local save raises row_version by 1 at once; the server answer then replaces it', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    const release = server.hold('put');
    const saving = store.save({ ...store.find('a')!, name: 'B' });
    expect(store.find('a')).toEqual(row('a', 2, { name: 'B' }));
    expect(server.calls.at(-1)).toEqual({ kind: 'put', record: row('a', 2, { name: 'B' }) });
    release();
    const saved = await saving;
    expect(saved).toEqual({ ...row('a', 2, { name: 'B' }), updated_at: expect.any(String) });
    expect(store.find('a')).toEqual(saved);
  });

  test.each([
    { name: 'an identical copy', change: {} },
    {
      name: 'a copy differing only in created_at and updated_at',
      change: { created_at: 'x', updated_at: 'y' },
    },
  ])('saving $name sends nothing and changes nothing', async ({ change }) => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    const before = store.getSnapshot();
    expect(await store.save({ ...store.find('a')!, ...change })).toBe(store.find('a'));
    expect(server.sent()).toEqual([]);
    expect(store.getSnapshot()).toBe(before);
  });

  test('a failed save (not a conflict) restores the previous copy and rejects with the error', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    const previous = store.find('a')!;
    server.failNext(serverError());
    await expect(store.save({ ...previous, name: 'B' })).rejects.toThrow('Something Went Wrong');
    expect(store.find('a')).toBe(previous);
    expect(store.getConflicts()).toEqual([]);
  });

  test('a failed save of a record that had no previous copy removes it', async () => {
    const { server, store } = await loaded([]);
    const record = store.create({ name: 'New' });
    server.failNext(serverError());
    await expect(store.save(record)).rejects.toThrow('Something Went Wrong');
    expect(store.find(record.id)).toBeUndefined();
    expect(store.getSnapshot()).toEqual([]);
  });

  test('a 409 puts the server copy in place and records the conflict (id, local attempt, server copy, when)', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    const theirs = server.edit('a', { name: 'Theirs' });
    const error = await store.save({ ...store.find('a')!, name: 'Mine' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 409, data: { current: theirs } });
    expect(store.find('a')).toEqual(theirs);
    const conflicts = store.getConflicts();
    expect(conflicts).toEqual([{ id: 'a', local: row('a', 2, { name: 'Mine' }), server: theirs, at: NOW }]);
    expect(store.getConflicts()).toBe(conflicts);
    store.dismissConflict('a');
    expect(store.getConflicts()).toEqual([]);
  });

  test('a 409 without a server copy restores the previous copy and records the conflict', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    const previous = store.find('a')!;
    server.failNext(conflictError(undefined));
    await expect(store.save({ ...previous, name: 'Mine' })).rejects.toMatchObject({ status: 409 });
    expect(store.find('a')).toBe(previous);
    expect(store.getConflicts()).toEqual([
      { id: 'a', local: row('a', 2, { name: 'Mine' }), server: undefined, at: NOW },
    ]);
  });

  test('a save based on a stale copy is sent as stale + 1, so the server refuses it and its copy wins', async () => {
    const { server, store } = await loaded([row('a', 3, { name: 'A3' })]);
    await expect(store.save(row('a', 1, { name: 'Old base' }))).rejects.toMatchObject({ status: 409 });
    expect(server.calls.at(-1)).toEqual({ kind: 'put', record: row('a', 2, { name: 'Old base' }) });
    expect(store.find('a')).toEqual(row('a', 3, { name: 'A3' }));
  });

  test('the answer to a save does not roll back a newer copy pushed while it was in flight', async () => {
    const { server, store } = await loaded([row('a', 1)]);
    const release = server.hold('put');
    const saving = store.save({ ...store.find('a')!, name: 'Mine' });
    store.receive(row('a', 3, { name: 'Pushed' }));
    release();
    await saving;
    expect(store.find('a')).toEqual(row('a', 3, { name: 'Pushed' }));
  });

  test('a failure does not roll back a newer copy pushed while the save was in flight', async () => {
    const { server, store } = await loaded([row('a', 1)]);
    const release = server.hold('put');
    server.failNext(serverError());
    const saving = store.save({ ...store.find('a')!, name: 'Mine' });
    store.receive(row('a', 3, { name: 'Pushed' }));
    release();
    await expect(saving).rejects.toThrow('Something Went Wrong');
    expect(store.find('a')).toEqual(row('a', 3, { name: 'Pushed' }));
  });
});

describe('pushed and merged records', () => {
  test.each([
    { pushed: 3, replaces: true },
    { pushed: 2, replaces: false },
    { pushed: 1, replaces: false },
  ])('a pushed row_version $pushed over a local 2 replaces it: $replaces', async ({ pushed, replaces }) => {
    const { store } = await loaded([row('a', 2, { name: 'Local' })]);
    const local = store.find('a');
    const incoming = row('a', pushed, { name: 'Pushed' });
    store.receive(incoming);
    expect(store.find('a')).toBe(replaces ? incoming : local);
  });

  test.each([
    { remote: 3, keeps: 'remote' },
    { remote: 2, keeps: 'remote' },
    { remote: 1, keeps: 'local' },
  ])(
    'merging a remote row_version $remote over a local 2 keeps the $keeps copy',
    async ({ remote, keeps }) => {
      const { store } = await loaded([row('a', 2, { name: 'Local' })]);
      const local = store.find('a');
      const incoming = row('a', remote, { name: 'Remote' });
      store.merge([incoming, row('b', 1)]);
      expect(store.find('a')).toBe(keeps === 'remote' ? incoming : local);
      expect(store.find('b')).toEqual(row('b', 1));
    },
  );

  test('a pushed record that is new here is added', async () => {
    const { store } = await loaded([]);
    store.receive(row('x', 4));
    expect(store.getSnapshot()).toEqual([row('x', 4)]);
  });
});

describe('records the server took away', () => {
  test('forget removes the records, drafts of them included, and leaves the rest', async () => {
    const { store } = await loaded([row('a', 1), row('b', 1), row('c', 1)]);
    store.createDraft({ ...store.find('b')!, name: 'Draft' });
    store.forget(['a', 'b', 'unknown']);
    expect(store.getSnapshot()).toEqual([row('c', 1)]);
    expect(store.hasDrafts()).toBe(false);
    store.clearDrafts();
    expect(store.find('b')).toBeUndefined();
  });

  test('forgetting nothing known keeps the same snapshot and tells no one', async () => {
    const { store } = await loaded([row('a', 1)]);
    const before = store.getSnapshot();
    const listener = vi.fn();
    store.subscribe(listener);
    store.forget(['zz']);
    expect(store.getSnapshot()).toBe(before);
    expect(listener).not.toHaveBeenCalled();
  });

  test('replace merges by the bulk rule and drops what the server no longer has, except pending drafts', async () => {
    const { store } = await loaded([row('a', 3, { name: 'Local' }), row('b', 1), row('c', 1)]);
    store.createDraft({ ...store.find('c')!, name: 'Draft' });
    store.replace([row('a', 2, { name: 'Older' }), row('d', 1)]);
    expect(byId(store.getSnapshot())).toEqual([
      row('a', 3, { name: 'Local' }),
      { ...row('c', 1, { name: 'Draft' }), draft: true },
      row('d', 1),
    ]);
  });
});

describe('deletes', () => {
  test('a delete removes the record only after the server confirmed it', async () => {
    const { server, store } = await loaded([row('a', 1), row('b', 1)]);
    const release = server.hold('delete');
    const deleting = store.delete(store.find('a')!);
    expect(server.sent()).toEqual(['delete']);
    expect(store.find('a')).toEqual(row('a', 1));
    release();
    await deleting;
    expect(store.getSnapshot()).toEqual([row('b', 1)]);
    expect(server.rows.has('a')).toBe(false);
  });

  test('a failed delete keeps the record', async () => {
    const { server, store } = await loaded([row('a', 1)]);
    server.failNext(serverError());
    await expect(store.delete(store.find('a')!)).rejects.toThrow('Something Went Wrong');
    expect(store.find('a')).toEqual(row('a', 1));
  });

  test('a delete refused with 409 takes the server copy and records the conflict', async () => {
    const { server, store } = await loaded([row('a', 1)]);
    server.failNext(conflictError(row('a', 2, { name: 'Theirs' })));
    await expect(store.delete(store.find('a')!)).rejects.toMatchObject({ status: 409 });
    expect(store.find('a')).toEqual(row('a', 2, { name: 'Theirs' }));
    expect(store.getConflicts()).toHaveLength(1);
  });
});

describe('initialisation and refresh', () => {
  test('without an index path the store starts empty and initialised, and refresh is refused', async () => {
    const { server, store } = setup({ indexPath: null });
    expect(store.isInitialized()).toBe(true);
    expect(store.getSnapshot()).toEqual([]);
    await expect(store.refresh()).rejects.toThrow(new Error('Cannot refresh without index'));
    expect(server.calls).toEqual([]);
  });

  test('with auto-initialisation off the store starts empty and initialised; refresh loads the index', async () => {
    const { server, store } = setup({ rows: [row('a', 1)], autoInitialize: false });
    await store.ready;
    expect(store.isInitialized()).toBe(true);
    expect(store.getSnapshot()).toEqual([]);
    expect(server.calls).toEqual([]);
    await store.refresh();
    expect(store.getSnapshot()).toEqual([row('a', 1)]);
    expect(server.calls).toEqual([{ kind: 'index', path: INDEX }]);
  });

  test('refresh before the first load finished is refused', async () => {
    const server = createFakeServer([row('a', 1)]);
    const release = server.hold('index');
    const { store } = setup({ server });
    expect(store.isInitialized()).toBe(false);
    await expect(store.refresh()).rejects.toThrow(new Error('Cannot refresh if not initialized'));
    release();
    await store.ready;
    expect(store.isInitialized()).toBe(true);
    await expect(store.refresh()).resolves.toBeUndefined();
  });

  test('a failed first load rejects ready, leaves the store uninitialised, and initialize() retries', async () => {
    const server = createFakeServer([row('a', 1)]);
    server.failNext(serverError());
    const { store } = setup({ server });
    await expect(store.ready).rejects.toThrow('Something Went Wrong');
    expect(store.isInitialized()).toBe(false);
    await expect(store.refresh()).rejects.toThrow('Cannot refresh if not initialized');
    await store.initialize();
    expect(store.getSnapshot()).toEqual([row('a', 1)]);
  });

  test('a refresh merges the index and drops what the server no longer has, but not drafts or saves in flight', async () => {
    const { server, store } = await loaded([row('a', 1), row('b', 1), row('c', 1)]);
    store.createDraft({ ...store.find('a')!, name: 'Draft' });
    const release = server.hold('put');
    const fresh = store.create({ name: 'Fresh' });
    const saving = store.save(fresh);
    server.rows.delete('a');
    server.rows.delete('b');
    server.edit('c', { name: 'C2' });
    await store.refresh();
    expect(byId(store.getSnapshot())).toEqual(
      byId([
        row('a', 1, { name: 'Draft', draft: true }),
        row('c', 2, { name: 'C2' }),
        { ...fresh, row_version: 1 },
      ]),
    );
    release();
    await saving;
  });

  test('a refresh does not roll back a save in flight (its row_version is ahead)', async () => {
    const { server, store } = await loaded([row('a', 1)]);
    const release = server.hold('put');
    const saving = store.save({ ...store.find('a')!, name: 'Mine' });
    await store.refresh();
    expect(store.find('a')).toEqual(row('a', 2, { name: 'Mine' }));
    release();
    await saving;
  });
});

describe('persistence', () => {
  test('the store first shows what persistence has, then the first index replaces it', async () => {
    const persistence = createMemoryPersistence({ items: [row('a', 5, { name: 'Disk' }), row('gone', 1)] });
    const server = createFakeServer([row('a', 3, { name: 'Server' }), row('b', 1)]);
    const release = server.hold('index');
    const { store } = setup({ server, persistence });
    await flushMicrotasks();
    expect(store.getSnapshot()).toEqual([row('a', 5, { name: 'Disk' }), row('gone', 1)]);
    release();
    await store.ready;
    // A disk copy may be an optimistic save that never arrived, so even a higher row_version gives way.
    expect(byId(store.getSnapshot())).toEqual([row('a', 3, { name: 'Server' }), row('b', 1)]);
  });

  test('the server is asked while the disk is read; its answer is applied after the disk copies', async () => {
    const inner = createMemoryPersistence({ items: [row('a', 5, { name: 'Disk' })] });
    let releaseLoad = () => {};
    const persistence: RecordPersistence = {
      load: (name) =>
        new Promise((resolve) => {
          releaseLoad = () => resolve(inner.load(name));
        }),
      save: inner.save,
    };
    const server = createFakeServer([row('a', 3, { name: 'Server' })]);
    const { store } = setup({ server, persistence });
    await flushMicrotasks();
    expect(server.calls.map((call) => call.kind)).toEqual(['index']);
    expect(store.getSnapshot()).toEqual([]);
    releaseLoad();
    await store.ready;
    expect(store.getSnapshot()).toEqual([row('a', 3, { name: 'Server' })]);
  });

  test('every change is persisted, so a reload offline shows the last state', async () => {
    const persistence = createMemoryPersistence();
    const first = setup({ rows: [row('a', 1), row('b', 1)], persistence });
    await first.store.ready;
    await first.store.save({ ...first.store.find('a')!, name: 'Edited' });
    await first.store.delete(first.store.find('b')!);
    await first.store.whenPersisted();

    const offline = createFakeServer();
    offline.failNext(new Error('Offline'));
    const reloaded = setup({ server: offline, persistence });
    await expect(reloaded.store.ready).rejects.toThrow('Offline');
    expect(reloaded.store.getSnapshot()).toEqual(first.store.getSnapshot());
  });

  test('changes made together cost one write; while a write runs, further changes wait as one more', async () => {
    const inner = createMemoryPersistence();
    let releaseWrite = () => {};
    const persistence: RecordPersistence = {
      load: inner.load,
      save: vi.fn(async (name, records) => {
        await new Promise<void>((resolve) => {
          releaseWrite = resolve;
        });
        await inner.save(name, records);
      }),
    };
    const { store } = setup({ indexPath: null, persistence });
    store.merge([row('a', 1)]);
    store.receive(row('b', 1));
    store.merge([row('c', 1)]);
    await flushMicrotasks();
    expect(persistence.save).toHaveBeenCalledTimes(1);
    store.receive(row('d', 1));
    store.receive(row('e', 1));
    releaseWrite();
    await flushMicrotasks();
    releaseWrite();
    await store.whenPersisted();
    expect(persistence.save).toHaveBeenCalledTimes(2);
    expect(byId(inner.stored.get('items') as Row[]).map((r) => r.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  test('drafts are not persisted: the copy they replaced is', async () => {
    const persistence = createMemoryPersistence();
    const { store } = setup({ indexPath: null, persistence });
    store.merge([row('a', 1, { name: 'Saved' })]);
    store.createDraft({ ...store.find('a')!, name: 'Draft' });
    store.createDraft(row('n', 0, { name: 'New' }));
    await store.whenPersisted();
    expect(persistence.stored.get('items')).toEqual([row('a', 1, { name: 'Saved' })]);
  });

  test('a pushed copy under a draft is persisted: a reload shows it where the draft was', async () => {
    const persistence = createMemoryPersistence();
    const { store } = setup({ indexPath: null, persistence });
    store.merge([row('a', 1, { name: 'Saved' })]);
    store.createDraft({ ...store.find('a')!, name: 'Draft' });
    await store.whenPersisted();
    store.receive(row('a', 2, { name: 'Pushed' }));
    await store.whenPersisted();
    expect(persistence.stored.get('items')).toEqual([row('a', 2, { name: 'Pushed' })]);
  });

  test('a persistence failure is reported and does not stop the load', async () => {
    const onPersistError = vi.fn();
    const server = createFakeServer([row('a', 1)]);
    const store = createRecordStore<Row>({
      name: 'items',
      transport: server.transport,
      indexPath: INDEX,
      persistence: {
        load: () => Promise.reject(new Error('disk')),
        save: () => Promise.reject(new Error('full')),
      },
      onPersistError,
    });
    await store.ready;
    await store.whenPersisted();
    expect(store.getSnapshot()).toEqual([row('a', 1)]);
    expect(onPersistError.mock.calls.map(([e]) => (e as Error).message)).toEqual(['disk', 'full']);
  });
});

describe('pretend (preview) mode', () => {
  test('saves, deletes and flushes change only the local copy: nothing is sent or persisted', async () => {
    const persistence = createMemoryPersistence();
    const server = createFakeServer([row('a', 1), row('b', 1)]);
    const { store, mode } = setup({ server, persistence });
    await store.ready;
    await store.whenPersisted();
    const writes = persistence.saveCount();
    mode.pretend = true;
    expect(await store.save({ ...store.find('a')!, name: 'Pretend' })).toEqual(
      row('a', 2, { name: 'Pretend' }),
    );
    await store.delete(store.find('b')!);
    store.createDraft(row('n', 0, { name: 'New' }));
    await store.flushDrafts();
    await store.whenPersisted();
    expect(byId(store.getSnapshot())).toEqual([
      row('a', 2, { name: 'Pretend' }),
      row('n', 1, { name: 'New' }),
    ]);
    expect(server.sent()).toEqual([]);
    expect(persistence.saveCount()).toBe(writes);
    expect(server.rows.get('a')).toEqual(row('a', 1));
  });
});

describe('subscriptions', () => {
  test('one notification per operation, however many rows it touches; unsubscribe stops them', async () => {
    const { store } = setup({ indexPath: null });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.merge(Array.from({ length: 500 }, (_, i) => row(`r${i}`, 1)));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
    store.merge([row('x', 1)]);
    expect(listener).toHaveBeenCalledTimes(1);
  });

  test('the snapshot is the same array until something changes', async () => {
    const { store } = await loaded([row('a', 2)]);
    const listener = vi.fn();
    store.subscribe(listener);
    const first = store.getSnapshot();
    expect(store.getSnapshot()).toBe(first);
    store.receive(row('a', 1));
    store.receive(row('a', 2));
    await store.save({ ...store.find('a')!, updated_at: 'later' });
    store.dismissConflict('nothing');
    expect(store.getSnapshot()).toBe(first);
    expect(listener).not.toHaveBeenCalled();
    store.receive(row('a', 3));
    expect(store.getSnapshot()).not.toBe(first);
    expect(store.getSnapshot()).toEqual([row('a', 3)]);
    expect(listener).toHaveBeenCalledTimes(1);
  });
});
