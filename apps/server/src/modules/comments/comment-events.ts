import type { CommentReactionSummary } from '@strata/contracts/comments';
import type { DbOrTx } from '../../db/client';
import type { CommentRow } from '../../db/schema/comments';
import { recordEvents, teamChannels } from '../../events/outbox';
import { findRestrictedFolderIds } from '../boards/folder-access';
import { toComment } from './comments.shapes';

/** Whether the item's folder is hidden or private: its comments' events then go out without data. */
async function isRestricted(tx: DbOrTx, row: Pick<CommentRow, 'teamId' | 'boardId'>, folderId: string) {
  const restricted = await findRestrictedFolderIds(tx, row.teamId, [row.boardId], [folderId]);
  return restricted.has(folderId);
}

/**
 * Announces comment changes on their board's channel (only those who see the board may listen),
 * in the write's transaction: comment.created, comment.updated (text or pin) and comment.deleted,
 * each carrying the comment, webhook-ready. A comment of an item in a hidden or private folder goes
 * out without data: listeners who may see it read it again. Comments are not in delta sync (read
 * per item, docs/comments.md), so no change-log note.
 */
export async function announceComments(
  tx: DbOrTx,
  type: 'comment.created' | 'comment.updated' | 'comment.deleted',
  rows: readonly { row: CommentRow; reactions?: readonly CommentReactionSummary[] }[],
  folderId: string,
  actorId: number,
  itemCommentsCount?: number,
): Promise<void> {
  if (rows.length === 0) return;
  const withoutData = await isRestricted(tx, rows[0]!.row, folderId);
  await recordEvents(
    tx,
    rows.map(({ row, reactions }) => ({
      teamId: row.teamId,
      type,
      channel: teamChannels.board(row.teamId, row.boardId),
      actorId,
      payload: {
        id: row.id,
        row_version: row.rowVersion,
        ...(withoutData
          ? {}
          : {
              data: toComment(row, folderId, reactions),
              // The item's count after the write, for its cards and rows (docs/comments.md).
              ...(itemCommentsCount === undefined ? {} : { item_comments_count: itemCommentsCount }),
            }),
      },
    })),
  );
}

/** Announces a reaction given or taken back, with the comment's reactions after it. */
export async function announceReaction(
  tx: DbOrTx,
  type: 'comment.reaction.created' | 'comment.reaction.deleted',
  reaction: { id: string; reaction: string; userId: number },
  comment: CommentRow,
  folderId: string,
  reactions: readonly CommentReactionSummary[],
): Promise<void> {
  const withoutData = await isRestricted(tx, comment, folderId);
  await recordEvents(tx, [
    {
      teamId: comment.teamId,
      type,
      channel: teamChannels.board(comment.teamId, comment.boardId),
      actorId: reaction.userId,
      payload: {
        id: reaction.id,
        ...(withoutData
          ? {}
          : {
              data: {
                id: reaction.id,
                comment_id: comment.id,
                item_id: comment.itemId,
                reaction: reaction.reaction,
                user_id: reaction.userId,
                reactions,
              },
            }),
      },
    },
  ]);
}
