import { createRecordStore } from '@strata/sync/records/record-store';
import type { RecordTransport } from '@strata/sync/records/record-types';
import { describe, expect, test } from 'vitest';
import { applyPush, createOncePerPayload, readPush } from './record-push';

interface Note {
  id: string;
  row_version: number;
  created_at: string;
  name: string;
  deleted?: boolean;
}

const note = (id: string, row_version: number, name = id): Note => ({
  id,
  row_version,
  created_at: '2026-11-01T10:00:00.000Z',
  name,
});

/** A store over a server list that tests change between loads. */
function transportOf(server: Note[], onLoad = () => {}): RecordTransport<Note> {
  return {
    index: async () => {
      onLoad();
      return structuredClone(server);
    },
    put: async (record) => record,
    delete: async () => undefined,
    saveMultiple: async (operations) => operations.map((operation) => operation.record),
  };
}

function storeOver(server: Note[]) {
  let loads = 0;
  const transport = transportOf(server, () => loads++);
  const store = createRecordStore<Note>({ name: 'notes', transport, indexPath: '/api/notes' });
  return { store, loads: () => loads };
}

describe('record pushes', () => {
  test('a copy with a higher row_version replaces the local one; an older or equal one is ignored', async () => {
    const { store } = storeOver([note('a', 2, 'Two')]);
    await store.ready;
    expect(
      applyPush(store, { type: 'board.updated', id: 'a', row_version: 1, data: note('a', 1, 'One') }),
    ).toBe('ignored');
    expect(
      applyPush(store, { type: 'board.updated', id: 'a', row_version: 2, data: note('a', 2, 'Again') }),
    ).toBe('ignored');
    expect(store.find('a')?.name).toBe('Two');
    expect(
      applyPush(store, { type: 'board.updated', id: 'a', row_version: 3, data: note('a', 3, 'Three') }),
    ).toBe('received');
    expect(store.find('a')?.name).toBe('Three');
  });

  test('a created record is added; a deleted one is forgotten (the event, or a copy marked deleted)', async () => {
    const { store } = storeOver([note('a', 1), note('b', 1)]);
    await store.ready;
    applyPush(store, { type: 'folder.created', id: 'c', row_version: 1, data: note('c', 1) });
    expect(store.getSnapshot().map((row) => row.id)).toEqual(['a', 'b', 'c']);
    expect(applyPush(store, { type: 'folder.deleted', id: 'a', row_version: 2 })).toBe('forgotten');
    const gone = { ...note('b', 2), deleted: true };
    expect(applyPush(store, { type: 'folder.updated', id: 'b', row_version: 2, data: gone })).toBe(
      'forgotten',
    );
    expect(applyPush(store, { type: 'folder.deleted', id: 'zz', row_version: 2 })).toBe('ignored');
    expect(store.getSnapshot().map((row) => row.id)).toEqual(['c']);
  });

  test('an event without data (a private board’s) reloads a loaded collection, and nothing else', async () => {
    const server = [note('a', 1)];
    const { store, loads } = storeOver(server);
    await store.ready;
    server.push(note('secret', 1, 'Private plans'));
    expect(applyPush(store, { type: 'board.created', id: 'secret', row_version: 1 })).toBe('refreshed');
    await expect.poll(() => store.find('secret')?.name).toBe('Private plans');
    expect(loads()).toBe(2);

    // A collection still loading reloads nothing: its load brings the server's list anyway.
    const loading = createRecordStore<Note>({
      name: 'loading',
      transport: { ...transportOf([]), index: () => new Promise<Note[]>(() => {}) },
      indexPath: '/api/loading',
    });
    expect(applyPush(loading, { type: 'board.updated', id: 'x', row_version: 2 })).toBe('ignored');
  });

  test('only payloads shaped as pushes are read', () => {
    expect(readPush({ type: 'board.updated', id: 'a', row_version: 2, data: { id: 'a' } })).toEqual({
      type: 'board.updated',
      id: 'a',
      row_version: 2,
      data: { id: 'a' },
    });
    expect(readPush({ type: 'board.updated', id: 'a', row_version: 2, data: 'x' })?.data).toBeUndefined();
    for (const junk of [null, 'text', { id: 'a' }, { type: 'x', id: 1, row_version: 1 }]) {
      expect(readPush(junk)).toBeNull();
    }
  });

  test('one payload heard by several listeners is applied once', () => {
    const isFirst = createOncePerPayload();
    const payload = { type: 'board.updated', id: 'a', row_version: 2 };
    expect([isFirst(payload), isFirst(payload), isFirst({ ...payload })]).toEqual([true, false, true]);
  });
});
