import type { FailedRequestEntry, FailedRequestStorage } from '@strata/sync/queue/failed-request-queue';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/** The offline queue's own IndexedDB database (the record stores keep theirs apart). */
export const QUEUE_DATABASE = 'strata-queue';
const QUEUES = 'queues';

interface QueueSchema extends DBSchema {
  queues: { key: string; value: { owner: string; entries: FailedRequestEntry[] } };
}

/**
 * The failed-request queue of one user in IndexedDB, shared by the tabs of this browser. Each user
 * has their own entry (`owner`), so that a change queued by one account is never replayed with
 * another's session; it waits until its author signs in again.
 */
export function createIdbQueueStorage(owner: string, databaseName = QUEUE_DATABASE): FailedRequestStorage {
  let opening: Promise<IDBPDatabase<QueueSchema>> | null = null;
  const database = () => {
    opening ??= openDB<QueueSchema>(databaseName, 1, {
      upgrade(db) {
        db.createObjectStore(QUEUES, { keyPath: 'owner' });
      },
      // A newer version of the app wants to upgrade the database in another tab: let it.
      blocking() {
        void opening?.then((db) => db.close());
        opening = null;
      },
    });
    return opening;
  };
  return {
    async load() {
      return (await (await database()).get(QUEUES, owner))?.entries ?? [];
    },
    async save(entries) {
      const db = await database();
      if (entries.length === 0) await db.delete(QUEUES, owner);
      else await db.put(QUEUES, { owner, entries });
    },
  };
}
