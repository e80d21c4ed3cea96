/**
 * The public shapes of the record store: what it needs injected (transport, persistence, clock) and
 * what it offers its readers (the React binding, the real-time glue, feature code).
 */
import type { RecordPersistence } from './persistence';
import type { RecordId, SaveMethod, SyncedRecord } from './record-rules';

/** One entry of a save-multiple batch (`POST /api/{teamId}/save-multiple`). */
export interface SaveOperation<T extends SyncedRecord> {
  method: SaveMethod;
  record: T;
}

/**
 * How a store reaches the server. Injected, so the store runs in Node tests with a fake and the web
 * app builds the real one from the HTTP client. A failure with status 409 must carry the server copy
 * as `error.data.current`, as HttpError does.
 */
/** A list's answer: its rows, the cursor they cover and whether they are the whole list. */
export interface IndexAnswer<T extends SyncedRecord> {
  rows: readonly T[];
  cursor: number | undefined;
  /**
   * The answer holds the whole list (X-Complete-List), though a first page was asked for: the
   * store takes it as its index and does not read the index again.
   */
  complete?: boolean;
}

export interface RecordTransport<T extends SyncedRecord> {
  index(path: string): Promise<T[]>;
  /**
   * The index with the delta-sync cursor it covers (the answer's X-Change-Seq), where the server
   * gives one: a store that has it can be caught up with the workspace's changes since then
   * instead of reading its index again.
   */
  indexWithCursor?(path: string): Promise<IndexAnswer<T>>;
  put(record: T): Promise<T>;
  delete(record: T): Promise<void>;
  /** Applies every operation in one server transaction; answers the saved copies of the puts. */
  saveMultiple(operations: SaveOperation<T>[]): Promise<T[]>;
}

/** A save the server refused with 409: what the user tried and what the server holds, for the UI. */
export interface RecordConflict<T extends SyncedRecord> {
  id: RecordId;
  /** The copy the client sent (row_version already raised). */
  local: T;
  /** The server's current copy; undefined when the 409 did not carry one. */
  server: T | undefined;
  /** ISO time the conflict was seen. */
  at: string;
}

export interface RecordStoreOptions<T extends SyncedRecord> {
  /** Names the store in persistence (e.g. 'workspaces', 'members:12'). */
  name: string;
  transport: RecordTransport<T>;
  /** Where the collection loads from; without it the store starts empty and cannot refresh. */
  indexPath?: string;
  /**
   * A quick first part of the index (its first rows), asked for just before the index on the first
   * load: shown if it arrives first, merged as pushed copies are, never removing anything; the
   * index then decides as always. A failed first part changes nothing.
   */
  firstPagePath?: string;
  /**
   * The first rows a screen shows, of the records kept on this device: saved beside them (the
   * same write) and, on a later load, read and shown first, as a first page is, while the whole
   * copy is read. Small and in the screen's order (the folder's first top-level items).
   */
  keptHead?: (records: readonly T[]) => readonly T[];
  /**
   * Brings the store up to date from the cursor it kept on this device, instead of its index: on
   * a reload whose kept copy has a cursor, the store shows the copy and awaits this (a delta pull
   * of its workspace that merges into it and raises its cursor). A failure falls back to the
   * index.
   */
  catchUp?: () => Promise<void>;
  /** Load persistence and the index at creation (default true); off, the store starts empty. */
  autoInitialize?: boolean;
  persistence?: RecordPersistence;
  now?: () => Date;
  /** Preview mode: saves and deletes change only this tab's copy, nothing is sent or persisted. */
  isPretend?: () => boolean;
  newId?: () => string;
  onPersistError?: (error: unknown) => void;
}

/** Fields a caller gives for a new record; the store fills id, row_version and created_at. */
export type NewRecord<T extends SyncedRecord> = Omit<T, 'id' | 'row_version' | 'created_at' | 'draft'> & {
  id?: T['id'];
};

export interface RecordStore<T extends SyncedRecord> {
  subscribe(listener: () => void): () => void;
  /** The records; the same array until something changes (for useSyncExternalStore). */
  getSnapshot(): readonly T[];
  find(id: RecordId): T | undefined;
  /** Refused saves for the UI to show; the same array until one is added or dismissed. */
  getConflicts(): readonly RecordConflict<T>[];
  dismissConflict(id: RecordId): void;
  isInitialized(): boolean;
  /**
   * What is shown is only the first page (`firstPagePath`): the index has not come yet and this
   * device kept nothing of the collection. A view whose rows depend on every record waits.
   */
  isPartial(): boolean;
  /**
   * What is shown is a copy this device kept with its sync cursor (it may be empty): it is the
   * collection as it was, and it is being brought up to date.
   */
  showsKeptCopy(): boolean;
  /** Settles when the automatic initialisation does; rejects if its index load failed. */
  readonly ready: Promise<void>;
  /** Shows persisted records, then loads the index; call again to retry after a failure. */
  initialize(): Promise<void>;
  /** Reloads the collection from the index path (a server refresh event). */
  refresh(): Promise<void>;
  /**
   * The workspace change number the collection is known to cover: every change up to it is in
   * the store (from the last index's X-Change-Seq, raised by delta pulls). Undefined when no
   * index came with one: the store is then refreshed rather than caught up.
   */
  cursor(): number | undefined;
  /** A delta pull brought every change up to `cursor` into the store: it covers that far now. */
  raiseCursor(cursor: number): void;
  /** A new record (not yet stored): client id, row_version 0, created_at now. */
  create(fields: NewRecord<T>): T;
  /**
   * Shows the record at row_version + 1 at once and sends it; resolves with the server's copy. A
   * failure restores the previous copy (a 409 puts the server's in place and records a conflict) and
   * rejects. Nothing is sent when no field but the timestamps changed. During a batch it waits.
   */
  save(record: T): Promise<T>;
  /** Removes the record once the server confirmed; a record that only exists as a draft goes at once. */
  delete(record: T): Promise<void>;
  /** A record pushed by the server (real-time): applied only if its row_version is higher. */
  receive(record: T): void;
  /** A server list (delta sync): each remote copy wins when its row_version is greater or equal. */
  merge(records: readonly T[]): void;
  /**
   * The server deleted these records, or the user may no longer see them (a push or delta sync):
   * they go, drafts of them included, whatever is pending here.
   */
  forget(ids: readonly RecordId[]): void;
  /**
   * The whole collection as the server holds it now (a delta sync that had to start over): merged
   * by the bulk rule, and what the server no longer has goes unless it is pending here.
   */
  replace(records: readonly T[]): void;
  /**
   * A local edit that is not sent until flushed. Pushes and refreshes do not overwrite it: they update
   * the copy it rests on, which clearing restores.
   */
  createDraft(record: T): T;
  hasDrafts(): boolean;
  /** Restores each drafted record's prior copy; records new in a draft disappear. */
  clearDrafts(): void;
  /** Saves every draft in one transaction (save-multiple); a failure leaves them drafts. */
  flushDrafts(): Promise<T[]>;
  /**
   * One save-multiple batch of puts and deletes. Only one runs at a time: another rejects with
   * 'Double transaction'; single saves and deletes asked meanwhile are sent after it, in order.
   */
  transaction(operations: readonly SaveOperation<T>[]): Promise<T[]>;
  /** Resolves once every change so far is written to persistence. */
  whenPersisted(): Promise<void>;
}
