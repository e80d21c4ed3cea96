import type { SyncedRecord } from './record-rules';

/**
 * Where a record store keeps its last known state between page loads, so a reload offline still
 * shows the records. The web app backs it with IndexedDB; tests use the memory adapter. Both take a
 * copy on save (IndexedDB clones structurally), so a later change to a stored object is not persisted
 * by accident.
 */
export interface RecordPersistence {
  /** The records saved under `name`, or undefined when nothing was ever saved. */
  load(name: string): Promise<SyncedRecord[] | undefined>;
  /**
   * Replaces everything saved under `name`. `cursor`: the delta-sync change number the records
   * cover (RecordStore.cursor), kept with them in the same write.
   */
  save(
    name: string,
    records: readonly SyncedRecord[],
    cursor?: number,
    head?: readonly SyncedRecord[],
  ): Promise<void>;
  /** The records with the cursor saved with them (undefined when none was). */
  loadWithCursor?(name: string): Promise<{ records: SyncedRecord[]; cursor: number | undefined } | undefined>;
  /**
   * The head saved with the records (`save`'s `head`: the first rows a screen shows), small
   * enough to read and show before the whole collection; undefined when none was saved.
   */
  loadHead?(name: string): Promise<SyncedRecord[] | undefined>;
}

export interface MemoryPersistence extends RecordPersistence {
  loadWithCursor: NonNullable<RecordPersistence['loadWithCursor']>;
  loadHead: NonNullable<RecordPersistence['loadHead']>;
  /** What is stored, by store name (for assertions). */
  readonly stored: ReadonlyMap<string, readonly SyncedRecord[]>;
  /** How many saves completed, to see that writes are coalesced. */
  saveCount(): number;
}

/** Persistence in a Map, for tests and for environments without IndexedDB. */
export function createMemoryPersistence(initial: Record<string, SyncedRecord[]> = {}): MemoryPersistence {
  const stored = new Map<string, readonly SyncedRecord[]>(
    Object.entries(initial).map(([name, records]) => [name, structuredClone(records)]),
  );
  const cursors = new Map<string, number | undefined>();
  const heads = new Map<string, readonly SyncedRecord[]>();
  let saves = 0;
  return {
    stored,
    saveCount: () => saves,
    async load(name) {
      const records = stored.get(name);
      return records === undefined ? undefined : structuredClone(records as SyncedRecord[]);
    },
    async loadWithCursor(name) {
      const records = stored.get(name);
      if (records === undefined) return undefined;
      return { records: structuredClone(records as SyncedRecord[]), cursor: cursors.get(name) };
    },
    async save(name, records, cursor, head) {
      stored.set(name, structuredClone(records));
      cursors.set(name, cursor);
      if (head) heads.set(name, structuredClone(head));
      else heads.delete(name);
      saves++;
    },
    async loadHead(name) {
      const head = heads.get(name);
      return head === undefined ? undefined : structuredClone(head as SyncedRecord[]);
    },
  };
}

export interface PersistenceWriter {
  /** Asks for a write of the current state; calls while one is pending add nothing. */
  schedule(): void;
  /** Resolves once every write asked for so far has finished. */
  whenIdle(): Promise<void>;
}

/**
 * Coalesces a store's writes: at most one write runs and at most one waits, and the waiting one
 * reads the state when it starts, so a burst of changes costs two writes at most, never one per
 * change. A failed write is reported, not thrown: the records in memory stay right either way.
 */
export function createPersistenceWriter(options: {
  persistence: RecordPersistence;
  name: string;
  read(): readonly SyncedRecord[];
  /** The cursor to keep with the records (read with them, at the start of each write). */
  readCursor?: () => number | undefined;
  /** The head to keep with the records (RecordStoreOptions.keptHead), read with them. */
  readHead?: (records: readonly SyncedRecord[]) => readonly SyncedRecord[];
  onError?: (error: unknown) => void;
}): PersistenceWriter {
  let isWanted = false;
  let writing: Promise<void> | null = null;

  async function loop(): Promise<void> {
    try {
      while (isWanted) {
        // Let the rest of the current task change more before the state is read.
        await Promise.resolve();
        isWanted = false;
        const records = options.read();
        await options.persistence
          .save(options.name, records, options.readCursor?.(), options.readHead?.(records))
          .catch((error) => options.onError?.(error));
      }
    } finally {
      writing = null;
    }
  }

  return {
    schedule() {
      isWanted = true;
      writing ??= loop();
    },
    async whenIdle() {
      while (writing) await writing;
    },
  };
}
