/** One live item of a kept folder: its JSON as the folder list serialises it, and its sort key. */
export interface KeptItem {
  id: string;
  sortOrder: string | null;
  /** updated_at in whole milliseconds, as the list's X-Last-Modified takes it. */
  updatedMs: number;
  json: string;
}

/**
 * An item a committed write changed, read in that write's transaction just before it committed:
 * its state at the transaction's last change number. `folderId` null: the item no longer exists
 * (purged).
 */
export interface ChangedItem extends KeptItem {
  folderId: string | null;
  live: boolean;
}

/**
 * Code-point order, which is the byte order of UTF-8 and so the order of `COLLATE "C"` (sort_order);
 * plain `<` compares UTF-16 code units, which puts U+E000-U+FFFF after the astral planes.
 */
export function compareCodePoints(a: string, b: string): number {
  if (a === b) return 0;
  const length = Math.min(a.length, b.length);
  for (let i = 0; i < length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) return codePointRank(x) - codePointRank(y);
  }
  return a.length - b.length;
}

/** Surrogates (astral code points) move above U+E000-U+FFFF; the rest keeps its order. */
const codePointRank = (unit: number) =>
  unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;

/** The list's order: sort_order (NULLs last, as ORDER BY puts them), then id. */
export function compareItems(a: KeptItem, b: KeptItem): number {
  if (a.sortOrder !== b.sortOrder) {
    if (a.sortOrder === null) return 1;
    if (b.sortOrder === null) return -1;
    const bySort = compareCodePoints(a.sortOrder, b.sortOrder);
    if (bySort !== 0) return bySort;
  }
  return compareCodePoints(a.id, b.id);
}

/**
 * Ids that every collation orders alike: canonical lowercase UUIDs (hyphens in the same places,
 * digits before letters). Ties of sort_order are ordered by id in the database's own collation,
 * which need not be code-point order on a PostgreSQL server; other ids there are not guessed at.
 */
const PLAIN_ID = /^[0-9a-f-]*$/;

/** What applying a commit did to a kept folder. */
export type Applied = 'changed' | 'unchanged' | 'unsure';

/**
 * A folder's live items as the folder read lists them, kept as one JSON text per item in the list's
 * order with an index by id, at a change number (`changeSeq`). The item changes that commit are
 * applied in change-number order (`apply`), so that its text (`text`) is at every step what the
 * database would answer at that number (`readFolderItemsJson`).
 */
export class KeptFolder {
  private readonly byId = new Map<string, KeptItem>();
  private textLength = 0;

  private constructor(
    readonly folderId: string,
    private readonly items: KeptItem[],
    private seq: number,
  ) {
    for (const item of items) {
      this.byId.set(item.id, item);
      this.textLength += item.json.length;
    }
  }

  /**
   * The folder as read in the list's order (ORDER BY sort_order, id) at `changeSeq`, or undefined
   * when that order is not the one `compareItems` keeps (such a folder cannot be patched).
   */
  static from(folderId: string, items: KeptItem[], changeSeq: number): KeptFolder | undefined {
    for (let i = 1; i < items.length; i++) {
      const [before, item] = [items[i - 1]!, items[i]!];
      if (!(compareItems(before, item) < 0)) return undefined;
      if (before.sortOrder === item.sortOrder && !plainIds(before, item)) return undefined;
    }
    return new KeptFolder(folderId, items, changeSeq);
  }

  get changeSeq(): number {
    return this.seq;
  }

  /**
   * Applies a commit that took the change numbers after `changeSeq` up to `to`, with the items it
   * changed (in any folder). 'unsure' (the caller drops the folder, which is then left half
   * patched): the index disagrees with the list, or a tie of sort_order between ids whose order
   * depends on the database's collation.
   */
  apply(changed: readonly ChangedItem[], to: number): Applied {
    let touched = false;
    for (const row of changed) {
      const kept = this.byId.get(row.id);
      if (kept) {
        const at = this.insertionPoint(kept);
        if (this.items[at]?.id !== kept.id) return 'unsure';
        this.items.splice(at, 1);
        this.byId.delete(kept.id);
        this.textLength -= kept.json.length;
        touched = true;
      }
      if (row.live && row.folderId === this.folderId) {
        const item: KeptItem = {
          id: row.id,
          sortOrder: row.sortOrder,
          updatedMs: row.updatedMs,
          json: row.json,
        };
        const at = this.insertionPoint(item);
        const [before, after] = [this.items[at - 1], this.items[at]];
        if (before?.sortOrder === item.sortOrder && !plainIds(before, item)) return 'unsure';
        if (after?.sortOrder === item.sortOrder && !plainIds(item, after)) return 'unsure';
        this.items.splice(at, 0, item);
        this.byId.set(item.id, item);
        this.textLength += item.json.length;
        touched = true;
      }
    }
    this.seq = to;
    return touched ? 'changed' : 'unchanged';
  }

  /** A commit that changed no item: only the change number moves on. */
  advance(to: number): void {
    this.seq = to;
  }

  /** The list's JSON text as json_agg builds it, and its newest updated_at. */
  text(): { json: string; lastModified: Date | null } {
    let newest = Number.NEGATIVE_INFINITY;
    for (const item of this.items) if (item.updatedMs > newest) newest = item.updatedMs;
    return {
      json: `[${this.items.map((item) => item.json).join(', ')}]`,
      lastModified: this.items.length === 0 ? null : new Date(newest),
    };
  }

  /** Memory the items hold, roughly (two bytes a character at worst). */
  get bytes(): number {
    return this.textLength * 2 + this.items.length * 64;
  }

  get size(): number {
    return this.items.length;
  }

  /** The first position whose item does not sort before `item` (binary search). */
  private insertionPoint(item: KeptItem): number {
    let low = 0;
    let high = this.items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (compareItems(this.items[middle]!, item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

const plainIds = (a: KeptItem, b: KeptItem) => PLAIN_ID.test(a.id) && PLAIN_ID.test(b.id);
