import { describe, expect, test } from 'vitest';
import { byId, createFakeServer, loaded, NOW, row, serverError, setup } from './record-store.fixtures';

describe('drafts', () => {
  test('creating a draft adds a local record marked draft and sends nothing', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    const draft = store.createDraft({ ...store.find('a')!, name: 'Draft' });
    store.createDraft(row('n', 0, { name: 'New' }));
    expect(draft).toEqual(row('a', 1, { name: 'Draft', draft: true }));
    expect(byId(store.getSnapshot())).toEqual([draft, row('n', 0, { name: 'New', draft: true })]);
    expect(store.hasDrafts()).toBe(true);
    expect(server.sent()).toEqual([]);
  });

  test('clearing drafts restores the prior copies and removes records that had none', async () => {
    const { store } = await loaded([row('a', 1, { name: 'A' }), row('b', 1)]);
    const prior = store.find('a');
    store.createDraft({ ...store.find('a')!, name: 'Draft 1' });
    store.createDraft({ ...store.find('a')!, name: 'Draft 2' });
    store.createDraft(row('n', 0));
    store.clearDrafts();
    expect(store.find('a')).toBe(prior);
    expect(store.find('n')).toBeUndefined();
    expect(store.hasDrafts()).toBe(false);
  });

  test('flushing saves every draft in one save-multiple, without the draft marker, row_version + 1', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    store.createDraft({ ...store.find('a')!, name: 'A2' });
    store.createDraft(row('n', 0, { name: 'New' }));
    const saved = await store.flushDrafts();
    expect(server.calls.at(-1)).toEqual({
      kind: 'saveMultiple',
      operations: [
        { method: 'put', record: row('a', 2, { name: 'A2' }) },
        { method: 'put', record: row('n', 1, { name: 'New' }) },
      ],
    });
    expect(server.sent()).toEqual(['saveMultiple']);
    expect(saved.map((r) => [r.id, r.row_version, r.draft])).toEqual([
      ['a', 2, undefined],
      ['n', 1, undefined],
    ]);
    expect(byId(store.getSnapshot())).toEqual(saved);
    expect(store.hasDrafts()).toBe(false);
  });

  test('a draft equal to its prior copy is not sent; it just ends', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' }), row('b', 1)]);
    store.createDraft({ ...store.find('a')!, updated_at: 'touched' });
    store.createDraft({ ...store.find('b')!, name: 'B2' });
    await store.flushDrafts();
    expect(server.calls.at(-1)).toEqual({
      kind: 'saveMultiple',
      operations: [{ method: 'put', record: row('b', 2, { name: 'B2' }) }],
    });
    expect(store.find('a')).toEqual(row('a', 1, { name: 'A' }));
    expect(store.hasDrafts()).toBe(false);
  });

  test('flushing nothing sends nothing', async () => {
    const { server, store } = await loaded([row('a', 1)]);
    await expect(store.flushDrafts()).resolves.toEqual([]);
    expect(server.sent()).toEqual([]);
  });

  test('a failed flush restores the drafts, so it can be retried', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    store.createDraft({ ...store.find('a')!, name: 'A2' });
    store.createDraft(row('n', 0));
    server.failNext(serverError());
    await expect(store.flushDrafts()).rejects.toThrow('Something Went Wrong');
    expect(byId(store.getSnapshot())).toEqual([
      row('a', 1, { name: 'A2', draft: true }),
      row('n', 0, { draft: true }),
    ]);
    await store.flushDrafts();
    expect(byId(store.getSnapshot()).map((r) => [r.id, r.row_version, r.draft])).toEqual([
      ['a', 2, undefined],
      ['n', 1, undefined],
    ]);
  });

  test('a flush refused with 409: that record takes the server copy and the conflict is kept; the others stay drafts', async () => {
    const { server, store } = await loaded([row('a', 1), row('b', 1)]);
    store.createDraft({ ...store.find('a')!, name: 'A2' });
    store.createDraft({ ...store.find('b')!, name: 'B2' });
    const theirs = server.edit('b', { name: 'Theirs' });
    await expect(store.flushDrafts()).rejects.toMatchObject({ status: 409 });
    expect(store.find('a')).toEqual(row('a', 1, { name: 'A2', draft: true }));
    expect(store.find('b')).toEqual(theirs);
    expect(store.getConflicts()).toEqual([
      { id: 'b', local: row('b', 2, { name: 'B2' }), server: theirs, at: NOW },
    ]);
    expect(server.rows.get('a')).toEqual(row('a', 1));
  });

  test('a pushed or merged copy does not overwrite a draft: it becomes the copy clearing restores', async () => {
    const { server, store } = await loaded([row('a', 1), row('b', 1)]);
    store.createDraft({ ...store.find('a')!, name: 'Draft' });
    store.createDraft({ ...store.find('b')!, name: 'Draft' });
    store.receive(row('a', 2, { name: 'Pushed' }));
    server.edit('b', { name: 'Indexed' });
    await store.refresh();
    expect(store.find('a')).toEqual(row('a', 1, { name: 'Draft', draft: true }));
    expect(store.find('b')).toEqual(row('b', 1, { name: 'Draft', draft: true }));
    store.clearDrafts();
    expect(store.find('a')).toEqual(row('a', 2, { name: 'Pushed' }));
    expect(store.find('b')).toEqual(row('b', 2, { name: 'Indexed' }));
  });

  test('deleting a record that exists only as a draft sends nothing', async () => {
    const { server, store } = await loaded([]);
    const draft = store.createDraft(store.create({ name: 'New' }));
    await store.delete(draft);
    expect(store.getSnapshot()).toEqual([]);
    expect(store.hasDrafts()).toBe(false);
    expect(server.sent()).toEqual([]);
  });

  test('deleting a drafted record sends the copy the server knows, and ends the draft', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    store.createDraft({ ...store.find('a')!, name: 'Draft' });
    await store.delete(store.find('a')!);
    expect(server.calls.at(-1)).toEqual({ kind: 'delete', record: row('a', 1, { name: 'A' }) });
    expect(store.getSnapshot()).toEqual([]);
    expect(store.hasDrafts()).toBe(false);
  });

  test('saving a drafted record directly saves it and ends its draft; a failure brings the draft back', async () => {
    const { server, store } = await loaded([row('a', 1, { name: 'A' })]);
    const draft = store.createDraft({ ...store.find('a')!, name: 'Draft' });
    server.failNext(serverError());
    await expect(store.save(draft)).rejects.toThrow('Something Went Wrong');
    expect(store.find('a')).toBe(draft);
    expect(store.hasDrafts()).toBe(true);
    await store.save(draft);
    expect(server.calls.at(-1)).toEqual({ kind: 'put', record: row('a', 2, { name: 'Draft' }) });
    expect(store.hasDrafts()).toBe(false);
  });
});

describe('transactions', () => {
  test('starting a second batch while one runs throws "Double transaction"', async () => {
    const { server, store } = await loaded([row('a', 1)]);
    store.createDraft({ ...store.find('a')!, name: 'A2' });
    const release = server.hold();
    const first = store.flushDrafts();
    await expect(store.flushDrafts()).rejects.toThrow(new Error('Double transaction'));
    await expect(store.transaction([{ method: 'put', record: row('b', 0) }])).rejects.toThrow(
      new Error('Double transaction'),
    );
    release();
    await first;
    await expect(store.transaction([{ method: 'put', record: row('b', 0) }])).resolves.toHaveLength(1);
  });

  test('during a batch, saves and deletes wait, then go out after it in the order they were asked', async () => {
    const { server, store } = await loaded([row('a', 1), row('b', 1), row('c', 1)]);
    store.createDraft({ ...store.find('a')!, name: 'A2' });
    const release = server.hold();
    const flushing = store.flushDrafts();
    const deleting = store.delete(store.find('c')!);
    const saving = store.save({ ...store.find('b')!, name: 'B2' });
    expect(server.sent()).toEqual(['saveMultiple']);
    expect(store.find('b')).toEqual(row('b', 1));
    release();
    await Promise.all([flushing, deleting, saving]);
    expect(server.sent()).toEqual(['saveMultiple', 'delete', 'put']);
    expect(byId(store.getSnapshot()).map((r) => [r.id, r.row_version])).toEqual([
      ['a', 2],
      ['b', 2],
    ]);
  });

  test('waiting requests still go out after a batch that failed', async () => {
    const { server, store } = await loaded([row('a', 1), row('b', 1)]);
    store.createDraft({ ...store.find('a')!, name: 'A2' });
    server.failNext(serverError());
    const flushing = store.flushDrafts();
    const saving = store.save({ ...store.find('b')!, name: 'B2' });
    await expect(flushing).rejects.toThrow('Something Went Wrong');
    await expect(saving).resolves.toMatchObject({ id: 'b', row_version: 2 });
  });

  test('a batch carries puts and deletes; deleted records go once the server confirmed', async () => {
    const { server, store } = await loaded([row('a', 1), row('b', 1)]);
    const release = server.hold();
    const running = store.transaction([
      { method: 'put', record: { ...store.find('a')!, name: 'A2' } },
      { method: 'delete', record: store.find('b')! },
    ]);
    expect(store.find('a')).toEqual(row('a', 2, { name: 'A2' }));
    expect(store.find('b')).toEqual(row('b', 1));
    release();
    await running;
    expect(store.getSnapshot().map((r) => r.id)).toEqual(['a']);
    expect(server.calls.at(-1)).toEqual({
      kind: 'saveMultiple',
      operations: [
        { method: 'put', record: row('a', 2, { name: 'A2' }) },
        { method: 'delete', record: row('b', 1) },
      ],
    });
  });

  test.each(['post', 'PUT', 'patch'])(
    'save method %j is refused: only put and delete exist',
    async (method) => {
      const { server, store } = await loaded([row('a', 1)]);
      // biome-ignore lint/suspicious/noExplicitAny: a caller outside TypeScript's reach
      const operation = { method: method as any, record: row('a', 1) };
      await expect(store.transaction([operation])).rejects.toThrow(`Unknown save method: ${method}`);
      expect(server.sent()).toEqual([]);
    },
  );

  test('a store without an index path still saves', async () => {
    const server = createFakeServer();
    const { store } = setup({ server, indexPath: null });
    await store.save(row('a', 0));
    expect(server.rows.get('a')).toMatchObject({ row_version: 1 });
  });
});
