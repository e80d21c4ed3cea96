import { and, eq, isNull, sql } from 'drizzle-orm';
import { isAnyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { boards, folders } from '../../db/schema/boards';
import { comments } from '../../db/schema/comments';
import { items } from '../../db/schema/items';
import { permissionRecords } from '../../db/schema/teams';
import type { BoardForLock } from '../boards/board-locks';
import { findLockedBoardIds } from '../boards/board-locks';
import { folderCan } from '../boards/folder-access';
import type { TeamAccess } from '../teams/team-access-types';

/**
 * In one read (built once per database, as the list's page query), what deciding who sees these
 * items takes: every live folder of the live boards that hold one of the live items (a folder's
 * rules read its whole chain), each with its board's privacy, members, password and permission
 * record (joined as boards.repo.ts joins it), and the asked items directly in it with their live
 * comments (replies included). Items of a deleted folder or board are in no row.
 */
function prepareItemPlaces(db: DbOrTx) {
  const teamId = sql.placeholder('teamId');
  const itemIds = sql.placeholder('itemIds');
  const counted = db.$with('counted').as(
    db
      .select({ itemId: comments.itemId, n: sql<number>`count(*)::int`.as('n') })
      .from(comments)
      .where(and(eq(comments.teamId, teamId), isAnyOf(comments.itemId, itemIds), isNull(comments.deletedAt)))
      .groupBy(comments.itemId),
  );
  const asked = db.$with('asked').as(
    db
      .select({
        id: items.id,
        folderId: items.folderId,
        n: sql<number>`coalesce(${counted.n}, 0)`.as('asked_n'),
      })
      .from(items)
      .leftJoin(counted, eq(counted.itemId, items.id))
      .where(and(eq(items.teamId, teamId), isAnyOf(items.id, itemIds), isNull(items.deletedAt))),
  );
  return db
    .with(counted, asked)
    .select({
      folder: folders,
      board: {
        id: boards.id,
        isPrivate: boards.isPrivate,
        userIds: boards.userIds,
        passwordHash: boards.passwordHash,
      },
      permissions: permissionRecords.permissions,
      finalPermissions: permissionRecords.finalPermissions,
      recordVersion: permissionRecords.rowVersion,
      // [item id, live comments] of the asked items in this folder.
      items: sql<[string, number][] | null>`(
        select json_agg(json_build_array(${asked.id}, ${asked.n})) from ${asked}
        where ${asked.folderId} = ${folders.id})`,
    })
    .from(folders)
    .innerJoin(boards, and(eq(boards.teamId, teamId), eq(boards.id, folders.boardId)))
    .leftJoin(
      permissionRecords,
      and(
        eq(permissionRecords.teamId, teamId),
        eq(permissionRecords.resourceType, 'board'),
        eq(permissionRecords.resourceId, boards.id),
      ),
    )
    .where(
      and(
        eq(folders.teamId, teamId),
        isNull(folders.deletedAt),
        isNull(boards.deletedAt),
        // The boards of the asked items' folders (live or not), as one array: simpler to plan
        // than a join.
        sql`${folders.boardId} = any(array(
          select holding.board_id from ${folders} holding
          where holding.team_id = ${teamId} and holding.id in (select ${asked.folderId} from ${asked})))`,
      ),
    )
    .prepare('comment_item_places');
}

const itemPlaces = new WeakMap<DbOrTx, ReturnType<typeof prepareItemPlaces>>();

/** An item the caller sees: its folder and its live comments (replies included). */
export interface VisibleItem {
  folderId: string;
  count: number;
}

/**
 * Of these item ids, the live items of the workspace the caller sees, by the one rule of
 * folder-access.ts (findVisibleFolderIds's: a live folder of a live board, not locked for them,
 * VIEW_BOARD and VIEW_FOLDER down its chain, hidden and private folders), in one query (and one
 * more only when a board asks them for its password).
 */
export async function findVisibleItems(
  db: DbOrTx,
  access: TeamAccess,
  itemIds: readonly string[],
): Promise<Map<string, VisibleItem>> {
  const visible = new Map<string, VisibleItem>();
  if (itemIds.length === 0) return visible;
  const places = await preparedOnce(itemPlaces, db, () => prepareItemPlaces(db)).execute({
    teamId: access.team.id,
    itemIds: [...itemIds],
  });
  const boardsById = new Map<string, BoardForLock>();
  const foldersOf = new Map<string, (typeof places)[number]['folder'][]>();
  for (const { folder, board, ...record } of places) {
    if (!boardsById.has(board.id))
      boardsById.set(board.id, {
        ...board,
        permissionRecord:
          record.recordVersion === null
            ? null
            : {
                permissions: record.permissions ?? [],
                final_permissions: record.finalPermissions ?? [],
                row_version: record.recordVersion,
              },
      });
    const boardFolders = foldersOf.get(board.id) ?? [];
    boardFolders.push(folder);
    foldersOf.set(board.id, boardFolders);
  }
  // A board locked for the caller by its password shows none of its folders (board-locks.ts).
  const locked = await findLockedBoardIds(db, access, [...boardsById.values()]);
  for (const { folder, items: inFolder } of places) {
    if (!inFolder || locked.has(folder.boardId)) continue;
    const board = boardsById.get(folder.boardId)!;
    if (!folderCan(access, board, folder.id, foldersOf.get(folder.boardId)!).canView) continue;
    for (const [id, count] of inFolder) visible.set(id, { folderId: folder.id, count });
  }
  return visible;
}
