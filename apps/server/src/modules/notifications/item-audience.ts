import { and, eq, isNull, lte } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { comments } from '../../db/schema/comments';
import { itemFollowers } from '../../db/schema/item-followers';
import { attributes, type ItemRow } from '../../db/schema/items';
import { findBoardAudience } from '../boards/board-audience';
import { findFoldersOfBoards } from '../boards/boards.repo';
import { folderCan } from '../boards/folder-access';

/** Who follows an item apart from those who stopped: the parts of the domain's `itemFollowers`. */
export interface ItemFollowing {
  creatorId: number | null;
  memberValueIds: number[];
  commenterIds: number[];
  followingIds: number[];
  unfollowedIds: number[];
}

/**
 * The people an item's followers are made of (docs/notifications.md), read in three queries.
 * `commentsBefore`: only those who commented before then count as commenters (a comment's
 * notifications are produced a moment later, when later comments may exist already).
 */
export async function readItemFollowing(
  db: DbOrTx,
  item: ItemRow,
  options: { commentsBefore?: Date } = {},
): Promise<ItemFollowing> {
  const teamId = item.teamId;
  const memberAttributes = await db
    .select({ id: attributes.id })
    .from(attributes)
    .where(
      and(
        eq(attributes.teamId, teamId),
        eq(attributes.boardId, item.boardId),
        eq(attributes.type, 'members'),
        isNull(attributes.deletedAt),
      ),
    );
  const memberValueIds = memberAttributes.flatMap(({ id }) => {
    const data = item.values[id]?.data;
    return Array.isArray(data) ? data.filter((value): value is number => Number.isInteger(value)) : [];
  });
  const commenters = await db
    .selectDistinct({ userId: comments.createdBy })
    .from(comments)
    .where(
      and(
        eq(comments.teamId, teamId),
        eq(comments.itemId, item.id),
        isNull(comments.deletedAt),
        options.commentsBefore ? lte(comments.createdAt, options.commentsBefore) : undefined,
      ),
    );
  const choices = await db
    .select({ userId: itemFollowers.userId, following: itemFollowers.following })
    .from(itemFollowers)
    .where(and(eq(itemFollowers.teamId, teamId), eq(itemFollowers.itemId, item.id)));
  return {
    creatorId: item.createdBy,
    memberValueIds,
    commenterIds: commenters.flatMap(({ userId }) => (userId === null ? [] : [userId])),
    followingIds: choices.filter((choice) => choice.following).map((choice) => choice.userId),
    unfollowedIds: choices.filter((choice) => !choice.following).map((choice) => choice.userId),
  };
}

/**
 * Which of these users see the item: members of its workspace (guests included) who see its board
 * (and are not kept out by its password) and its folder. Six queries whatever the number of users.
 */
export async function findItemViewers(
  db: DbOrTx,
  item: Pick<ItemRow, 'teamId' | 'boardId' | 'folderId'>,
  userIds: readonly number[],
): Promise<Set<number>> {
  const [audience] = await findBoardAudience(db, {
    teamId: item.teamId,
    boardIds: [item.boardId],
    userIds,
    guests: true,
  });
  if (!audience || audience.seeing.length === 0) return new Set();
  const boardFolders = await findFoldersOfBoards(db, item.teamId, [item.boardId]);
  return new Set(
    audience.seeing
      .filter((access) => folderCan(access, audience.board, item.folderId, boardFolders).canView)
      .map((access) => access.userId),
  );
}
