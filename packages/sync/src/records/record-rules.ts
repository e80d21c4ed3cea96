/**
 * The record-sync rules of spec section 4, as pure functions: which copy of a record wins, and
 * whether a save has anything to send. The store applies them; the tests read them as one table.
 */

export type RecordId = string | number;

/**
 * What every synced record carries. `row_version` is the server's change counter (+1 per change);
 * `draft` marks a local edit not yet sent. Other fields are the entity's own.
 */
export interface SyncedRecord {
  id: RecordId;
  row_version: number;
  created_at: string;
  updated_at?: string;
  draft?: true;
}

/** Save methods of a batch (spec section 4: put or delete). */
export const SAVE_METHODS = ['put', 'delete'] as const;
export type SaveMethod = (typeof SAVE_METHODS)[number];

export function isSaveMethod(value: unknown): value is SaveMethod {
  return value === 'put' || value === 'delete';
}

/**
 * A saved or pushed record replaces the local copy only if its row_version is strictly higher: a
 * late or repeated real-time event must never roll a record back.
 */
export function isNewer(incoming: SyncedRecord, local: SyncedRecord | undefined): boolean {
  return local === undefined || incoming.row_version > local.row_version;
}

/**
 * Bulk merge (a server list): the remote copy wins when its row_version is greater than or equal, so a
 * list at the same version still brings the server's fields (updated_at, computed values); only a local
 * copy strictly ahead (an optimistic save in flight) survives.
 */
export function mergeRemote<T extends SyncedRecord>(local: T | undefined, remote: T): T {
  return local === undefined || remote.row_version >= local.row_version ? remote : local;
}

/** Fields that do not count as a change: the server stamps them. */
const IGNORED_FIELDS = new Set(['created_at', 'updated_at']);

/**
 * A request counts as changed if the old or the new copy is missing, or any field other than
 * created_at and updated_at differs (deep comparison), so a save that changes nothing sends nothing.
 */
export function hasChanged(before: object | undefined, after: object | undefined): boolean {
  if (before === undefined || after === undefined) return true;
  return !isDeepEqual(before, after, IGNORED_FIELDS);
}

/** The record as it is sent: without the local draft marker. */
export function withoutDraft<T extends SyncedRecord>(record: T): T {
  if (!('draft' in record)) return record;
  const { draft: _draft, ...rest } = record;
  return rest as T;
}

/**
 * Structural equality of JSON-like values. A key holding `undefined` equals a missing key, as
 * JSON.stringify sees them; `ignored` applies to the top level only.
 */
export function isDeepEqual(a: unknown, b: unknown, ignored?: ReadonlySet<string>): boolean {
  // JSON semantics: NaN equals NaN, 0 equals -0.
  if (a === b || (Number.isNaN(a) && Number.isNaN(b))) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const other = b as unknown[];
    if (a.length !== other.length) return false;
    for (let i = 0; i < a.length; i++) if (!isDeepEqual(a[i], other[i])) return false;
    return true;
  }
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  for (const key in left) {
    if (ignored?.has(key) || !Object.hasOwn(left, key)) continue;
    if (!isDeepEqual(left[key], right[key])) return false;
  }
  for (const key in right) {
    if (ignored?.has(key) || !Object.hasOwn(right, key)) continue;
    if (!Object.hasOwn(left, key) && right[key] !== undefined) return false;
  }
  return true;
}
