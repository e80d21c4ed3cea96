import { HttpError } from '@strata/sync/http-client';
import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';
import { useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toasts } from '../../ui/toast-store';

const none: readonly never[] = [];

/**
 * Every hook watching a store sees the same conflicts, and a replayed queue can lose several
 * saves at once: they all share one toast.
 */
export const CONFLICT_TOAST_KEY = 'records.conflict';
const noStore = () => () => undefined;

/**
 * Whether a refused save is a conflict (409), which the store's conflict notice already tells:
 * whoever reports the save's failure leaves it out, so that it is one toast, not two.
 */
export function isToldAsConflict(error: unknown): boolean {
  return error instanceof HttpError && error.status === 409;
}

/** The records of a store, re-rendered when they change; empty while there is no store. */
export function useRecords<T extends SyncedRecord>(store: RecordStore<T> | null): readonly T[] {
  return useSyncExternalStore(store ? store.subscribe : noStore, store ? store.getSnapshot : () => none);
}

/**
 * Tells the user when a save of theirs lost to someone else's (a 409): the server's copy is what
 * they now see, and a toast says why it changed under them. Conflicts close together are told once.
 */
export function useConflictNotices<T extends SyncedRecord>(store: RecordStore<T> | null): void {
  const { t } = useTranslation();
  const conflicts = useSyncExternalStore(
    store ? store.subscribe : noStore,
    store ? store.getConflicts : () => none,
  );
  useEffect(() => {
    if (!store) return;
    for (const conflict of conflicts) {
      toasts.show(t('records.conflict'), { tone: 'error', key: CONFLICT_TOAST_KEY });
      store.dismissConflict(conflict.id);
    }
  }, [store, conflicts, t]);
}
