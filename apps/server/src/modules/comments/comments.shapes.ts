import type { Comment, CommentReactionSummary } from '@strata/contracts/comments';
import type { CommentRow } from '../../db/schema/comments';

/** A comment as the API shows it; `folderId` is its item's folder. */
export function toComment(
  row: CommentRow,
  folderId: string,
  reactions: readonly CommentReactionSummary[] = [],
): Comment {
  return {
    id: row.id,
    object: 'comment',
    team_id: row.teamId,
    board_id: row.boardId,
    folder_id: folderId,
    item_id: row.itemId,
    parent_id: row.parentId,
    text: { html: row.html },
    pinned: row.pinned,
    mentions: row.mentions,
    reactions: [...reactions],
    edited_at: row.editedAt?.toISOString() ?? null,
    ...(row.visitorName === null ? {} : { visitor_name: row.visitorName }),
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
  };
}

/** The opaque `after` of a list page: the last root comment's place in the order. */
export function encodeCommentCursor(row: Pick<CommentRow, 'pinned' | 'createdAt' | 'id'>): string {
  return Buffer.from(JSON.stringify([row.pinned ? 1 : 0, row.createdAt.toISOString(), row.id])).toString(
    'base64url',
  );
}

/** A cursor `encodeCommentCursor` made, or null for anything else. */
export function decodeCommentCursor(after: string): { pinned: boolean; createdAt: Date; id: string } | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(after, 'base64url').toString('utf8'));
    if (!Array.isArray(value) || value.length !== 3) return null;
    const [pinned, createdAt, id] = value as unknown[];
    if ((pinned !== 0 && pinned !== 1) || typeof createdAt !== 'string' || typeof id !== 'string')
      return null;
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || id.length > 64) return null;
    return { pinned: pinned === 1, createdAt: date, id };
  } catch {
    return null;
  }
}
