import type { Database } from '../../db/client';

/** An ISO 8601 instant in UTC with milliseconds, as `Date.prototype.toISOString` writes it. */
const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const ITEM_JSON = `json_build_object(
      'id', id, 'object', 'item', 'team_id', team_id, 'board_id', board_id, 'folder_id', folder_id,
      'parent_id', parent_id, 'sort_order', sort_order, 'values', "values", 'created_by', created_by,
      'created_at', ${iso('created_at')}, 'updated_at', ${iso('updated_at')}, 'deleted', false,
      'row_version', row_version
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
