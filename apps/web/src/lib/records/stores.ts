import type { SyncedRecord } from '@strata/sync/records/record-rules';
import { createRecordStore } from '@strata/sync/records/record-store';
import type { RecordStore, RecordStoreOptions } from '@strata/sync/records/record-types';
import { isPreviewMode } from '../preview-mode';
import { createIdbPersistence } from './idb-persistence';

/** Without IndexedDB (a private window in some browsers) stores simply start from the server. */
const persistence = typeof indexedDB === 'undefined' ? undefined : createIdbPersistence();
// biome-ignore lint/suspicious/noExplicitAny: one registry holds stores of every record type
const stores = new Map<string, RecordStore<any>>();

/**
 * The one store of a collection in this tab, made on first use. `name` must carry the user id
 * (`u12:workspaces`): it is the key in IndexedDB too. Preview mode keeps saves and deletes local.
 */
export function recordStore<T extends SyncedRecord>(
  options: Omit<RecordStoreOptions<T>, 'persistence' | 'isPretend'>,
): RecordStore<T> {
  let store = stores.get(options.name) as RecordStore<T> | undefined;
  if (!store) {
    store = createRecordStore<T>({
      ...options,
      persistence,
      isPretend: () => isPreviewMode(),
      onPersistError: (error) => console.warn('records not kept for offline use', error),
    });
    stores.set(options.name, store);
  }
  return store;
}

/** Every store made so far (the sync after a reconnection refreshes them). */
export function openRecordStores(): RecordStore<SyncedRecord>[] {
  return [...stores.values()];
}

/** The stores made so far whose names start with a prefix (`u12:t3:bX:`), with their names. */
export function openRecordStoresNamed(prefix: string): { name: string; store: RecordStore<SyncedRecord> }[] {
  return [...stores].filter(([name]) => name.startsWith(prefix)).map(([name, store]) => ({ name, store }));
}

/**
 * A workspace the user no longer has (deleted, left, removed): its stores leave this tab's
 * registry, so that no refresh or sync asks the server for what is gone.
 */
export function forgetTeamStores(userId: number, teamId: number): void {
  const prefix = `u${userId}:t${teamId}:`;
  for (const name of [...stores.keys()]) if (name.startsWith(prefix)) stores.delete(name);
}

/** Sign-out: drops the stores of this tab and what this device kept of them. */
export async function forgetRecordStores(): Promise<void> {
  stores.clear();
  await persistence?.clear().catch(() => undefined);
}
