import { HttpError } from '@strata/sync/http-client';
import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';
import { startTransition, useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from '../../i18n/use-translation';
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

let urgentWrites = 0;

/**
 * Runs a write the user has just made with the pointer or the keys (a card dropped), so that the
 * screens it changes render at once rather than as a transition: what follows the gesture (the
 * dropped card's landing animation) finds the record already in its new place.
 */
export function showAtOnce<T>(write: () => T): T {
  urgentWrites += 1;
  try {
    return write();
  } finally {
    urgentWrites -= 1;
  }
}

/**
 * The records of a store, re-rendered when they change; empty while there is no store. A change
 * renders as a transition (unless written through `showAtOnce`): a collection arriving (a folder's
 * rows, a board's columns) is drawn in slices that let the browser answer input between them,
 * instead of in one long task. Every render reads the store's latest records, as
 * useSyncExternalStore would, so that whatever else renders the screen meanwhile never sees an
 * older copy.
 */
export function useRecords<T extends SyncedRecord>(store: RecordStore<T> | null): readonly T[] {
  const [, setChanges] = useState(0);
  const records = store ? store.getSnapshot() : none;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the records of the render that subscribed are compared once
  useEffect(() => {
    if (!store) return;
    const show = () => {
      if (urgentWrites > 0) setChanges((count) => count + 1);
      else startTransition(() => setChanges((count) => count + 1));
    };
    // A change between that render and the subscription is not missed.
    if (store.getSnapshot() !== records) show();
    return store.subscribe(show);
  }, [store]);
  return records;
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
