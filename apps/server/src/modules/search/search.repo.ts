import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { boards, folders } from '../../db/schema/boards';
import { comments } from '../../db/schema/comments';
import { itemTexts } from '../../db/schema/item-texts';
import { items } from '../../db/schema/items';
import { COMMENT_TEXT, ITEM_TEXT, vectorOf } from './search-text';

/** The order kinds take among hits of the same rank (and in the cursor). */
export const KIND_ORDER = ['item', 'comment', 'board', 'folder'] as const;
export type HitKind = (typeof KIND_ORDER)[number];

export interface HitRow {
  kind: number;
  id: string;
  board_id: string;
  folder_id: string | null;
  item_id: string | null;
  rank: number;
}

/** Where the previous page ended: its last hit's rank, kind and id. */
export interface SearchCursor {
  rank: number;
  kind: number;
  id: string;
}

/** What may be searched: the caller's visible boards (names) and the folders they may open. */
export interface SearchScope {
  teamId: number;
  boardIds: readonly string[];
  folderIds: readonly string[];
}

/** How a text matches: its words as prefixes (tsquery text) and/or the whole query inside it. */
export interface SearchMatch {
  tsQuery: string | null;
  pattern: string | null;
}

function matching(text: SQL, match: SearchMatch): SQL {
  const parts: SQL[] = [];
  if (match.tsQuery) parts.push(sql`${vectorOf(text)} @@ to_tsquery('simple'::regconfig, ${match.tsQuery})`);
  if (match.pattern) parts.push(sql`${text} ILIKE ${match.pattern}`);
  return sql`(${sql.join(parts, sql` OR `)})`;
}

function rankOf(text: SQL, match: SearchMatch): SQL {
  return match.tsQuery
    ? sql`ts_rank(${vectorOf(text)}, to_tsquery('simple'::regconfig, ${match.tsQuery}))`
    : sql`0::real`;
}

const NAME_OF_BOARD = sql.raw(`"boards"."name"`);
const NAME_OF_FOLDER = sql.raw(`"folders"."name"`);

/**
 * One page of hits of every kind, best first (rank, then kind, then id), `limit` of them. Items
 * and comments only in the scope's folders, boards and folders only the scope's; all of one
 * workspace; nothing deleted (an item's comments go with it).
 */
export async function findHits(
  db: DbOrTx,
  scope: SearchScope,
  match: SearchMatch,
  limit: number,
  cursor?: SearchCursor,
): Promise<HitRow[]> {
  if (!match.tsQuery && !match.pattern) return [];
  const { teamId } = scope;
  const branches: SQL[] = [];
  const names: SQL[] = [];
  if (scope.folderIds.length > 0) {
    const inFolders = inArray(items.folderId, [...scope.folderIds]);
    branches.push(sql`SELECT 0 AS kind, ${items.id} AS id, ${items.boardId} AS board_id,
        ${items.folderId} AS folder_id, ${items.id} AS item_id, ${rankOf(ITEM_TEXT, match)} AS rank
      FROM ${itemTexts}
      JOIN ${items} ON ${and(eq(items.teamId, itemTexts.teamId), eq(items.id, itemTexts.itemId))}
      WHERE ${and(eq(itemTexts.teamId, teamId), isNull(items.deletedAt), inFolders)} AND ${matching(ITEM_TEXT, match)}`);
    branches.push(sql`SELECT 1 AS kind, ${comments.id} AS id, ${comments.boardId} AS board_id,
        ${items.folderId} AS folder_id, ${comments.itemId} AS item_id, ${rankOf(COMMENT_TEXT, match)} AS rank
      FROM ${comments}
      JOIN ${items} ON ${and(eq(items.teamId, comments.teamId), eq(items.id, comments.itemId), isNull(items.deletedAt))}
      WHERE ${and(eq(comments.teamId, teamId), isNull(comments.deletedAt), inFolders)}
        AND ${matching(COMMENT_TEXT, match)}`);
    names.push(sql`SELECT 3 AS kind, ${folders.id} AS id, ${folders.boardId} AS board_id, ${folders.id} AS folder_id,
        NULL::text AS item_id, ${rankOf(NAME_OF_FOLDER, match)} AS rank
      FROM ${folders}
      WHERE ${and(eq(folders.teamId, teamId), isNull(folders.deletedAt), inArray(folders.id, [...scope.folderIds]))}
        AND ${matching(NAME_OF_FOLDER, match)}`);
  }
  if (scope.boardIds.length > 0) {
    names.push(sql`SELECT 2 AS kind, ${boards.id} AS id, ${boards.id} AS board_id, NULL::text AS folder_id,
        NULL::text AS item_id, ${rankOf(NAME_OF_BOARD, match)} AS rank
      FROM ${boards}
      WHERE ${and(eq(boards.teamId, teamId), isNull(boards.deletedAt), inArray(boards.id, [...scope.boardIds]))}
        AND ${matching(NAME_OF_BOARD, match)}`);
  }
  // Boards' and folders' names are few: one query for both.
  if (names.length > 0) branches.push(sql.join(names, sql` UNION ALL `));
  if (branches.length === 0) return [];
  const after = cursor
    ? sql`WHERE rank < ${cursor.rank}::real
        OR (rank = ${cursor.rank}::real AND (kind > ${cursor.kind} OR (kind = ${cursor.kind} AND id COLLATE "C" > ${cursor.id})))`
    : sql``;
  // Items' and comments' best pages are queries of their own, so on PostgreSQL they run at once on
  // the pool's connections (one query does one kind after the other); the pages are then merged
  // in the same order.
  const pages = await Promise.all(
    branches.map(async (branch) => {
      const result = await db.execute(sql`
        SELECT kind, id, board_id, folder_id, item_id, rank FROM (${branch}) AS hits
        ${after}
        ORDER BY rank DESC, kind, id COLLATE "C"
        LIMIT ${limit}`);
      return rowsOf<HitRow>(result).rows.map((row) => ({
        ...row,
        kind: Number(row.kind),
        rank: Number(row.rank),
      }));
    }),
  );
  return pages.flat().sort(byHitOrder).slice(0, limit);
}

/** The hits' order: rank, best first, then kind, then id by its bytes (as `COLLATE "C"`). */
function byHitOrder(a: HitRow, b: HitRow): number {
  if (a.rank !== b.rank) return b.rank - a.rank;
  if (a.kind !== b.kind) return a.kind - b.kind;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The string values of these items (their searchable texts), by item id. */
export async function findItemTexts(
  db: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<Map<string, string[]>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: items.id,
      texts: sql<unknown>`jsonb_path_query_array(${items.values}, '$.* ? (@.data.type() == "string").data')`,
    })
    .from(items)
    .where(and(eq(items.teamId, teamId), inArray(items.id, [...ids])));
  return new Map(
    rows.map((row) => [
      row.id,
      (Array.isArray(row.texts) ? row.texts : []).filter((text): text is string => typeof text === 'string'),
    ]),
  );
}

/** The HTML of these comments, by id. */
export async function findCommentHtml(
  db: DbOrTx,
  teamId: number,
  ids: readonly string[],
): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: comments.id, html: comments.html })
    .from(comments)
    .where(and(eq(comments.teamId, teamId), inArray(comments.id, [...ids])));
  return new Map(rows.map((row) => [row.id, row.html]));
}
