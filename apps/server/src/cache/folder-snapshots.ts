import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { CommittedSequence } from './commit-hooks';
import { KeptFolder, type KeptItem } from './kept-folder';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What a folder read is encoded in: as compression.ts sends JSON (brotli quality 4, gzip). */
export type ContentEncoding = 'br' | 'gzip';

/** One answer's text with its hash and encodings, shared by the snapshots that send the same text. */
class SnapshotBody {
  readonly hash: string;
  readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();
  encodedBytes = 0;

  constructor(readonly json: string) {
    this.hash = createHash('sha1').update(json).digest('base64url');
  }
}

/**
 * A folder's items as one JSON text, made once per change of the folder and kept for every reader:
 * its hash (the ETag), the newest updated_at, the change number it is at (the list's X-Change-Seq)
 * and, once a client asked for them, its brotli and gzip bodies, each compressed once
 * (asynchronously, off the event loop's hot path) instead of per request.
 */
export class FolderSnapshot {
  private readonly body: SnapshotBody;

  constructor(
    json: string | SnapshotBody,
    readonly lastModified: Date | null,
    readonly changeSeq: number | null,
    /** The whole list (false for a first page that leaves items out): `X-Complete-List`. */
    readonly complete = true,
  ) {
    this.body = typeof json === 'string' ? new SnapshotBody(json) : json;
  }

  get json(): string {
    return this.body.json;
  }

  get hash(): string {
    return this.body.hash;
  }

  /** The same answer at a later change number (a change that left this folder's items alone). */
  at(changeSeq: number): FolderSnapshot {
    return new FolderSnapshot(this.body, this.lastModified, changeSeq, this.complete);
  }

  /** The body in this encoding, compressed on the first request for it. */
  encode(encoding: ContentEncoding): Promise<Buffer> {
    const { body } = this;
    let encoded = body.encoded.get(encoding);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? brotli(body.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipped(body.json);
      encoded.then(
        (bytes) => {
          body.encodedBytes += bytes.length;
        },
        () => body.encoded.delete(encoding),
      );
      body.encoded.set(encoding, encoded);
    }
    return encoded;
  }

  /** Memory it holds, roughly: the text (two bytes a character at worst) and its encodings. */
  get bytes(): number {
    return this.body.json.length * 2 + this.body.encodedBytes;
  }
}

/** A whole folder as read from the database: its items in the list's order, at a change number. */
export interface FolderRead {
  items: KeptItem[];
  changeSeq: number;
}

/** A kept folder: a patched list (whole folders) or a fixed answer (first pages). */
interface Entry {
  teamId: number;
  storedAt: number;
  kept?: KeptFolder;
  /** The answer at the entry's state, made by the first reader after a change. */
  snapshot?: FolderSnapshot;
}

/** A read of a whole folder under way, and what committed meanwhile (applied before keeping it). */
interface Load {
  teamId: number;
  generation: number;
  commits: CommittedSequence[];
  /** The change number the result must have reached: a change another process committed. */
  required: number;
}

/**
 * The folder snapshots of this process, bounded by the memory they hold (the oldest go first) and
 * by a time limit as a safety net (a change made outside the app). A whole folder is kept as a list
 * of its items' JSON texts (kept-folder.ts) that the item changes this process commits patch in
 * change-number order (`commit`); anything a patch cannot be sure of drops the workspace's folders
 * (`drop`): attributes, folders, boards or standings changed, a change another process committed
 * that the folder does not hold yet (`dropBefore`), a gap in the numbers. A read that was under way
 * meanwhile takes the commits it missed, or keeps nothing.
 */
export class FolderSnapshotCache {
  private readonly entries = new Map<string, Entry>();
  private readonly generations = new Map<number, number>();
  /** Reads that later readers may join (none started before a change they must see). */
  private readonly joinable = new Map<string, Promise<FolderSnapshot>>();
  private readonly loads = new Set<Load>();
  private wholeReads = 0;

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
  ) {}

  /** A first page of a folder: the kept answer, or `load`'s (kept until the folder's items change). */
  read(teamId: number, key: string, load: () => Promise<FolderSnapshot>): Promise<FolderSnapshot> {
    const entry = this.fresh(key);
    if (entry?.snapshot) return Promise.resolve(entry.snapshot);
    return this.join(key, () =>
      this.track(teamId, async (running) => {
        const snapshot = await load();
        if (this.isCurrent(running, snapshot.changeSeq ?? 0))
          this.store(key, { teamId, storedAt: Date.now(), snapshot });
        return snapshot;
      }),
    );
  }

  /**
   * A whole folder: the kept list's answer, or the one `load` reads, which is then kept (after the
   * commits that happened while it was read) and patched by the commits after it. A `load` that
   * answers a snapshot (a list that cannot be patched) is kept until the folder's items change.
   */
  readWhole(
    teamId: number,
    key: string,
    folderId: string,
    load: () => Promise<FolderRead | FolderSnapshot>,
  ): Promise<FolderSnapshot> {
    const entry = this.fresh(key);
    if (entry) return Promise.resolve(this.answer(entry));
    return this.join(key, () =>
      this.track(teamId, async (running) => {
        this.wholeReads++;
        const read = await load();
        if (read instanceof FolderSnapshot) {
          if (this.isCurrent(running, read.changeSeq ?? 0))
            this.store(key, { teamId, storedAt: Date.now(), snapshot: read });
          return read;
        }
        const kept = KeptFolder.from(folderId, read.items, read.changeSeq);
        const answer = new FolderSnapshot(
          kept ? kept.text().json : `[${read.items.map((item) => item.json).join(', ')}]`,
          newestOf(read.items),
          read.changeSeq,
        );
        if (kept && this.catchUp(kept, running)) {
          const caughtUp = kept.changeSeq === read.changeSeq ? answer : undefined;
          this.store(key, { teamId, storedAt: Date.now(), kept, snapshot: caughtUp });
        } else if (!kept && this.isCurrent(running, read.changeSeq))
          this.store(key, { teamId, storedAt: Date.now(), snapshot: answer });
        return answer;
      }),
    );
  }

  /**
   * A transaction of this process committed: each kept list of the workspace at its first number
   * takes its items (or only its number when it changed none), one that already holds it is left
   * alone, and any other (a gap: a commit not seen here) is dropped. First pages are dropped when
   * items changed. Reads under way take it when they finish.
   */
  commit(sequence: CommittedSequence): void {
    const { teamId, from, to } = sequence;
    const changesItems = sequence.itemIds.size > 0;
    const changed = sequence.contiguous ? (changesItems ? sequence.items : []) : undefined;
    for (const [key, entry] of this.entries) {
      if (entry.teamId !== teamId) continue;
      if (!entry.kept) {
        if (changesItems) this.entries.delete(key);
        continue;
      }
      const { kept } = entry;
      if (kept.changeSeq >= to) continue;
      const applied = kept.changeSeq === from && changed ? kept.apply(changed, to) : 'unsure';
      if (applied === 'unsure') this.entries.delete(key);
      else if (applied === 'changed') entry.snapshot = undefined;
      else entry.snapshot = entry.snapshot?.at(to);
    }
    for (const load of this.loads) if (load.teamId === teamId) load.commits.push(sequence);
    // Later readers must see this change: they do not join a read that may have started before it.
    if (changesItems) this.forgetJoinable(teamId);
    this.trim();
  }

  /** Forgets the workspace's folders (and lets no read under way keep its result). */
  drop(teamId: number): void {
    this.generations.set(teamId, this.generation(teamId) + 1);
    for (const [key, entry] of this.entries) if (entry.teamId === teamId) this.entries.delete(key);
    this.forgetJoinable(teamId);
  }

  /**
   * The workspace's items changed at `changeSeq` (a commit here or on another process): forgets
   * what does not hold that change yet. Lists patched with it already are kept.
   */
  dropBefore(teamId: number, changeSeq: number): void {
    for (const [key, entry] of this.entries) {
      if (entry.teamId !== teamId) continue;
      const at = entry.kept ? entry.kept.changeSeq : (entry.snapshot?.changeSeq ?? 0);
      if (at < changeSeq) this.entries.delete(key);
    }
    for (const load of this.loads)
      if (load.teamId === teamId) load.required = Math.max(load.required, changeSeq);
    this.forgetJoinable(teamId);
  }

  /** Whether a commit of the workspace's items can patch something here (reads its rows if so). */
  keeps(teamId: number): boolean {
    for (const load of this.loads) if (load.teamId === teamId) return true;
    for (const entry of this.entries.values()) if (entry.teamId === teamId && entry.kept) return true;
    return false;
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many times a whole folder was read from the database (the rest were kept or patched). */
  get reads(): number {
    return this.wholeReads;
  }

  /** Runs a read of the workspace's folders, seeing the commits and drops that happen meanwhile. */
  private async track<T>(teamId: number, read: (running: Load) => Promise<T>): Promise<T> {
    const running: Load = { teamId, generation: this.generation(teamId), commits: [], required: 0 };
    this.loads.add(running);
    try {
      return await read(running);
    } finally {
      this.loads.delete(running);
    }
  }

  private answer(entry: Entry): FolderSnapshot {
    if (!entry.snapshot && entry.kept) {
      const { json, lastModified } = entry.kept.text();
      entry.snapshot = new FolderSnapshot(json, lastModified, entry.kept.changeSeq);
      this.trim();
    }
    return entry.snapshot!;
  }

  /** Brings a list read at its number up to the commits seen since; false if it cannot be. */
  private catchUp(kept: KeptFolder, load: Load): boolean {
    if (this.generation(load.teamId) !== load.generation) return false;
    for (const sequence of load.commits) {
      if (kept.changeSeq >= sequence.to) continue;
      if (kept.changeSeq !== sequence.from || !sequence.contiguous) return false;
      if (sequence.itemIds.size === 0) kept.advance(sequence.to);
      else if (!sequence.items || kept.apply(sequence.items, sequence.to) === 'unsure') return false;
    }
    return kept.changeSeq >= load.required;
  }

  /** Whether an answer that cannot be patched holds every change seen while it was read. */
  private isCurrent(load: Load, changeSeq: number): boolean {
    if (this.generation(load.teamId) !== load.generation) return false;
    const seen = load.commits.filter((sequence) => sequence.itemIds.size > 0);
    return seen.every((sequence) => changeSeq >= sequence.to) && changeSeq >= load.required;
  }

  private fresh(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.storedAt <= this.ttlMs) return entry;
    if (entry) this.entries.delete(key);
    return undefined;
  }

  /** Concurrent readers of one key share one read. */
  private join(key: string, read: () => Promise<FolderSnapshot>): Promise<FolderSnapshot> {
    const running = this.joinable.get(key);
    if (running) return running;
    const started = read().finally(() => {
      if (this.joinable.get(key) === started) this.joinable.delete(key);
    });
    this.joinable.set(key, started);
    return started;
  }

  private forgetJoinable(teamId: number): void {
    for (const key of this.joinable.keys()) if (key.startsWith(`${teamId}:`)) this.joinable.delete(key);
  }

  private generation(teamId: number): number {
    return this.generations.get(teamId) ?? 0;
  }

  private store(key: string, entry: Entry): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    this.trim();
  }

  /** Drops the oldest folders while the kept ones pass the memory bound. */
  private trim(): void {
    let total = 0;
    for (const entry of this.entries.values()) total += entryBytes(entry);
    for (const [oldest, entry] of this.entries) {
      if (total <= this.maxBytes) break;
      total -= entryBytes(entry);
      this.entries.delete(oldest);
    }
  }
}

const entryBytes = (entry: Entry) => (entry.kept?.bytes ?? 0) + (entry.snapshot?.bytes ?? 0);

function newestOf(items: readonly KeptItem[]): Date | null {
  if (items.length === 0) return null;
  let newest = Number.NEGATIVE_INFINITY;
  for (const item of items) if (item.updatedMs > newest) newest = item.updatedMs;
  return new Date(newest);
}
