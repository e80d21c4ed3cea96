import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** What a folder read is encoded in: as compression.ts sends JSON (brotli quality 4, gzip). */
export type ContentEncoding = 'br' | 'gzip';

/**
 * A folder's items as one JSON text, read once per change of the workspace's records and kept for
 * every reader: its hash (the ETag), the newest updated_at, the change number read with it (the
 * list's X-Change-Seq) and, once a client asked for them, its brotli and gzip bodies, each
 * compressed once (asynchronously, off the event loop's hot path) instead of per request.
 */
export class FolderSnapshot {
  readonly hash: string;
  private readonly encoded = new Map<ContentEncoding, Promise<Buffer>>();
  private encodedBytes = 0;

  constructor(
    readonly json: string,
    readonly lastModified: Date | null,
    readonly changeSeq: number | null,
    /** The whole list (false for a first page that leaves items out): `X-Complete-List`. */
    readonly complete = true,
  ) {
    this.hash = createHash('sha1').update(json).digest('base64url');
  }

  /** The body in this encoding, compressed on the first request for it. */
  encode(encoding: ContentEncoding): Promise<Buffer> {
    let body = this.encoded.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipped(this.json);
      body.then(
        (bytes) => {
          this.encodedBytes += bytes.length;
        },
        () => this.encoded.delete(encoding),
      );
      this.encoded.set(encoding, body);
    }
    return body;
  }

  /** Memory it holds, roughly: the text (two bytes a character at worst) and its encodings. */
  get bytes(): number {
    return this.json.length * 2 + this.encodedBytes;
  }
}

/**
 * The folder snapshots of this process, bounded by the memory they hold (the oldest go first) and
 * by a time limit as a safety net. A snapshot is dropped when a write of the workspace's items,
 * folders, boards or attributes commits (hot-caches.ts, scope 'folders'), here or on another
 * process; a read that was under way when that happened serves what it read but keeps nothing.
 */
export class FolderSnapshotCache {
  private readonly entries = new Map<
    string,
    { snapshot: FolderSnapshot; teamId: number; storedAt: number }
  >();
  private readonly generations = new Map<number, number>();
  private readonly loading = new Map<string, Promise<FolderSnapshot>>();

  constructor(
    private readonly maxBytes: number,
    private readonly ttlMs: number,
  ) {}

  /** The kept snapshot, or one read by `load` (concurrent readers of one key share the read). */
  read(teamId: number, key: string, load: () => Promise<FolderSnapshot>): Promise<FolderSnapshot> {
    const entry = this.entries.get(key);
    if (entry && Date.now() - entry.storedAt <= this.ttlMs) return Promise.resolve(entry.snapshot);
    const running = this.loading.get(key);
    if (running) return running;
    const generation = this.generations.get(teamId) ?? 0;
    const loaded = load()
      .then((snapshot) => {
        if ((this.generations.get(teamId) ?? 0) === generation) this.store(teamId, key, snapshot);
        return snapshot;
      })
      .finally(() => this.loading.delete(key));
    this.loading.set(key, loaded);
    return loaded;
  }

  /** Forgets the workspace's snapshots (and lets no read under way keep its result). */
  drop(teamId: number): void {
    this.generations.set(teamId, (this.generations.get(teamId) ?? 0) + 1);
    for (const [key, entry] of this.entries) if (entry.teamId === teamId) this.entries.delete(key);
    // A read under way started before the change: later readers must not join it.
    for (const key of this.loading.keys()) if (key.startsWith(`${teamId}:`)) this.loading.delete(key);
  }

  private store(teamId: number, key: string, snapshot: FolderSnapshot): void {
    this.entries.delete(key);
    this.entries.set(key, { snapshot, teamId, storedAt: Date.now() });
    let total = 0;
    for (const entry of this.entries.values()) total += entry.snapshot.bytes;
    for (const [oldest, entry] of this.entries) {
      if (total <= this.maxBytes) break;
      total -= entry.snapshot.bytes;
      this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
