import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Fractional order keys (ARCHITECTURE.md section 4): each item, folder or view holds a string key,
 * and a move writes one row with a key between its new neighbours. Keys compare by code unit
 * (`compareOrderKeys`, PostgreSQL `COLLATE "C"`), never by locale.
 */

/** Whether a string is a key this module made (digits and letters, no trailing zero digit). */
export function isOrderKey(key: unknown): key is string {
  if (typeof key !== 'string' || !/^[0-9A-Za-z]{1,255}$/.test(key)) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/** Orders keys by code unit; items without a key come last. */
export function compareOrderKeys(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0;
  if (a == null) return 1;
  if (b == null) return -1;
  return a < b ? -1 : 1;
}

/** A folder's own order of records: by key, then by id (ties between keys made apart). */
export function compareOwnOrder(
  a: { sort_order?: string | null; id: string },
  b: { sort_order?: string | null; id: string },
): number {
  return compareOrderKeys(a.sort_order, b.sort_order) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * A key between two neighbours (null: the start or the end). Keys that are not in order, or not
 * keys at all (hand-written data), are treated as absent rather than thrown on: a move still gets
 * a valid key, at worst at the end.
 */
export function keyBetween(before: string | null | undefined, after: string | null | undefined): string {
  const low = isOrderKey(before) ? before : null;
  const high = isOrderKey(after) ? after : null;
  if (low !== null && high !== null && low >= high) return generateKeyBetween(low, null);
  return generateKeyBetween(low, high);
}

/** `count` keys in order between two neighbours (bulk moves, imports). */
export function keysBetween(
  before: string | null | undefined,
  after: string | null | undefined,
  count: number,
): string[] {
  const low = isOrderKey(before) ? before : null;
  let high = isOrderKey(after) ? after : null;
  if (low !== null && high !== null && low >= high) high = null;
  return generateNKeysBetween(low, high, count);
}

/** The key that puts a record at `index` of an ordered list of keys (the record itself left out). */
export function keyForIndex(orderedKeys: readonly (string | null)[], index: number): string {
  const at = Math.max(0, Math.min(index, orderedKeys.length));
  return keyBetween(orderedKeys[at - 1] ?? null, orderedKeys[at] ?? null);
}
