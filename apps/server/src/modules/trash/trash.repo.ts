import type { TrashRecordType } from '@strata/contracts/trash';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { folders } from '../../db/schema/boards';
import { attributes, items } from '../../db/schema/items';

/** Where a page of the trash starts: after this entry (newest deletion first). */
export interface TrashCursor {
  /** deleted_at to the microsecond, as `YYYY-MM-DDTHH:MI:SS.UUUUUUZ`. */
  key: string;
  type: TrashRecordType;
  id: string;
}

/** One entry of the trash as the database answers it. */
export interface TrashRow {
  type: TrashRecordType;
  id: string;
  name: string | null;
  /** deleted_at to the millisecond, as the API's timestamps are. */
  deleted_iso: string;
  /** deleted_at to the microsecond: the cursor's key. */
  deleted_key: string;
  folder_id: string | null;
  folder_name: string | null;
  parent_id: string | null;
  attribute_type: string | null;
}

const idList = (ids: readonly string[]) =>
  sql`(${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;

/**
 * A page of a board's trash, newest deletion first (keyset on deleted_at, type, id; no count).
 * An item whose parent was deleted in the same write, and a folder whose parent folder was, are
 * part of that deletion and not entries of their own. `nameAttributeId` names the item's name value.
 */
export async function findTrashPage(
  db: DbOrTx,
  options: {
    teamId: number;
    boardId: string;
    nameAttributeId: string | null;
    after: TrashCursor | null;
    limit: number;
  },
): Promise<TrashRow[]> {
  const { teamId, boardId, nameAttributeId, after } = options;
  const itemName: SQL = nameAttributeId
    ? sql`i.values -> ${nameAttributeId}::text ->> 'data'`
    : sql`NULL::text`;
  const afterCursor: SQL = after
    ? sql`WHERE (deleted_at, type, id) < (${after.key}::timestamptz, ${after.type}::text, ${after.id}::text)`
    : sql``;
  const result = await db.execute(sql`
    WITH entries AS (
      SELECT 'item'::text AS type, i.id, i.deleted_at, ${itemName} AS name, i.folder_id,
             f.name AS folder_name, i.parent_id, NULL::text AS attribute_type
        FROM ${items} i
        LEFT JOIN ${items} p ON p.team_id = i.team_id AND p.id = i.parent_id
        LEFT JOIN ${folders} f ON f.team_id = i.team_id AND f.id = i.folder_id
       WHERE i.team_id = ${teamId} AND i.board_id = ${boardId} AND i.deleted_at IS NOT NULL
         AND p.deleted_at IS DISTINCT FROM i.deleted_at
      UNION ALL
      SELECT 'folder'::text, f.id, f.deleted_at, f.name, f.parent_id, NULL::text, NULL::text, NULL::text
        FROM ${folders} f
        LEFT JOIN ${folders} p ON p.team_id = f.team_id AND p.id = f.parent_id
       WHERE f.team_id = ${teamId} AND f.board_id = ${boardId} AND f.deleted_at IS NOT NULL
         AND p.deleted_at IS DISTINCT FROM f.deleted_at
      UNION ALL
      SELECT 'attribute'::text, a.id, a.deleted_at, a.name, NULL::text, NULL::text, NULL::text, a.type
        FROM ${attributes} a
       WHERE a.team_id = ${teamId} AND a.board_id = ${boardId} AND a.deleted_at IS NOT NULL
    )
    SELECT type, id, name, folder_id, folder_name, parent_id, attribute_type,
           to_char(deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS deleted_iso,
           to_char(deleted_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS deleted_key
      FROM entries
      ${afterCursor}
     ORDER BY deleted_at DESC, type DESC, id DESC
     LIMIT ${options.limit}`);
  return rowsOf<TrashRow>(result).rows;
}

/**
 * The items deleted in the same write as each of these (their subitems at any depth that carry
 * the same deleted_at), as pairs of the root's id and the subitem's.
 */
export async function findDeletedWithItems(
  db: DbOrTx,
  teamId: number,
  rootIds: readonly string[],
): Promise<{ root: string; id: string }[]> {
  if (rootIds.length === 0) return [];
  const result = await db.execute(sql`
    WITH RECURSIVE down(root, id, deleted_at, depth) AS (
      SELECT c.parent_id, c.id, c.deleted_at, 1
        FROM ${items} c
        JOIN ${items} p ON p.team_id = c.team_id AND p.id = c.parent_id
       WHERE c.team_id = ${teamId} AND c.parent_id IN ${idList(rootIds)}
         AND c.deleted_at IS NOT NULL AND c.deleted_at = p.deleted_at
      UNION ALL
      SELECT down.root, c.id, c.deleted_at, down.depth + 1
        FROM ${items} c
        JOIN down ON c.parent_id = down.id AND c.team_id = ${teamId}
       WHERE c.deleted_at = down.deleted_at AND down.depth < 100
    )
    SELECT DISTINCT root, id FROM down`);
  return rowsOf<{ root: string; id: string }>(result).rows;
}

/** Every item under these (subitems at any depth), deleted or not; the items themselves not included. */
export async function findAllDescendantIds(
  db: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    WITH RECURSIVE down(id, depth) AS (
      SELECT id, 1 FROM ${items} WHERE team_id = ${teamId} AND parent_id IN ${idList(ids)}
      UNION ALL
      SELECT i.id, down.depth + 1 FROM ${items} i
        JOIN down ON i.parent_id = down.id AND i.team_id = ${teamId}
       WHERE down.depth < 100
    )
    SELECT DISTINCT id FROM down`);
  return rowsOf<{ id: string }>(result).rows.map((row) => row.id);
}

/** What a restore reads about an item and the items above it. */
export interface ItemLink {
  id: string;
  parent_id: string | null;
  folder_id: string;
  is_deleted: boolean;
}

/** These items and every item above them (parents, their parents...), in any state. */
export async function findItemsWithAncestors(
  db: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<Map<string, ItemLink>> {
  if (ids.length === 0) return new Map();
  const result = await db.execute(sql`
    WITH RECURSIVE up(id, parent_id, folder_id, is_deleted, depth) AS (
      SELECT id, parent_id, folder_id, deleted_at IS NOT NULL, 1
        FROM ${items} WHERE team_id = ${teamId} AND id IN ${idList(ids)}
      UNION ALL
      SELECT i.id, i.parent_id, i.folder_id, i.deleted_at IS NOT NULL, up.depth + 1
        FROM ${items} i
        JOIN up ON i.id = up.parent_id AND i.team_id = ${teamId}
       WHERE up.depth < 100
    )
    SELECT DISTINCT id, parent_id, folder_id, is_deleted FROM up`);
  return new Map(rowsOf<ItemLink>(result).rows.map((row) => [row.id, row]));
}

/** Items of one board by id, in any state (ids of other boards or workspaces are not found). */
export function findBoardItemsAnyState(db: DbOrTx, teamId: number, boardId: string, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.boardId, boardId), inArray(items.id, [...ids])));
}

/** Attributes of one board by id, in any state. */
export function findBoardAttributesAnyState(
  db: DbOrTx,
  teamId: number,
  boardId: string,
  ids: readonly string[],
) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(attributes)
    .where(
      and(eq(attributes.teamId, teamId), eq(attributes.boardId, boardId), inArray(attributes.id, [...ids])),
    );
}

/** Ids of the live items of these folders (of one board): one range of the live-items index each. */
export async function findLiveItemIdsInFolders(
  db: DbOrTx,
  teamId: number,
  boardId: string,
  folderIds: readonly string[],
): Promise<string[]> {
  if (folderIds.length === 0) return [];
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(
      and(
        eq(items.teamId, teamId),
        inArray(items.folderId, [...folderIds]),
        eq(items.boardId, boardId),
        isNull(items.deletedAt),
      ),
    );
  return rows.map((row) => row.id);
}

/** Every folder of one board, deleted or not (a board has few: the tree is walked in memory). */
export function findAllBoardFolders(db: DbOrTx, teamId: number, boardId: string) {
  return db
    .select()
    .from(folders)
    .where(and(eq(folders.teamId, teamId), eq(folders.boardId, boardId)));
}
