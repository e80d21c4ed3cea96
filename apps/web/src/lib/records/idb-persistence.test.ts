import 'fake-indexeddb/auto';
import { createRecordStore } from '@strata/sync/records/record-store';
import type { RecordTransport } from '@strata/sync/records/record-types';
import { openDB } from 'idb';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { afterNextPaint, createIdbPersistence, whenPageIdle } from './idb-persistence';

interface Note {
  id: string;
  row_version: number;
  created_at: string;
  text: string;
}

const note = (id: string, row_version: number, text: string): Note => ({
  id,
  row_version,
  created_at: '2026-11-01T10:00:00.000Z',
  text,
});

let databases = 0;
const freshName = () => `records-test-${++databases}`;

describe('IndexedDB record persistence', () => {
  test('nothing saved loads as undefined; a save loads back as it was, per name', async () => {
    const persistence = createIdbPersistence(freshName());
    expect(await persistence.load('u1:notes')).toBeUndefined();
    await persistence.save('u1:notes', [note('a', 1, 'A')]);
    await persistence.save('u2:notes', [note('b', 1, 'B')]);
    expect(await persistence.load('u1:notes')).toEqual([note('a', 1, 'A')]);
    expect(await persistence.load('u2:notes')).toEqual([note('b', 1, 'B')]);
  });

  test('a save replaces what was under the name; clear removes every name', async () => {
    const persistence = createIdbPersistence(freshName());
    await persistence.save('u1:notes', [note('a', 1, 'A'), note('b', 1, 'B')]);
    await persistence.save('u1:notes', [note('b', 2, 'B2')]);
    expect(await persistence.load('u1:notes')).toEqual([note('b', 2, 'B2')]);
    await persistence.clear();
    expect(await persistence.load('u1:notes')).toBeUndefined();
  });

  test('a collection is kept as JSON text; an entry of the older kind (the records) still loads', async () => {
    const name = freshName();
    const persistence = createIdbPersistence(name);
    await persistence.save('u1:notes', [note('a', 1, 'A')]);
    const db = await openDB(name, 1);
    expect(await db.get('collections', 'u1:notes')).toEqual({
      name: 'u1:notes',
      json: JSON.stringify([note('a', 1, 'A')]),
    });
    await db.put('collections', { name: 'u1:older', records: [note('b', 3, 'B')] });
    db.close();
    expect(await persistence.load('u1:older')).toEqual([note('b', 3, 'B')]);
  });

  test('a store reopened without a network shows what the last one persisted', async () => {
    const name = freshName();
    const online: RecordTransport<Note> = {
      index: async () => [note('a', 1, 'First')],
      put: async (record) => record,
      delete: async () => undefined,
      saveMultiple: async (operations) => operations.map((operation) => operation.record),
    };
    const first = createRecordStore<Note>({
      name: 'u1:notes',
      transport: online,
      indexPath: '/api/notes',
      persistence: createIdbPersistence(name),
    });
    await first.ready;
    await first.save({ ...first.find('a')!, text: 'Edited' });
    await first.whenPersisted();

    const offline: RecordTransport<Note> = {
      ...online,
      index: () => Promise.reject(new Error('Offline')),
    };
    const second = createRecordStore<Note>({
      name: 'u1:notes',
      transport: offline,
      indexPath: '/api/notes',
      persistence: createIdbPersistence(name),
    });
    await expect(second.ready).rejects.toThrow('Offline');
    expect(second.getSnapshot()).toEqual([note('a', 2, 'Edited')]);
  });
});

describe('writes wait for the page to draw', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  test('a save is written after the next frame, not before it', async () => {
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    const persistence = createIdbPersistence(freshName());
    let isSaved = false;
    const saving = persistence.save('u1:notes', [note('a', 1, 'A')]).then(() => {
      isSaved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(isSaved).toBe(false);
    expect(frames).toHaveLength(1);
    frames[0]!(performance.now());
    await saving;
    expect(await persistence.load('u1:notes')).toEqual([note('a', 1, 'A')]);
  });

  test('a save is written once the page is idle after that frame, not while it is busy', async () => {
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => setTimeout(callback, 0));
    const idle: (() => void)[] = [];
    const asked: (IdleRequestOptions | undefined)[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: IdleRequestOptions) => {
      idle.push(callback);
      asked.push(options);
      return idle.length;
    });
    const persistence = createIdbPersistence(freshName());
    let isSaved = false;
    const saving = persistence.save('u1:notes', [note('a', 1, 'A')]).then(() => {
      isSaved = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(isSaved).toBe(false);
    expect(idle).toHaveLength(1);
    // A page that stays busy is written to after a second at most.
    expect(asked[0]).toEqual({ timeout: 1_000 });
    idle[0]!();
    await saving;
    expect(await persistence.load('u1:notes')).toEqual([note('a', 1, 'A')]);
  });

  test('without idle callbacks (Safari) the wait for idle ends at once', async () => {
    vi.stubGlobal('requestIdleCallback', undefined);
    let isIdle = false;
    const waiting = whenPageIdle().then(() => {
      isIdle = true;
    });
    await Promise.resolve();
    await waiting;
    expect(isIdle).toBe(true);
  });

  test('without frames (a hidden page, no requestAnimationFrame) a write waits 100 ms at most', async () => {
    vi.stubGlobal('requestAnimationFrame', () => 0);
    const start = Date.now();
    await afterNextPaint();
    expect(Date.now() - start).toBeLessThan(1_000);
  });

  test('a save asked for before clear() writes nothing after it (sign-out)', async () => {
    const persistence = createIdbPersistence(freshName());
    const saving = persistence.save('u1:notes', [note('a', 1, 'A')]);
    await persistence.clear();
    await saving;
    expect(await persistence.load('u1:notes')).toBeUndefined();
  });
});
