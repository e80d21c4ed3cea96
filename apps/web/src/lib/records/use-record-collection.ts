import type { SyncedRecord } from '@strata/sync/records/record-rules';
import type { RecordStore } from '@strata/sync/records/record-types';
import { startTransition, useCallback, useEffect, useState } from 'react';
import { useRecords } from './use-records';

export interface RecordCollection<T> {
  /** Undefined until the collection is known (from this device or the server). */
  data: readonly T[] | undefined;
  isPending: boolean;
  /** The server could not be reached and this device kept nothing. */
  isError: boolean;
  /** The server's list has been applied at least once. */
  isLoaded: boolean;
  /** `data` is only the collection's first page (the store's `isPartial`): the rest is loading. */
  isPartial: boolean;
  /**
   * Why the last load failed (an HttpError when the server refused: a board locked by its password
   * answers BOARD_LOCKED), also when records kept on this device are shown; else undefined.
   */
  error: unknown;
  /** Loads again after a failed load (the caller removed its cause: unlocked the board, say). */
  retry(): void;
}

/**
 * A record store's collection for a screen: the store is initialised on first use (records kept on
 * this device show at once, then the server's list), and a failed load can be told from an empty
 * one.
 */
export function useRecordCollection<T extends SyncedRecord>(
  store: RecordStore<T> | null,
): RecordCollection<T> {
  const records = useRecords(store);
  const [state, setState] = useState<{
    store: RecordStore<T> | null;
    status: 'pending' | 'ready' | 'error';
    error?: unknown;
  }>({
    store: null,
    status: 'pending',
  });
  const [attempt, setAttempt] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt loads again
  useEffect(() => {
    if (!store) return;
    let isCurrent = true;
    // A transition, as the records' own changes are (useRecords): what the load brings is drawn
    // in slices, not in one long task.
    const settle = (status: 'ready' | 'error', error?: unknown) =>
      isCurrent && startTransition(() => setState({ store, status, error }));
    if (store.isInitialized()) settle('ready');
    else
      store.initialize().then(
        () => settle('ready'),
        (error: unknown) => settle('error', error),
      );
    return () => {
      isCurrent = false;
    };
  }, [store, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const status = state.store === store ? state.status : store?.isInitialized() ? 'ready' : 'pending';
  // A copy kept on this device is shown while it is brought up to date, an empty one too.
  const isKnown = status === 'ready' || records.length > 0 || (store?.showsKeptCopy() ?? false);
  return {
    data: isKnown ? records : undefined,
    isPending: !isKnown && status === 'pending',
    isError: !isKnown && status === 'error',
    isLoaded: status === 'ready',
    isPartial: status !== 'ready' && (store?.isPartial() ?? false),
    error: status === 'error' ? state.error : undefined,
    retry,
  };
}
