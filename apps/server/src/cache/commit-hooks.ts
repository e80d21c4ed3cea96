import type { Db, DbOrTx, Tx } from '../db/client';
import type { CacheInvalidation } from './cache-invalidation';
import type { ChangedItem } from './kept-folder';

/**
 * The change numbers one transaction took in one workspace (noteChanges: `from` excluded, `to`
 * included) and the items among its changes: what the kept folder lists of this process are
 * patched with once it committed (folder-snapshots.ts).
 */
export interface CommittedSequence {
  teamId: number;
  from: number;
  to: number;
  /** The ids of the items it noted as changed. */
  itemIds: Set<string>;
  /** False when its numbers did not follow each other (never expected): nothing is patched then. */
  contiguous: boolean;
  /**
   * The noted items as they are at `to`, read in the transaction just before it committed
   * (`beforeCommit`); undefined when they were not read.
   */
  items?: ChangedItem[];
}

export interface CommitHandlers {
  /** Hands the invalidations and change numbers of a committed transaction on (hot-caches.ts). */
  onCommit(list: CacheInvalidation[], sequences: CommittedSequence[]): Promise<void>;
  /**
   * Runs in the transaction after its work, before COMMIT, when it took change numbers: reads what
   * `onCommit` will need of its rows (their state at the transaction's last number).
   */
  beforeCommit?(tx: Tx, sequences: CommittedSequence[]): Promise<void>;
}

/** What a transaction that has not committed yet noted. */
interface Pending {
  invalidations: CacheInvalidation[];
  sequences: Map<number, CommittedSequence>;
}

const pending = new WeakMap<object, Pending>();
/** What a database hands committed transactions to (installed once per database). */
const handlers = new WeakMap<object, CommitHandlers>();

/**
 * Makes `db.transaction` hand the invalidations and change numbers noted in it
 * (`noteInvalidation`, `noteSequence`) to `onCommit` once it committed, before the transaction's
 * promise resolves: the write's answer leaves only after every process dropped what it changed.
 * Dropping them earlier would let a concurrent read put the old copy back before the commit; a
 * rolled-back transaction drops nothing.
 */
export function trackCommits(db: Db, commitHandlers: CommitHandlers): void {
  if (handlers.has(db)) return;
  handlers.set(db, commitHandlers);
  const transaction = db.transaction.bind(db);
  const tracked: typeof db.transaction = async (run, config) => {
    let notes: Pending | undefined;
    const result = await transaction(async (tx) => {
      notes = { invalidations: [], sequences: new Map() };
      pending.set(tx, notes);
      const value = await run(tx);
      if (commitHandlers.beforeCommit && notes.sequences.size > 0)
        await commitHandlers.beforeCommit(tx, [...notes.sequences.values()]);
      return value;
    }, config);
    if (notes && (notes.invalidations.length > 0 || notes.sequences.size > 0))
      await commitHandlers.onCommit(notes.invalidations, [...notes.sequences.values()]);
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
    notes.invalidations.push(...list);
    return;
  }
  void handlers.get(db)?.onCommit(list, []);
}

/**
 * Notes that this transaction took the workspace's change numbers `to - count + 1` to `to`, for
 * the items named among others. Outside a transaction nothing is noted: the kept lists then see a
 * gap in the numbers and are dropped rather than patched.
 */
export function noteSequence(
  db: DbOrTx,
  teamId: number,
  to: number,
  count: number,
  itemIds: readonly string[],
): void {
  const notes = pending.get(db);
  if (!notes) return;
  const noted = notes.sequences.get(teamId);
  if (!noted) {
    notes.sequences.set(teamId, {
      teamId,
      from: to - count,
      to,
      itemIds: new Set(itemIds),
      contiguous: true,
    });
    return;
  }
  // The workspace's row stays locked from the first number: the next ones follow it.
  if (noted.to !== to - count) noted.contiguous = false;
  noted.to = to;
  for (const id of itemIds) noted.itemIds.add(id);
}

/** Whether this transaction already noted such an invalidation: it changed what the cache holds. */
export function hasNoted(db: DbOrTx, picks: (change: CacheInvalidation) => boolean): boolean {
  return pending.get(db)?.invalidations.some(picks) ?? false;
}
