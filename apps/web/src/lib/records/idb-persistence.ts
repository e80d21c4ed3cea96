import type { RecordPersistence } from '@strata/sync/records/persistence';
import type { SyncedRecord } from '@strata/sync/records/record-rules';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The IndexedDB database that keeps record stores between page loads (the queue has its own). */
export const RECORDS_DATABASE = 'strata-records';
const COLLECTIONS = 'collections';

/**
 * A kept collection: its records as JSON text. Older entries hold the records themselves
 * (`records`); they load as they are and are replaced by the next save.
 */
interface StoredCollection {
  name: string;
  json?: string;
  records?: SyncedRecord[];
  /** The delta-sync change number the records cover, when they cover one (RecordStore.cursor). */
  cursor?: number;
}

interface RecordsSchema extends DBSchema {
  collections: { key: string; value: StoredCollection };
}

export interface IdbPersistence extends RecordPersistence {
  /** Removes every stored collection (sign-out: the next person on this device sees nothing). */
  clear(): Promise<void>;
}

/** Where a collection's head is kept (RecordStoreOptions.keptHead). */
const headName = (name: string) => `${name}#head`;

/** A hidden page draws no frames: its writes wait this long at most. */
const PAINT_WAIT_MS = 100;

/**
 * Resolves once the next frame has been drawn (a task after the next animation frame), or after
 * PAINT_WAIT_MS where no frame comes (a hidden tab, no `requestAnimationFrame`).
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, PAINT_WAIT_MS);
    if (typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(timer);
        resolve();
      }, 0),
    );
  });
}

/** The longest a write waits for an idle moment: a page busy for longer is written to anyway. */
const IDLE_WAIT_MS = 1_000;

/**
 * Resolves when the page's main thread is next idle (`requestIdleCallback`), or after
 * IDLE_WAIT_MS; at once where idle callbacks do not exist.
 */
export function whenPageIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback !== 'function') return resolve();
    requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
  });
}

/**
 * Record persistence in IndexedDB: one entry per store name, replaced whole on each save (the store
 * coalesces writes, so a burst of changes costs at most two), written after the page has drawn the
 * change that caused it. Names carry the user id, so that a second account on the same device never
 * loads the first one's records.
 */
export function createIdbPersistence(databaseName = RECORDS_DATABASE): IdbPersistence {
  let opening: Promise<IDBPDatabase<RecordsSchema>> | null = null;
  const database = () => {
    opening ??= openDB<RecordsSchema>(databaseName, 1, {
      upgrade(db) {
        db.createObjectStore(COLLECTIONS, { keyPath: 'name' });
      },
    });
    return opening;
  };
  /** Collections whose head was read: their whole copy waits for the frame that shows the head. */
  const headsShown = new Set<string>();
  async function loadWithCursor(name: string) {
    if (headsShown.delete(name)) await afterNextPaint();
    const entry = await (await database()).get(COLLECTIONS, name);
    const records = entry?.json !== undefined ? (JSON.parse(entry.json) as SyncedRecord[]) : entry?.records;
    return records === undefined ? undefined : { records, cursor: entry?.cursor };
  }
  /** Bumped by clear(): a save asked for before it must not write afterwards (sign-out). */
  let generation = 0;
  return {
    load: async (name) => (await loadWithCursor(name))?.records,
    loadWithCursor,
    async loadHead(name) {
      const entry = await (await database()).get(COLLECTIONS, headName(name));
      if (entry?.json === undefined) return undefined;
      headsShown.add(name);
      return JSON.parse(entry.json) as SyncedRecord[];
    },
    async save(name, records, cursor, head) {
      const rows = [...records];
      const asked = generation;
      // The copy is made on this thread, so it waits until the page has drawn what changed and
      // then for an idle moment: a screen still rendering (a folder's first rows take several
      // frames) goes first; writing 10,000 items in the middle of it put their first rows 100 ms
      // later. It is JSON text, not the records: for 10,000 items (17 MB) V8 writes and reads the
      // text several times faster than it structured-clones the objects (reading them back:
      // ~150 ms against ~400 ms), and the text itself is copied whole.
      await afterNextPaint();
      await whenPageIdle();
      if (asked !== generation) return;
      const json = JSON.stringify(rows);
      const entry = cursor === undefined ? { name, json } : { name, json, cursor };
      // A store that keeps a head (keptHead) gives one with every save: it goes in the same
      // transaction, so it never disagrees with the copy it heads. Other stores write one entry.
      if (!head) {
        await (await database()).put(COLLECTIONS, entry);
        return;
      }
      const tx = (await database()).transaction(COLLECTIONS, 'readwrite');
      await Promise.all([
        tx.store.put(entry),
        tx.store.put({ name: headName(name), json: JSON.stringify(head) }),
        tx.done,
      ]);
    },
    async clear() {
      generation++;
      await (await database()).clear(COLLECTIONS);
    },
  };
}
