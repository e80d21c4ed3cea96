import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rowsOf } from '../../db/client';
import { attributes, type ItemRow, items } from '../../db/schema/items';

/** An attribute of the workspace, deleted or not. */
export async function findAttributeAnyState(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(attributes)
    .where(and(eq(attributes.teamId, teamId), eq(attributes.id, id)))
    .limit(1);
  return row;
}

/** The live attributes of one board, in their order. */
export function findBoardAttributes(db: DbOrTx, teamId: number, boardId: string) {
  return db
    .select()
    .from(attributes)
    .where(and(eq(attributes.teamId, teamId), eq(attributes.boardId, boardId), isNull(attributes.deletedAt)))
    .orderBy(asc(attributes.sortOrder), asc(attributes.createdAt), asc(attributes.id));
}

/** Live attributes of the workspace by id (delta sync). */
export function findAttributes(db: DbOrTx, teamId: number, ids: readonly string[]) {
  return db
    .select()
    .from(attributes)
    .where(
      and(eq(attributes.teamId, teamId), inArray(attributes.id, [...ids]), isNull(attributes.deletedAt)),
    );
}

/** Ids of the live attributes of one board. */
export async function findBoardAttributeIds(db: DbOrTx, teamId: number, boardId: string) {
  const rows = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(and(eq(attributes.teamId, teamId), eq(attributes.boardId, boardId), isNull(attributes.deletedAt)));
  return rows.map((row) => row.id);
}

/** An item of the workspace, deleted or not. */
export async function findItemAnyState(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.id, id)))
    .limit(1);
  return row;
}

/** Items of the workspace by id, deleted or not (a batch of edits reads its items at once). */
export async function findItemsAnyState(
  db: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<Map<string, ItemRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(items)
    .where(and(eq(items.teamId, teamId), inArray(items.id, [...new Set(ids)])));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Which of these ids any item already has, in any workspace and state (ids are global). */
export async function findTakenItemIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(inArray(items.id, [...ids]));
  return new Set(rows.map((row) => row.id));
}

/** Live items of the workspace by id (delta sync). */
export function findItems(db: DbOrTx, teamId: number, ids: readonly string[]) {
  return db
    .select()
    .from(items)
    .where(and(eq(items.teamId, teamId), inArray(items.id, [...ids]), isNull(items.deletedAt)));
}

/** The folder of each live item of the workspace among these ids (no values: a cheap read). */
export function findItemFolders(db: DbOrTx, teamId: number, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select({ id: items.id, folderId: items.folderId })
    .from(items)
    .where(and(eq(items.teamId, teamId), inArray(items.id, [...ids]), isNull(items.deletedAt)));
}

/** Ids of the live items of one board. */
export async function findBoardItemIds(db: DbOrTx, teamId: number, boardId: string) {
  const rows = await db
    .select({ id: items.id })
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.boardId, boardId), isNull(items.deletedAt)));
  return rows.map((row) => row.id);
}

/**
 * The ids above an item: its parent, the parent's parent and so on (at most 100 levels, which
 * also ends a chain that a concurrent write closed into a circle).
 */
export async function findAncestorIds(db: DbOrTx, teamId: number, id: string): Promise<string[]> {
  const result = await db.execute(sql`
    WITH RECURSIVE up(id, parent_id, depth) AS (
      SELECT id, parent_id, 1 FROM ${items} WHERE team_id = ${teamId} AND id = ${id}
      UNION ALL
      SELECT i.id, i.parent_id, up.depth + 1 FROM ${items} i
        JOIN up ON i.id = up.parent_id AND i.team_id = ${teamId}
      WHERE up.depth < 100
    )
    SELECT id FROM up`);
  return rowsOf<{ id: string }>(result).rows.map((row) => row.id);
}

/** The live items under these items (subitems, their subitems, ...), the items themselves not included. */
export async function findDescendantIds(
  db: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<string[]> {
  if (ids.length === 0) return [];
  const result = await db.execute(sql`
    WITH RECURSIVE down(id, depth) AS (
      SELECT id, 1 FROM ${items}
        WHERE team_id = ${teamId} AND parent_id IN ${sql`(${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`} AND deleted_at IS NULL
      UNION ALL
      SELECT i.id, down.depth + 1 FROM ${items} i
        JOIN down ON i.parent_id = down.id AND i.team_id = ${teamId}
      WHERE i.deleted_at IS NULL AND down.depth < 100
    )
    SELECT DISTINCT id FROM down`);
  return rowsOf<{ id: string }>(result).rows.map((row) => row.id);
}
