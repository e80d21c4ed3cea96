import { createPersistenceWriter } from './persistence';
import { createRecordId } from './record-id';
import { isNewer, mergeRemote, type RecordId, type SyncedRecord } from './record-rules';
import type {
  IndexAnswer,
  RecordConflict,
  RecordStore,
  RecordStoreOptions,
  SaveOperation,
} from './record-types';
import { createRecordWriter, type StoreCore } from './record-writes';

/**
 * The client copy of one collection of editable records (spec section 4, "Record sync"). Framework
 * free: React reads it through useSyncExternalStore. Every operation notifies subscribers once and
 * queues at most one persistence write, so applying a 10,000-row list costs one render.
 */
export function createRecordStore<T extends SyncedRecord>(options: RecordStoreOptions<T>): RecordStore<T> {
  const { transport, indexPath, persistence } = options;
  const now = options.now ?? (() => new Date());
  const isPretend = options.isPretend ?? (() => false);
  const newId = options.newId ?? (() => createRecordId());
  const listeners = new Set<() => void>();
  /** Copies read from persistence and not confirmed by the server since: the first index replaces them. */
  const fromDisk = new WeakSet<T>();
  let snapshot: readonly T[] | null = [];
  let conflicts: readonly RecordConflict<T>[] = [];
  let isDirty = false;
  let hasNews = false;
  /** A draft's prior copy changed: nothing visible did, but what persistence keeps did. */
  let isDiskStale = false;
  let initialized = indexPath === undefined || options.autoInitialize === false;
  let initializing: Promise<void> | null = null;
  let isDiskLoaded = false;
  /** Shown records came from the first page only (nothing kept on this device), until the index. */
  let isFirstPageOnly = false;
  let hasDiskCopies = false;
  /** A copy was kept with its cursor, even an empty one (showsKeptCopy). */
  let hasKeptCopy = false;
  /** The change number the collection covers (RecordStore.cursor). */
  let cursor: number | undefined;
  /** The cursor kept on this device with the copies read at load. */
  let diskCursor: number | undefined;

  /** The index with its cursor where the transport reads one. */
  async function readIndex(path: string): Promise<IndexAnswer<T>> {
    if (transport.indexWithCursor) return transport.indexWithCursor(path);
    return { rows: await transport.index(path), cursor: undefined };
  }

  function applyIndexAnswer(answer: IndexAnswer<T>): void {
    applyIndex(answer.rows);
    // A new cursor is kept even when no record changed (an empty folder's list, say): a reload
    // then catches up from it instead of reading the list again.
    if (answer.cursor !== cursor) isDiskStale = true;
    cursor = answer.cursor;
  }

  const writer =
    persistence &&
    createPersistenceWriter({
      persistence,
      name: options.name,
      read: persistable,
      readCursor: persistableCursor,
      // What is kept holds no drafts (their prior copies instead), and so neither does its head.
      readHead: options.keptHead && ((records) => options.keptHead!(records as T[])),
      onError: options.onPersistError,
    });

  const core: StoreCore<T> = {
    records: new Map(),
    drafts: new Map(),
    attempts: new Set(),
    set(id, record) {
      core.records.set(id, record);
      isDirty = true;
    },
    remove(id) {
      isDirty = core.records.delete(id) || isDirty;
    },
    setPrior(id, prior) {
      core.drafts.set(id, prior);
      isDiskStale = true;
    },
    addConflict(conflict) {
      conflicts = [...conflicts, conflict];
      hasNews = true;
    },
    commit() {
      if (isDirty) {
        hasNews = true;
        snapshot = null;
      }
      // Preview edits are make-believe: written to disk they would outlive the preview.
      if ((isDirty || isDiskStale) && !isPretend()) writer?.schedule();
      isDirty = false;
      isDiskStale = false;
      if (!hasNews) return;
      hasNews = false;
      for (const listener of listeners) listener();
    },
    now,
    isPretend,
  };
  const recordWriter = createRecordWriter(core, transport);

  function getSnapshot(): readonly T[] {
    snapshot ??= Array.from(core.records.values());
    return snapshot;
  }

  /** What survives a reload: confirmed and optimistic copies; a draft's prior copy, not the draft. */
  function persistable(): readonly T[] {
    if (core.drafts.size === 0) return getSnapshot();
    const rows: T[] = [];
    for (const [id, record] of core.records) {
      const row = core.drafts.has(id) ? core.drafts.get(id) : record;
      if (row !== undefined) rows.push(row);
    }
    return rows;
  }

  /**
   * The cursor kept with the records: none while a save is in flight or a draft is open, because
   * a copy kept then may hold a change the server never took, and only a whole index (not a
   * delta) would replace it after a reload.
   */
  function persistableCursor(): number | undefined {
    return core.drafts.size === 0 && core.attempts.size === 0 ? cursor : undefined;
  }

  /** The first index after a reload replaces disk copies whatever their row_version: they may be optimistic leftovers. */
  function winner(local: T | undefined, remote: T): T {
    return local === undefined || fromDisk.has(local) ? remote : mergeRemote(local, remote);
  }

  /** A pushed copy replaces a disk copy always, a confirmed one only when its row_version is higher. */
  function isPushNewer(record: T, local: T | undefined): boolean {
    return local === undefined || fromDisk.has(local) || isNewer(record, local);
  }

  /**
   * A whole collection: merge by the bulk rule, then drop what the server no longer has, unless it is
   * pending here (a draft or a save in flight). Nothing changed keeps the old snapshot.
   */
  function applyIndex(rows: readonly T[]): void {
    const previous = core.records;
    const next = new Map<RecordId, T>();
    let isChanged = false;
    for (const remote of rows) {
      const id = remote.id;
      const local = previous.get(id);
      if (local !== undefined && core.drafts.has(id)) {
        core.setPrior(id, winner(core.drafts.get(id), remote));
        next.set(id, local);
        continue;
      }
      const chosen = winner(local, remote);
      if (chosen !== local) isChanged = true;
      next.set(id, chosen);
    }
    for (const [id, local] of previous) {
      if (next.has(id)) continue;
      if (core.drafts.has(id) || core.attempts.has(local)) next.set(id, local);
      else isChanged = true;
    }
    if (!isChanged) return;
    core.records = next;
    isDirty = true;
  }

  async function load(): Promise<void> {
    await showKeptHead();
    // Without a first page the server is asked at once, while this device's copies are read:
    // neither waits on the other. With one, the device is read first: when it keeps the
    // collection, the first page would only repeat what shows already, so the whole index is asked
    // for straight away. Without copies, the whole index is asked for once the page has come (or
    // failed): a server that answers one request at a time then answers the screen's other first
    // requests before it.
    if (options.catchUp && persistence?.loadWithCursor && !isDiskLoaded) {
      // A copy kept with its cursor: the workspace's changes since then bring it up to date,
      // and the index is not read at all.
      await showDiskCopies();
      if (diskCursor !== undefined) {
        cursor = diskCursor;
        const isCaughtUp = await options.catchUp().then(
          () => true,
          () => false,
        );
        if (isCaughtUp) {
          initialized = true;
          core.commit();
          return;
        }
        cursor = undefined;
      }
    }
    let index: Promise<IndexAnswer<T>>;
    if (options.firstPagePath === undefined) {
      index = readIndex(indexPath!);
      index.catch(() => undefined);
      await showDiskCopies();
    } else {
      await showDiskCopies();
      // A first page that turns out to be the whole list is the index: it is not read twice.
      index = hasDiskCopies
        ? readIndex(indexPath!)
        : readIndex(options.firstPagePath).then(
            (page) => {
              if (page.complete) return page;
              showFirstPage(page.rows);
              return readIndex(indexPath!);
            },
            () => readIndex(indexPath!),
          );
    }
    applyIndexAnswer(await index);
    initialized = true;
    core.commit();
  }

  /** This device's copies, shown at once (not written back: it is what the disk already holds). */
  async function showDiskCopies(): Promise<void> {
    if (!persistence || isDiskLoaded) return;
    isDiskLoaded = true;
    const read = persistence.loadWithCursor
      ? persistence.loadWithCursor(options.name)
      : persistence.load(options.name).then((records) => records && { records, cursor: undefined });
    const entry = await read.catch((error) => {
      options.onPersistError?.(error);
      return undefined;
    });
    const stored = entry?.records as T[] | undefined;
    diskCursor = entry?.cursor;
    let added = 0;
    hasDiskCopies = (stored?.length ?? 0) > 0;
    hasKeptCopy = stored !== undefined && entry?.cursor !== undefined;
    for (const record of stored ?? []) {
      if (record.draft || core.records.has(record.id)) continue;
      core.records.set(record.id, record);
      fromDisk.add(record);
      added++;
    }
    // An empty kept copy is told too: the list it shows (none) is known.
    if (added > 0 || hasKeptCopy) {
      snapshot = null;
      for (const listener of listeners) listener();
    }
  }

  /**
   * The head kept with this device's copy (keptHead), shown before the whole copy is read: a first
   * page from the disk. Its rows are the copy's own (written together), so the copy adds the rest.
   */
  async function showKeptHead(): Promise<void> {
    if (!options.keptHead || !persistence?.loadHead || isDiskLoaded) return;
    const head = (await persistence.loadHead(options.name).catch(() => undefined)) as T[] | undefined;
    if (!head || isDiskLoaded) return;
    let added = 0;
    for (const record of head) {
      if (record.draft || core.records.has(record.id)) continue;
      core.records.set(record.id, record);
      fromDisk.add(record);
      added++;
    }
    if (added === 0) return;
    isFirstPageOnly = true;
    snapshot = null;
    for (const listener of listeners) listener();
  }

  /** The first rows, until the index comes: added or replacing older copies, as pushes are. */
  function showFirstPage(rows: readonly T[]): void {
    if (initialized) return;
    let added = 0;
    for (const record of rows) {
      const id = record.id;
      if (core.drafts.has(id) || !isPushNewer(record, core.records.get(id))) continue;
      core.records.set(id, record);
      added++;
    }
    // Shown, not persisted: the index follows at once and is what this device keeps.
    if (added > 0) {
      isFirstPageOnly = true;
      snapshot = null;
      for (const listener of listeners) listener();
    }
  }

  function initialize(): Promise<void> {
    if (initialized) return Promise.resolve();
    initializing ??= load().finally(() => {
      initializing = null;
    });
    return initializing;
  }

  const ready = initialize();
  // A failed automatic load is reported through `ready`; without this it would be an unhandled rejection.
  ready.catch(() => undefined);

  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot,
    find: (id) => core.records.get(id),
    getConflicts: () => conflicts,
    dismissConflict(id) {
      const kept = conflicts.filter((conflict) => conflict.id !== id);
      if (kept.length === conflicts.length) return;
      conflicts = kept;
      hasNews = true;
      core.commit();
    },
    isInitialized: () => initialized,
    isPartial: () => isFirstPageOnly && !hasDiskCopies && !initialized,
    showsKeptCopy: () => hasKeptCopy && !initialized,
    ready,
    initialize,
    async refresh() {
      if (indexPath === undefined) throw new Error('Cannot refresh without index');
      if (!initialized) throw new Error('Cannot refresh if not initialized');
      applyIndexAnswer(await readIndex(indexPath));
      core.commit();
    },
    cursor: () => cursor,
    raiseCursor(next) {
      if (cursor === undefined || next <= cursor) return;
      cursor = next;
      isDiskStale = true;
      core.commit();
    },
    create(fields) {
      return { ...fields, id: fields.id ?? newId(), row_version: 0, created_at: now().toISOString() } as T;
    },
    save: recordWriter.save,
    delete: recordWriter.delete,
    receive(record) {
      const id = record.id;
      if (core.drafts.has(id)) {
        if (isPushNewer(record, core.drafts.get(id))) core.setPrior(id, record);
      } else if (isPushNewer(record, core.records.get(id))) {
        core.set(id, record);
      }
      core.commit();
    },
    merge(records) {
      for (const remote of records) {
        const id = remote.id;
        if (core.drafts.has(id)) {
          core.setPrior(id, winner(core.drafts.get(id), remote));
          continue;
        }
        const local = core.records.get(id);
        const chosen = winner(local, remote);
        if (chosen !== local) core.set(id, chosen);
      }
      core.commit();
    },
    forget(ids) {
      for (const id of ids) {
        core.remove(id);
        core.drafts.delete(id);
      }
      core.commit();
    },
    replace(records) {
      applyIndex(records);
      core.commit();
    },
    createDraft(record) {
      if (!core.drafts.has(record.id)) core.setPrior(record.id, core.records.get(record.id));
      const draft: T = { ...record, draft: true };
      core.set(record.id, draft);
      core.commit();
      return draft;
    },
    hasDrafts: () => core.drafts.size > 0,
    clearDrafts() {
      for (const [id, prior] of core.drafts) {
        if (prior === undefined) core.remove(id);
        else core.set(id, prior);
      }
      core.drafts.clear();
      core.commit();
    },
    flushDrafts() {
      const operations: SaveOperation<T>[] = [];
      for (const id of core.drafts.keys()) {
        const record = core.records.get(id);
        if (record !== undefined) operations.push({ method: 'put', record });
      }
      return recordWriter.transaction(operations);
    },
    transaction: recordWriter.transaction,
    whenPersisted: () => writer?.whenIdle() ?? Promise.resolve(),
  };
}
