import type { CommentReactionSummary } from '@strata/contracts/comments';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { commentReactions, comments } from '../../db/schema/comments';
import { items } from '../../db/schema/items';

/** A comment of the workspace by id, deleted or not. */
export async function findCommentAnyState(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.teamId, teamId), eq(comments.id, id)))
    .limit(1);
  return row;
}

/** Where a page of root comments starts: after this one in the list's order. */
export interface CommentCursor {
  pinned: boolean;
  createdAt: Date;
  id: string;
}

/**
 * Live root comments of these items, pinned first, then newest first (ties by id), from after
 * `cursor`: `limit` of them.
 */
export function findRootComments(
  db: DbOrTx,
  teamId: number,
  itemIds: readonly string[],
  limit: number,
  cursor?: CommentCursor,
) {
  const after: SQL | undefined = cursor
    ? sql`(${comments.pinned}, ${comments.createdAt}, ${comments.id}) < (${cursor.pinned}, ${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id})`
    : undefined;
  return db
    .select()
    .from(comments)
    .where(
      and(
        eq(comments.teamId, teamId),
        inArray(comments.itemId, [...itemIds]),
        isNull(comments.parentId),
        isNull(comments.deletedAt),
        after,
      ),
    )
    .orderBy(desc(comments.pinned), desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

/** Live replies to these root comments, oldest first. */
export function findReplies(db: DbOrTx, teamId: number, rootIds: readonly string[]) {
  if (rootIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(comments)
    .where(
      and(eq(comments.teamId, teamId), inArray(comments.parentId, [...rootIds]), isNull(comments.deletedAt)),
    )
    .orderBy(asc(comments.createdAt), asc(comments.id));
}

/** Live comments (replies included) per item. */
export async function countComments(
  db: DbOrTx,
  teamId: number,
  itemIds: readonly string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const rows = await db
    .select({ itemId: comments.itemId, n: sql<number>`count(*)::int` })
    .from(comments)
    .where(
      and(eq(comments.teamId, teamId), inArray(comments.itemId, [...itemIds]), isNull(comments.deletedAt)),
    )
    .groupBy(comments.itemId);
  return new Map(rows.map((row) => [row.itemId, row.n]));
}

/**
 * The reactions of these comments, per comment: each emoji with its count and who reacted, emoji
 * in the order they were first given and people in the order they reacted.
 */
export async function findReactionSummaries(
  db: DbOrTx,
  teamId: number,
  commentIds: readonly string[],
): Promise<Map<string, CommentReactionSummary[]>> {
  const summaries = new Map<string, CommentReactionSummary[]>();
  if (commentIds.length === 0) return summaries;
  const rows = await db
    .select({
      commentId: commentReactions.commentId,
      reaction: commentReactions.reaction,
      userId: commentReactions.userId,
    })
    .from(commentReactions)
    .where(and(eq(commentReactions.teamId, teamId), inArray(commentReactions.commentId, [...commentIds])))
    .orderBy(asc(commentReactions.createdAt), asc(commentReactions.id));
  for (const row of rows) {
    const list = summaries.get(row.commentId) ?? [];
    const summary = list.find((entry) => entry.reaction === row.reaction);
    if (summary) {
      summary.count += 1;
      summary.user_ids.push(row.userId);
    } else list.push({ reaction: row.reaction, count: 1, user_ids: [row.userId] });
    summaries.set(row.commentId, list);
  }
  return summaries;
}

/**
 * Adds `delta` to the item's count of live comments, in the comment write's transaction, and
 * answers the count after it. The item's row_version and updated_at stay (docs/comments.md).
 */
export async function addToCommentsCount(
  tx: DbOrTx,
  teamId: number,
  itemId: string,
  delta: number,
): Promise<number> {
  const [row] = await tx
    .update(items)
    .set({ commentsCount: sql`greatest(0, ${items.commentsCount} + ${delta})` })
    .where(and(eq(items.teamId, teamId), eq(items.id, itemId)))
    .returning({ count: items.commentsCount });
  return row?.count ?? 0;
}
