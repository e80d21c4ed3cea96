import type { DbOrTx } from './client';

/**
 * A query built once per database: Drizzle's build of the comment list's two queries took 1.5-2.5
 * ms a request, for text that never changes (docs/comments.md, "Measured"). A transaction's `tx`
 * is new every time, so there the query would be built every time: use it with the database.
 */
export function preparedOnce<T>(cache: WeakMap<DbOrTx, T>, db: DbOrTx, prepare: () => T): T {
  let found = cache.get(db);
  if (!found) {
    found = prepare();
    cache.set(db, found);
  }
  return found;
}
