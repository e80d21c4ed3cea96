import type { Db, DbOrTx } from '../db/client';
import type { CacheInvalidation } from './hot-caches';

/** Invalidations noted in a transaction that has not committed yet. */
const pending = new WeakMap<object, CacheInvalidation[]>();
/** What a database hands committed invalidations to (installed once per database). */
const handlers = new WeakMap<object, (list: CacheInvalidation[]) => Promise<void>>();

/**
 * Makes `db.transaction` hand the invalidations noted in it (`noteInvalidation`) to `onCommit`
 * once it committed, before the transaction's promise resolves: the write's answer leaves only
 * after every process dropped what it changed. Dropping them earlier would let a concurrent read
 * put the old copy back before the commit; a rolled-back transaction drops nothing.
 */
export function trackCommits(db: Db, onCommit: (list: CacheInvalidation[]) => Promise<void>): void {
  if (handlers.has(db)) return;
  handlers.set(db, onCommit);
  const transaction = db.transaction.bind(db);
  const tracked: typeof db.transaction = async (run, config) => {
    let notes: CacheInvalidation[] | undefined;
    const result = await transaction(async (tx) => {
      notes = [];
      pending.set(tx, notes);
      return run(tx);
    }, config);
    if (notes && notes.length > 0) await onCommit(notes);
    return result;
  };
  db.transaction = tracked;
}

/**
 * Drops cached copies of what this write changes once it commits. On the database itself (no
 * transaction: the statement already committed) they are dropped at once.
 */
export function noteInvalidation(db: DbOrTx, ...list: CacheInvalidation[]): void {
  const notes = pending.get(db);
  if (notes) {
    notes.push(...list);
    return;
  }
  void handlers.get(db)?.(list);
}

/** Whether this transaction already noted such an invalidation: it changed what the cache holds. */
export function hasNoted(db: DbOrTx, picks: (change: CacheInvalidation) => boolean): boolean {
  return pending.get(db)?.some(picks) ?? false;
}
