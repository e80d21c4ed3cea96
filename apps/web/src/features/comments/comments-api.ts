import type { Comment, CommentReactionSummary, CommentsPage } from '@strata/contracts/comments';
import { api } from '../../lib/api';
import { teamQueryKey } from '../workspaces';

/** Root comments per page in an item's comments. */
export const COMMENTS_PAGE = 30;

export const commentsQueryKey = (teamId: number, itemId: string) =>
  [...teamQueryKey(teamId), 'comments', itemId] as const;

/** One page of an item's root comments (with replies), after `after`. */
export function fetchComments(teamId: number, itemId: string, after: string | null): Promise<CommentsPage> {
  const params = new URLSearchParams({ item_ids: itemId, limit: String(COMMENTS_PAGE) });
  if (after) params.set('after', after);
  return api.get<CommentsPage>(`/api/${teamId}/comments/multiple?${params}`);
}

export interface CommentTarget {
  teamId: number;
  boardId: string;
  itemId: string;
}

/**
 * Creates (row_version 1) or edits a comment. Queued when offline: it is sent once the connection
 * is back, once (its idempotency key), and settles then.
 */
export function saveComment(
  target: CommentTarget,
  comment: { id: string; html: string; parentId: string | null; rowVersion: number },
): Promise<Comment> {
  return api.put<Comment>(
    `/api/${target.teamId}/comments/${comment.id}`,
    {
      text: { html: comment.html },
      board_id: target.boardId,
      item_id: target.itemId,
      parent_id: comment.parentId,
      row_version: comment.rowVersion,
    },
    { queue: true },
  );
}

export function deleteComment(teamId: number, id: string): Promise<unknown> {
  return api.delete(`/api/${teamId}/comments/${id}`, { queue: true });
}

export function pinComment(teamId: number, id: string, pinned: boolean): Promise<Comment> {
  return api.put<Comment>(`/api/${teamId}/comments/${id}/pin`, { pinned }, { queue: true });
}

/** Gives the caller's reaction with this emoji, or takes it back. */
export function toggleReaction(
  teamId: number,
  commentId: string,
  reaction: string,
): Promise<{ active: boolean; reactions: CommentReactionSummary[] }> {
  return api.put(
    `/api/${teamId}/comment-reaction/${crypto.randomUUID()}`,
    { comment_id: commentId, reaction },
    { queue: true },
  );
}
