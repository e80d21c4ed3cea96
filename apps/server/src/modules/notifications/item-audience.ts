import { sql } from 'drizzle-orm';
import { type DbOrTx, rowsOf } from '../../db/client';
import { comments } from '../../db/schema/comments';
import { itemFollowers } from '../../db/schema/item-followers';
import { attributes, type ItemRow } from '../../db/schema/items';
import { findBoardAudience } from '../boards/board-audience';
import { folderRule } from '../boards/folder-access';
import { readStructure, type StructureReads } from '../items/item-reads';

/** Who follows an item apart from those who stopped: the parts of the domain's `itemFollowers`. */
export interface ItemFollowing {
  creatorId: number | null;
  memberValueIds: number[];
  commenterIds: number[];
  followingIds: number[];
  unfollowedIds: number[];
}

/**
 * The people an item's followers are made of (docs/notifications.md), read in one query: the ids
 * in its members attributes' values, who commented, and who chose to follow it or to stop.
 * `commentsBefore`: only those who commented before then count as commenters (a comment's
 * notifications are produced a moment later, when later comments may exist already).
 */
export async function readItemFollowing(
  db: DbOrTx,
  item: ItemRow,
  options: { commentsBefore?: Date } = {},
): Promise<ItemFollowing> {
  const teamId = item.teamId;
  const before = options.commentsBefore
    ? sql`AND ${comments.createdAt} <= ${options.commentsBefore.toISOString()}::timestamptz`
    : sql``;
  const [row] = rowsOf<{
    member_attributes: string[] | null;
    commenters: number[] | null;
    choices: Choice[] | null;
  }>(
    await db.execute(sql`SELECT
      (SELECT array_agg(${attributes.id}) FROM ${attributes}
        WHERE ${attributes.teamId} = ${teamId} AND ${attributes.boardId} = ${item.boardId}
          AND ${attributes.type} = 'members' AND ${attributes.deletedAt} IS NULL) AS member_attributes,
      (SELECT array_agg(DISTINCT ${comments.createdBy}) FROM ${comments}
        WHERE ${comments.teamId} = ${teamId} AND ${comments.itemId} = ${item.id}
          AND ${comments.deletedAt} IS NULL AND ${comments.createdBy} IS NOT NULL ${before}) AS commenters,
      (SELECT json_agg(json_build_object('user_id', ${itemFollowers.userId}, 'following', ${itemFollowers.following}))
        FROM ${itemFollowers}
        WHERE ${itemFollowers.teamId} = ${teamId} AND ${itemFollowers.itemId} = ${item.id}) AS choices`),
  ).rows;
  const memberValueIds = (row?.member_attributes ?? []).flatMap((id) => {
    const data = item.values[id]?.data;
    return Array.isArray(data) ? data.filter((value): value is number => Number.isInteger(value)) : [];
  });
  // Both drivers (PGlite, node-postgres) parse json results.
  const choices = row?.choices ?? [];
  return {
    creatorId: item.createdBy,
    memberValueIds,
    commenterIds: (row?.commenters ?? []).map(Number),
    followingIds: choices.filter((choice) => choice.following).map((choice) => choice.user_id),
    unfollowedIds: choices.filter((choice) => !choice.following).map((choice) => choice.user_id),
  };
}

type Choice = { user_id: number; following: boolean };

/**
 * Which of these users see the item: members of its workspace (guests included) who see its board
 * (and are not kept out by its password) and its folder. One query whatever the number of users
 * (two for a board with a password), and the board and its folders from `structure` (read there,
 * or kept: item-reads.ts).
 */
export async function findItemViewers(
  db: DbOrTx,
  item: Pick<ItemRow, 'teamId' | 'boardId' | 'folderId'>,
  userIds: readonly number[],
  structure: StructureReads = readStructure(db, item.teamId),
): Promise<Set<number>> {
  const viewers = await findFolderViewers(db, item, [item.folderId], userIds, structure);
  return viewers.get(item.folderId) ?? new Set();
}

/**
 * Which of these users see each of these folders of a board (findItemViewers' rule): the board's
 * audience is read once for all of them.
 */
export async function findFolderViewers(
  db: DbOrTx,
  place: Pick<ItemRow, 'teamId' | 'boardId'>,
  folderIds: readonly string[],
  userIds: readonly number[],
  structure: StructureReads = readStructure(db, place.teamId),
): Promise<Map<string, Set<number>>> {
  const viewers = new Map<string, Set<number>>();
  if (userIds.length === 0) return viewers;
  const board = await structure.board(place.boardId);
  if (!board) return viewers;
  const [audience] = await findBoardAudience(db, {
    teamId: place.teamId,
    boardIds: [place.boardId],
    userIds,
    guests: true,
    boards: [board],
  });
  if (!audience || audience.seeing.length === 0) return viewers;
  const boardFolders = await structure.boardFolders(place.boardId);
  for (const folderId of new Set(folderIds)) {
    const rule = folderRule(audience.board, folderId, boardFolders);
    viewers.set(
      folderId,
      new Set(audience.seeing.filter((access) => rule(access).canView).map((access) => access.userId)),
    );
  }
  return viewers;
}
