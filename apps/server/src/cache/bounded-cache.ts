/**
 * A map of at most `maxEntries` entries, each kept at most `ttlMs`: the oldest entry goes when a
 * new one would pass the bound (insertion order, refreshed on write). The time limit is a safety
 * net for a change that was not announced (an operator's SQL); announced changes drop entries at
 * once (hot-caches.ts).
 */
export class BoundedCache<V> {
  private readonly entries = new Map<string, { value: V; storedAt: number }>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.ttlMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, storedAt: Date.now() });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every entry the predicate picks. Announced changes are rare next to reads. */
  deleteWhere(picks: (key: string, value: V) => boolean): void {
    for (const [key, entry] of this.entries) if (picks(key, entry.value)) this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
