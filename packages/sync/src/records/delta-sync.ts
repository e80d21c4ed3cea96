/**
 * The client side of delta sync (`GET /api/{teamId}/changes?since=N`): pulls pages of changes from
 * a stored cursor and hands them to one handler per record type. Framework free; the web app
 * wires `fetchChanges` to its HTTP client, the cursor to IndexedDB and the handlers to its
 * record stores (`merge`, `forget`, `replace`).
 */
import type { RecordId } from './record-rules';

/** One changed record as the server sends it: `data` is the record as its own GET answers it. */
export interface DeltaChange<T = unknown> {
  type: string;
  id: RecordId;
  row_version: number;
  data: T;
}

/** One page of `GET /api/{teamId}/changes` (the contract's ChangesPage, structurally). */
export interface DeltaPage {
  cursor: number;
  has_more: boolean;
  /** The server started over: this page and the ones after it hold everything current. */
  reset?: boolean;
  changes: readonly DeltaChange[];
  deleted: readonly { type: string; id: RecordId }[];
}

/** What one record type does with what arrives. Each may be synchronous or return a promise. */
export interface DeltaHandler<T = unknown> {
  /** Changed or new records: merge them (a store's bulk rule: row_version greater or equal wins). */
  apply(records: DeltaChange<T>[]): void | Promise<void>;
  /** Records deleted on the server, or no longer visible to this user: drop them. */
  remove(ids: RecordId[]): void | Promise<void>;
  /** Everything current of this type (a first pull or a reset): what is not in it goes. */
  replace(records: DeltaChange<T>[]): void | Promise<void>;
}

/** Where the cursor lives between pulls (IndexedDB, memory, ...). Undefined: never pulled. */
export interface CursorStorage {
  get(): number | undefined | Promise<number | undefined>;
  set(cursor: number): void | Promise<void>;
}

export interface DeltaSyncOptions {
  /** Fetches one page from `since` (0: everything). */
  fetchChanges(since: number): Promise<DeltaPage>;
  cursor: CursorStorage;
  /** By record type (`team`, `member`, ...). Types without a handler are skipped. */
  handlers: Readonly<Record<string, DeltaHandler>>;
}

export interface PullResult {
  /** The cursor stored at the end. */
  cursor: number;
  pages: number;
  /** Whether the handlers were told to replace everything (a first pull or a server reset). */
  replaced: boolean;
  changed: number;
  deleted: number;
}

export interface DeltaSync {
  /**
   * Pulls until the server has nothing more. Never two at once: a call while one runs joins it and
   * then runs once more (what changed meanwhile may not be in the running pull), and every call
   * made meanwhile shares that one further pull.
   */
  pull(): Promise<PullResult>;
  /** Whether a pull is running. */
  isPulling(): boolean;
}

/** Groups by type, keeping each type's entries in the order they came. */
function byType<T extends { type: string }>(entries: readonly T[]): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const entry of entries) {
    const group = groups.get(entry.type);
    if (group) group.push(entry);
    else groups.set(entry.type, [entry]);
  }
  return groups;
}

/**
 * A puller over one workspace's changes. The cursor is stored only after the handlers ran on a
 * page, so a failure (network, a handler throwing) leaves it where the last handled page ended
 * and the next pull fetches the rest again: handlers must take a record they already hold.
 *
 * A pull from no cursor, or a page with `reset`, is a snapshot: its pages are gathered until
 * `has_more` is false and then given to every handler's `replace` at once (each type gets its
 * list, empty ones included), so nothing is dropped before the whole snapshot has arrived.
 */
export function createDeltaSync(options: DeltaSyncOptions): DeltaSync {
  const { handlers } = options;
  let running: Promise<PullResult> | null = null;
  let next: Promise<PullResult> | null = null;

  async function applyPage(page: DeltaPage): Promise<void> {
    for (const [type, ids] of byType(page.deleted)) {
      await handlers[type]?.remove(ids.map((entry) => entry.id));
    }
    for (const [type, records] of byType(page.changes)) {
      await handlers[type]?.apply(records);
    }
  }

  async function replaceAll(snapshot: Map<string, Map<RecordId, DeltaChange>>): Promise<void> {
    for (const [type, handler] of Object.entries(handlers)) {
      await handler.replace([...(snapshot.get(type)?.values() ?? [])]);
    }
  }

  async function runPull(): Promise<PullResult> {
    let since = (await options.cursor.get()) ?? 0;
    // A snapshot in the making, by type and id: later pages overwrite and delete entries.
    let snapshot: Map<string, Map<RecordId, DeltaChange>> | null = since === 0 ? new Map() : null;
    const result: PullResult = { cursor: since, pages: 0, replaced: false, changed: 0, deleted: 0 };
    for (;;) {
      const page = await options.fetchChanges(since);
      result.pages += 1;
      result.changed += page.changes.length;
      result.deleted += page.deleted.length;
      if (page.reset) snapshot = new Map();
      if (snapshot) {
        for (const entry of page.deleted) snapshot.get(entry.type)?.delete(entry.id);
        for (const change of page.changes) {
          const ofType = snapshot.get(change.type) ?? new Map<RecordId, DeltaChange>();
          ofType.set(change.id, change);
          snapshot.set(change.type, ofType);
        }
      } else {
        await applyPage(page);
        await options.cursor.set(page.cursor);
        result.cursor = page.cursor;
      }
      // A reset page answered from 0, whatever was asked.
      const asked = page.reset ? 0 : since;
      since = page.cursor;
      if (!page.has_more) break;
      if (page.cursor <= asked) throw new Error(`Delta sync: the cursor did not advance past ${asked}`);
    }
    if (snapshot) {
      await replaceAll(snapshot);
      // Stored only now: until every page of the snapshot had arrived, nothing was applied.
      await options.cursor.set(since);
      result.cursor = since;
      result.replaced = true;
    }
    return result;
  }

  function pull(): Promise<PullResult> {
    if (!running) {
      running = runPull().finally(() => {
        running = null;
      });
      return running;
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null;
        return pull();
      });
    return next;
  }

  return { pull, isPulling: () => running !== null };
}
