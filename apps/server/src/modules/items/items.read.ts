import { sql } from 'drizzle-orm';
import type { CommittedSequence } from '../../cache/commit-hooks';
import type { FolderSnapshotCache } from '../../cache/folder-snapshots';
import type { ChangedItem, KeptItem } from '../../cache/kept-folder';
import { type Database, type DbOrTx, rowsOf } from '../../db/client';

/** An ISO 8601 instant in UTC with milliseconds, as `Date.prototype.toISOString` writes it. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ITEM_JSON = `json_build_object(
      'id', id, 'object', 'item', 'team_id', team_id, 'board_id', board_id, 'folder_id', folder_id,
      'parent_id', parent_id, 'sort_order', sort_order, 'values', "values", 'created_by', created_by,
      'created_at', ${iso('created_at')}, 'updated_at', ${iso('updated_at')}, 'deleted', false,
      'row_version', row_version, 'comments_count', comments_count
    )`;

/**
 * The live items of a folder in the shape of `toItem`, built by the database as one JSON text:
 * one range read of the folder index, no parsing of the values into objects and no
 * re-serialising them (a 10,000-item folder is megabytes of JSON). Ordered by sort_order (by code
 * unit, the column's collation) then id.
 */
const FOLDER_ITEMS_SQL = `
  SELECT coalesce(json_agg(${ITEM_JSON} ORDER BY sort_order, id), '[]')::text AS json,
    max(updated_at) AS last_modified, (SELECT change_seq FROM teams WHERE id = $1) AS change_seq
  FROM items
  WHERE team_id = $1 AND folder_id = $2 AND deleted_at IS NULL`;

/**
 * The first `limit` top-level items of a folder in the same order and shape: what a view shows
 * first while the whole folder loads (the same index range, stopped early).
 */
const FOLDER_FIRST_ITEMS_SQL = `
  SELECT coalesce(json_agg(${ITEM_JSON} ORDER BY sort_order, id), '[]')::text AS json,
    max(updated_at) AS last_modified, (SELECT change_seq FROM teams WHERE id = $1) AS change_seq
  FROM (
    SELECT * FROM items
    WHERE team_id = $1 AND folder_id = $2 AND deleted_at IS NULL AND parent_id IS NULL
    ORDER BY sort_order, id
    LIMIT $3
  ) AS first_items`;

/** Whether the folder has more live items (subitems included) than `$3 - 1`: stops at `$3`. */
const FOLDER_HAS_MORE_SQL = `
  SELECT count(*)::int AS n FROM (
    SELECT 1 FROM items WHERE team_id = $1 AND folder_id = $2 AND deleted_at IS NULL LIMIT $3
  ) AS counted`;

/**
 * The folder's items (see above) with the workspace's change number in the same snapshot: every
 * change up to it is in the list, so it is the list's delta-sync cursor (X-Change-Seq). A first
 * page asked of a folder that holds no more than `limit` items (subitems included) is the whole
 * folder, read as such and marked `complete`, so that the client does not read it again.
 */
export async function readFolderItemsJson(
  database: Database,
  teamId: number,
  folderId: string,
  limit?: number,
): Promise<{ json: string; lastModified: Date | null; changeSeq: number | null; complete: boolean }> {
  let isPage = limit !== undefined;
  if (limit !== undefined) {
    const { rows: counted } = await database.executeSql(FOLDER_HAS_MORE_SQL, [teamId, folderId, limit + 1]);
    isPage = (counted[0] as { n: number }).n > limit;
  }
  const { rows } = isPage
    ? await database.executeSql(FOLDER_FIRST_ITEMS_SQL, [teamId, folderId, limit])
    : await database.executeSql(FOLDER_ITEMS_SQL, [teamId, folderId]);
  const row = rows[0] as {
    json: string;
    last_modified: Date | string | null;
    change_seq: number | string | null;
  };
  const lastModified = row.last_modified === null ? null : new Date(row.last_modified);
  const changeSeq = row.change_seq === null ? null : Number(row.change_seq);
  return { json: row.json, lastModified, changeSeq, complete: !isPage };
}

/** updated_at in whole milliseconds, as a driver's Date of it (and so X-Last-Modified) takes it. */
const UPDATED_MS = 'floor(extract(epoch FROM updated_at) * 1000)::float8';

/** Between two items' texts in FOLDER_ITEM_TEXTS_SQL: JSON text never holds a raw control character. */
const SEPARATOR = '\u001e';

/**
 * The live items of a folder as FOLDER_ITEMS_SQL lists them, in one snapshot with the workspace's
 * change number: their texts in the list's order, separated by U+001E where json_agg writes ", ",
 * and each one's id, sort_order and updated_at (ms) in the same order. Two texts rather than a row
 * per item: the driver decodes a few strings, not 10,000 rows (a whole-folder read costs about
 * what the list's own statement costs).
 */
const FOLDER_ITEM_TEXTS_SQL = `
  SELECT coalesce(string_agg(${ITEM_JSON}::text, E'\\x1e' ORDER BY sort_order, id), '') AS texts,
    coalesce(json_agg(json_build_array(id, sort_order, ${UPDATED_MS}::bigint) ORDER BY sort_order, id), '[]')::text
      AS keys,
    (SELECT change_seq FROM teams WHERE id = $1) AS change_seq
  FROM items
  WHERE team_id = $1 AND folder_id = $2 AND deleted_at IS NULL`;

interface ItemTextRow {
  id: string;
  sort_order: string | null;
  updated_ms: number | string;
  json: string;
}

const keptItem = (row: ItemTextRow): KeptItem => ({
  id: row.id,
  sortOrder: row.sort_order,
  updatedMs: Number(row.updated_ms),
  json: row.json,
});

/**
 * A folder's live items as readFolderItemsJson lists them, one text per item, at the workspace's
 * change number: the list is `'[' + texts.join(', ') + ']'`. Undefined if the texts and their
 * keys do not pair up (never expected; the caller then reads the list as a whole).
 */
export async function readFolderItemTexts(
  database: Database,
  teamId: number,
  folderId: string,
): Promise<{ items: KeptItem[]; changeSeq: number } | undefined> {
  const { rows } = await database.executeSql(FOLDER_ITEM_TEXTS_SQL, [teamId, folderId]);
  const row = rows[0] as { texts: string; keys: string; change_seq: number | string | null } | undefined;
  if (!row || row.change_seq === null) return undefined;
  const keys = JSON.parse(row.keys) as [string, string | null, number][];
  const texts = row.texts === '' ? [] : row.texts.split(SEPARATOR);
  if (texts.length !== keys.length) return undefined;
  const items = keys.map(
    ([id, sortOrder, updatedMs], n): KeptItem => ({ id, sortOrder, updatedMs, json: texts[n]! }),
  );
  return { items, changeSeq: Number(row.change_seq) };
}

/**
 * The items a transaction changed as the folder list would show them now, read in that transaction
 * just before it commits (cache/commit-hooks.ts): each one's folder, whether it is live, and its
 * JSON. An id that is not found is an item gone for good (folder null).
 */
export async function readChangedItems(
  tx: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<ChangedItem[]> {
  const result = await tx.execute(sql`
    SELECT id, folder_id, deleted_at IS NULL AS live, sort_order,
      ${sql.raw(UPDATED_MS)} AS updated_ms, ${sql.raw(ITEM_JSON)}::text AS json
    FROM items
    WHERE team_id = ${teamId} AND id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`);
  const found = rowsOf<ItemTextRow & { folder_id: string; live: boolean }>(result).rows.map(
    (row): ChangedItem => ({ ...keptItem(row), folderId: row.folder_id, live: row.live }),
  );
  const foundIds = new Set(found.map((row) => row.id));
  const gone = ids.filter((id) => !foundIds.has(id));
  return [
    ...found,
    ...gone.map(
      (id): ChangedItem => ({ id, folderId: null, live: false, sortOrder: null, updatedMs: 0, json: '' }),
    ),
  ];
}

/** Items one transaction may change and still patch the kept lists; a bigger one drops them. */
const MAX_PATCHED_ITEMS = 2000;

/**
 * The commit hook's read (cache/commit-hooks.ts `beforeCommit`): for each workspace whose items
 * the transaction changed and whose folders this process keeps, the changed items as they are
 * now, so that the kept lists are patched with them once it committed.
 */
export async function readCommittedItems(
  tx: DbOrTx,
  sequences: readonly CommittedSequence[],
  folders: FolderSnapshotCache,
): Promise<void> {
  for (const sequence of sequences) {
    const { itemIds } = sequence;
    if (itemIds.size === 0 || itemIds.size > MAX_PATCHED_ITEMS || !sequence.contiguous) continue;
    if (folders.keeps(sequence.teamId))
      sequence.items = await readChangedItems(tx, sequence.teamId, [...itemIds]);
  }
}
