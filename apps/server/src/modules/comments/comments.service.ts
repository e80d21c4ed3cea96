import type {
  Comment,
  CommentReactionBody,
  CommentsPage,
  commentReactionAnswer,
  SaveCommentBody,
} from '@strata/contracts/comments';
import {
  type CommentPermission,
  MAX_COMMENT_HTML_LENGTH,
  mayDeleteComment,
  mayEditComment,
  replyRootId,
} from '@strata/domain/comments/comment-rules';
import { isEmptyCommentHtml, mentionedUserIds } from '@strata/domain/comments/mentions';
import { AppError } from '@strata/domain/errors';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { type CommentRow, commentReactions, comments } from '../../db/schema/comments';
import type { UserRow } from '../../db/schema/users';
import { noteChanges } from '../../events/change-log';
import { invalidField } from '../../http/field-errors';
import { sanitiseHtml } from '../../lib/html-sanitise';
import { boardCan } from '../boards/board-access';
import { findMemberIds } from '../boards/boards.repo';
import { requireVisibleFolder } from '../items/item-reads';
import { findItemAnyState } from '../items/items.repo';
import type { WriteScope } from '../records/write-scope';
import { getTeamAccess } from '../teams/team-access';
import { announceComments, announceReaction } from './comment-events';
import { findVisibleItems } from './comment-visibility';
import {
  addToCommentsCount,
  findCommentAnyState,
  findCommentsPage,
  findReactionSummaries,
} from './comments.repo';
import { decodeCommentCursor, encodeCommentCursor, toComment } from './comments.shapes';

/** The live item a comment belongs to, which the caller sees, and what they may do on its board. */
async function requireCommentedItem(scope: WriteScope, itemId: string) {
  const item = await findItemAnyState(scope.tx, scope.access.team.id, itemId);
  if (!item || item.deletedAt) throw new AppError('NOT_FOUND');
  const { folder, board } = await requireVisibleFolder(scope.tx, scope.access, item.folderId);
  const can = boardCan(scope.access, board) as (permission: CommentPermission) => boolean;
  return { item, folder, can };
}

/** A live comment of the workspace on an item the caller sees; else 404. */
async function requireVisibleComment(scope: WriteScope, id: string) {
  const comment = await findCommentAnyState(scope.tx, scope.access.team.id, id);
  if (!comment || comment.deletedAt) throw new AppError('NOT_FOUND');
  return { comment, ...(await requireCommentedItem(scope, comment.itemId)) };
}

/** The text as stored: sanitised, not empty, within the limit, and the members it mentions. */
async function checkedText(scope: WriteScope, html: string): Promise<{ html: string; mentions: number[] }> {
  const clean = sanitiseHtml(html);
  if (isEmptyCommentHtml(clean)) throw invalidField('text.html', 'FIELD_REQUIRED');
  if (clean.length > MAX_COMMENT_HTML_LENGTH)
    throw invalidField('text.html', 'FIELD_TOO_LONG', { max: MAX_COMMENT_HTML_LENGTH });
  // Only the workspace's members count as mentioned; a mention of anyone else stays plain text.
  const named = mentionedUserIds(clean);
  const members = await findMemberIds(scope.tx, scope.access.team.id, named);
  return { html: clean, mentions: named.filter((id) => members.has(id)) };
}

/** The root comment a new reply attaches to: a live comment of the same item (a reply's root). */
async function replyParent(scope: WriteScope, parentId: string, itemId: string): Promise<string> {
  const parent = await findCommentAnyState(scope.tx, scope.access.team.id, parentId);
  if (!parent || parent.deletedAt || parent.itemId !== itemId)
    throw invalidField('parent_id', 'FIELD_INVALID');
  return replyRootId(parent);
}

/**
 * Creates (row_version 1, ADD_COMMENTS on the item's board) or edits (compare-and-set, the
 * author's alone) a comment on an item the caller sees. The text is sanitised and its mentions
 * read; a reply to a reply attaches to its root. The item and the parent are fixed once created.
 * A visitor's comment is kept with their name; no member may edit it (it can be deleted).
 */
export async function putComment(
  scope: WriteScope,
  id: string,
  body: SaveCommentBody,
  /** A new comment a visitor of a public board writes (in the name of the board's sharer). */
  visitor?: { name: string },
): Promise<Comment> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const existing = await findCommentAnyState(tx, teamId, id);
  if (existing?.deletedAt) throw new AppError('NOT_FOUND');
  if (existing && existing.itemId !== body.item_id) throw invalidField('item_id', 'FIELD_INVALID');
  const { item, folder, can } = await requireCommentedItem(scope, body.item_id);
  if (body.board_id !== item.boardId) throw invalidField('board_id', 'FIELD_INVALID');

  if (!existing) {
    if (body.row_version !== 1) throw new AppError('NOT_FOUND');
    if (!can('ADD_COMMENTS')) throw new AppError('FORBIDDEN');
    const parentId = body.parent_id ? await replyParent(scope, body.parent_id, item.id) : null;
    const text = await checkedText(scope, body.text.html);
    const [row] = await tx
      .insert(comments)
      .values({
        id,
        teamId,
        boardId: item.boardId,
        itemId: item.id,
        parentId,
        html: text.html,
        mentions: text.mentions,
        visitorName: visitor?.name ?? null,
        createdBy: user.id,
        // Milliseconds, as the list's cursor carries them.
        createdAt: now,
        updatedAt: now,
        rowVersion: 1,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) return conflict(scope, id);
    const count = await countOnItem(scope, item.id, 1);
    await announceComments(tx, 'comment.created', [{ row }], folder.id, user.id, count);
    return toComment(row, folder.id);
  }

  if (!mayEditComment(existing, user.id, can)) throw new AppError('FORBIDDEN');
  if (body.parent_id !== undefined) {
    const sameParent =
      body.parent_id === null
        ? existing.parentId === null
        : existing.parentId !== null &&
          (await replyParent(scope, body.parent_id, item.id)) === existing.parentId;
    if (!sameParent) throw invalidField('parent_id', 'FIELD_INVALID');
  }
  const text = await checkedText(scope, body.text.html);
  const [row] = await tx
    .update(comments)
    .set({
      html: text.html,
      mentions: text.mentions,
      editedAt: text.html === existing.html ? existing.editedAt : now,
      updatedAt: now,
      rowVersion: body.row_version,
    })
    .where(
      and(
        eq(comments.teamId, teamId),
        eq(comments.id, id),
        isNull(comments.deletedAt),
        eq(comments.rowVersion, body.row_version - 1),
      ),
    )
    .returning();
  if (!row) return conflict(scope, id);
  const reactions = (await findReactionSummaries(tx, teamId, [row.id])).get(row.id) ?? [];
  await announceComments(tx, 'comment.updated', [{ row, reactions }], folder.id, user.id);
  return toComment(row, folder.id, reactions);
}

/** A save that lost its compare-and-set: 409 with the server's copy, or 404 if the caller cannot see one. */
async function conflict(scope: WriteScope, id: string): Promise<never> {
  const current = await findCommentAnyState(scope.tx, scope.access.team.id, id);
  if (!current || current.deletedAt) throw new AppError('NOT_FOUND');
  const { folder } = await requireCommentedItem(scope, current.itemId);
  const reactions = (await findReactionSummaries(scope.tx, current.teamId, [current.id])).get(current.id);
  throw new AppError('CONFLICT', { current: toComment(current, folder.id, reactions) });
}

/** Deletes a comment (its author, or DELETE_COMMENTS); a root comment's replies go with it. */
export async function removeComment(scope: WriteScope, id: string): Promise<void> {
  const { tx, access, user, now } = scope;
  const { comment, folder, can } = await requireVisibleComment(scope, id);
  if (!mayDeleteComment(comment, user.id, can)) throw new AppError('FORBIDDEN');
  const rows = await tx
    .update(comments)
    .set({ deletedAt: now, updatedAt: now, rowVersion: sql`${comments.rowVersion} + 1` })
    .where(
      and(
        eq(comments.teamId, access.team.id),
        or(eq(comments.id, id), eq(comments.parentId, id)),
        isNull(comments.deletedAt),
      ),
    )
    .returning();
  if (!rows.some((row) => row.id === id)) throw new AppError('NOT_FOUND');
  const count = await countOnItem(scope, comment.itemId, -rows.length);
  await announceComments(
    tx,
    'comment.deleted',
    rows.map((row) => ({ row })),
    folder.id,
    user.id,
    count,
  );
}

/**
 * The item's comment count after a comment write (`delta` live comments more or fewer), noted as
 * a change of the item: delta sync and the kept folder lists then carry the new count, at the
 * same row_version (a local copy takes a server copy of an equal row_version from a list).
 */
async function countOnItem(scope: WriteScope, itemId: string, delta: number): Promise<number> {
  const teamId = scope.access.team.id;
  const count = await addToCommentsCount(scope.tx, teamId, itemId, delta);
  await noteChanges(scope.tx, teamId, [{ type: 'item', id: itemId }]);
  return count;
}

/** Pins a root comment to the top of its item's comments, or unpins it (PIN_COMMENTS). */
export async function pinComment(scope: WriteScope, id: string, pinned: boolean): Promise<Comment> {
  const { tx, access, user, now } = scope;
  const { comment, folder, can } = await requireVisibleComment(scope, id);
  if (!can('PIN_COMMENTS')) throw new AppError('FORBIDDEN');
  if (comment.parentId !== null) throw invalidField('pinned', 'FIELD_INVALID');
  const [row] = await tx
    .update(comments)
    .set({
      pinned,
      pinnedAt: pinned ? now : null,
      updatedAt: now,
      rowVersion: sql`${comments.rowVersion} + 1`,
    })
    .where(and(eq(comments.teamId, access.team.id), eq(comments.id, id), isNull(comments.deletedAt)))
    .returning();
  if (!row) throw new AppError('NOT_FOUND');
  const reactions = (await findReactionSummaries(tx, row.teamId, [row.id])).get(row.id) ?? [];
  await announceComments(tx, 'comment.updated', [{ row, reactions }], folder.id, user.id);
  return toComment(row, folder.id, reactions);
}

/**
 * Toggles the caller's reaction with one emoji on a comment (ADD_COMMENTS): added under the id
 * the client gave, or taken back if they had given it. Answers the comment's reactions after.
 */
export async function toggleReaction(
  scope: WriteScope,
  id: string,
  body: CommentReactionBody,
): Promise<z.infer<typeof commentReactionAnswer>> {
  const { tx, access, user, now } = scope;
  const teamId = access.team.id;
  const { comment, folder, can } = await requireVisibleComment(scope, body.comment_id);
  if (!can('ADD_COMMENTS')) throw new AppError('FORBIDDEN');
  const mine = and(
    eq(commentReactions.teamId, teamId),
    eq(commentReactions.commentId, comment.id),
    eq(commentReactions.userId, user.id),
    eq(commentReactions.reaction, body.reaction),
  );
  const [removed] = await tx.delete(commentReactions).where(mine).returning();
  let active = false;
  let reactionId = removed?.id ?? id;
  if (!removed) {
    const [added] = await tx
      .insert(commentReactions)
      .values({ id, teamId, commentId: comment.id, userId: user.id, reaction: body.reaction, createdAt: now })
      .onConflictDoNothing()
      .returning();
    if (!added) {
      // Another request of the caller's added the same reaction meanwhile: it stands.
      const [same] = await tx.select().from(commentReactions).where(mine).limit(1);
      if (!same) throw new AppError('CONFLICT');
      reactionId = same.id;
    }
    active = true;
  }
  const reactions = (await findReactionSummaries(tx, teamId, [comment.id])).get(comment.id) ?? [];
  await announceReaction(
    tx,
    active ? 'comment.reaction.created' : 'comment.reaction.deleted',
    { id: reactionId, reaction: body.reaction, userId: user.id },
    comment,
    folder.id,
    reactions,
  );
  return { active, comment_id: comment.id, reactions };
}

/**
 * The comments of up to 100 items the caller sees (others are left out, as if they had none):
 * root comments pinned first then newest first, `limit` per page after the cursor, each with its
 * replies oldest first and reactions; and the live comment count of each item.
 */
export async function listComments(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  itemIds: readonly string[];
  limit: number;
  after?: string;
}): Promise<CommentsPage> {
  const { ctx, teamId, limit } = options;
  const cursor = options.after === undefined ? undefined : decodeCommentCursor(options.after);
  if (cursor === null) throw invalidField('after', 'FIELD_INVALID');
  const access = await getTeamAccess(ctx, teamId, options.user);
  const db = ctx.db;
  const visible = await findVisibleItems(db, access, options.itemIds);
  const itemIds = [...visible.keys()];
  if (itemIds.length === 0) return { data: [], counts: {}, has_more: false, after: null };
  const { roots, replies, reactions, hasMore } = await findCommentsPage(db, teamId, itemIds, limit, cursor);
  const shape = (row: CommentRow) => toComment(row, visible.get(row.itemId)!.folderId, reactions.get(row.id));
  const repliesOf = new Map<string, CommentRow[]>();
  for (const reply of replies)
    repliesOf.set(reply.parentId!, [...(repliesOf.get(reply.parentId!) ?? []), reply]);
  const last = roots.at(-1);
  return {
    data: roots.map((root) => {
      const own = repliesOf.get(root.id) ?? [];
      return { ...shape(root), replies: own.map(shape), replies_count: own.length };
    }),
    counts: Object.fromEntries(itemIds.map((id) => [id, visible.get(id)!.count])),
    has_more: hasMore,
    after: hasMore && last ? encodeCommentCursor(last) : null,
  };
}
