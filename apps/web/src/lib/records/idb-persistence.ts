import type { RecordPersistence } from '@strata/sync/records/persistence';
import type { SyncedRecord } from '@strata/sync/records/record-rules';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The IndexedDB database that keeps record stores between page loads (the queue has its own). */
export const RECORDS_DATABASE = 'strata-records';
const COLLECTIONS = 'collections';

interface RecordsSchema extends DBSchema {
  collections: { key: string; value: { name: string; records: SyncedRecord[] } };
}

export interface IdbPersistence extends RecordPersistence {
  /** Removes every stored collection (sign-out: the next person on this device sees nothing). */
  clear(): Promise<void>;
}

/**
 * Record persistence in IndexedDB: one entry per store name, replaced whole on each save (the store
 * coalesces writes, so a burst of changes costs at most two). Names carry the user id, so that a
 * second account on the same device never loads the first one's records.
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
  return {
    async load(name) {
      const entry = await (await database()).get(COLLECTIONS, name);
      return entry?.records;
    },
    async save(name, records) {
      await (await database()).put(COLLECTIONS, { name, records: [...records] });
    },
    async clear() {
      await (await database()).clear(COLLECTIONS);
    },
  };
}
