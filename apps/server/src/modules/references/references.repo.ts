import { and, asc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { folders } from '../../db/schema/boards';
import { attributes, items } from '../../db/schema/items';

/** A live item of the workspace, locked for the rest of the transaction (the value is rewritten whole). */
export async function lockLiveItem(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.id, id), isNull(items.deletedAt)))
    .limit(1)
    .for('update');
  return row;
}

/** A live item of the workspace (not locked). */
export async function findLiveItem(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(items)
    .where(and(eq(items.teamId, teamId), eq(items.id, id), isNull(items.deletedAt)))
    .limit(1);
  return row;
}

/**
 * The item's title as SQL: its value of its board's name attribute (the live text attribute with
 * `settings.primary`, joined below), read out of the values without loading them.
 */
const titleOf = sql<string | null>`${items.values} -> ${attributes.id} ->> 'data'`;

/**
 * Live items in live folders with their titles, by a condition on the items: the name attribute of
 * each item's board is joined (a board without one gives null titles).
 */
function titledItems(db: DbOrTx, teamId: number, where: SQL | undefined) {
  return db
    .select({ id: items.id, boardId: items.boardId, folderId: items.folderId, title: titleOf })
    .from(items)
    .innerJoin(
      folders,
      and(eq(folders.teamId, items.teamId), eq(folders.id, items.folderId), isNull(folders.deletedAt)),
    )
    .leftJoin(
      attributes,
      and(
        eq(attributes.teamId, items.teamId),
        eq(attributes.boardId, items.boardId),
        eq(attributes.type, 'text'),
        isNull(attributes.deletedAt),
        sql`${attributes.settings} -> 'primary' = 'true'::jsonb`,
      ),
    )
    .where(and(eq(items.teamId, teamId), isNull(items.deletedAt), where));
}

/** Titles of the live items (in live folders) of the workspace among these ids, of any board. */
export function findItemTitles(db: DbOrTx, teamId: number, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return titledItems(db, teamId, inArray(items.id, [...ids]));
}

/** `%`, `_` and the escape character itself match literally in a LIKE pattern. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * Live items in some folders of one board whose title contains `q` (any case; without q, all), by
 * title (untitled last), then id.
 */
export function searchBoardItems(
  db: DbOrTx,
  teamId: number,
  boardId: string,
  folderIds: readonly string[],
  q: string | undefined,
  limit: number,
) {
  if (folderIds.length === 0) return Promise.resolve([]);
  const text = q?.trim();
  return titledItems(
    db,
    teamId,
    and(
      eq(items.boardId, boardId),
      inArray(items.folderId, [...folderIds]),
      text ? sql`${titleOf} ILIKE ${`%${likeLiteral(text)}%`}` : undefined,
    ),
  )
    .orderBy(sql`${titleOf} ASC NULLS LAST`, asc(items.id))
    .limit(limit);
}
