import type { CommentReactionSummary } from '@strata/contracts/comments';
import { and, asc, desc, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { isAnyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared-once';
import { type CommentRow, commentReactions, comments } from '../../db/schema/comments';
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

/** The list's page query, with or without a cursor (placeholders: team, items, page size). */
function preparePage(db: DbOrTx, withCursor: boolean) {
  const limit = sql.placeholder('limit');
  const after = withCursor
    ? sql`(${comments.pinned}, ${comments.createdAt}, ${comments.id}) < (${sql.placeholder('afterPinned')}, ${sql.placeholder('afterCreatedAt')}::timestamptz, ${sql.placeholder('afterId')})`
    : undefined;
  // One root more than the page, to know whether another page follows.
  const page = db.$with('page').as(
    db
      .select({
        id: comments.id,
        place:
          sql<number>`(row_number() over (order by ${comments.pinned} desc, ${comments.createdAt} desc, ${comments.id} desc))::int`.as(
            'place',
          ),
      })
      .from(comments)
      .where(
        and(
          eq(comments.teamId, sql.placeholder('teamId')),
          isAnyOf(comments.itemId, sql.placeholder('itemIds')),
          isNull(comments.parentId),
          isNull(comments.deletedAt),
          after,
        ),
      )
      .orderBy(desc(comments.pinned), desc(comments.createdAt), desc(comments.id))
      .limit(sql.placeholder('limitAndOne')),
  );
  return db
    .with(page)
    .select({
      comment: comments,
      place: page.place,
      // [emoji, user id] in the order given.
      reactions: sql<[string, number][] | null>`(
        select json_agg(json_build_array(${commentReactions.reaction}, ${commentReactions.userId})
          order by ${commentReactions.createdAt}, ${commentReactions.id})
        from ${commentReactions}
        where ${commentReactions.teamId} = ${sql.placeholder('teamId')} and ${commentReactions.commentId} = ${comments.id})`,
    })
    .from(comments)
    .leftJoin(page, eq(page.id, comments.id))
    .where(
      and(
        eq(comments.teamId, sql.placeholder('teamId')),
        or(
          inArray(comments.id, db.select({ id: page.id }).from(page)),
          and(
            inArray(comments.parentId, db.select({ id: page.id }).from(page).where(lte(page.place, limit))),
            isNull(comments.deletedAt),
          ),
        ),
      ),
    )
    .orderBy(sql`${page.place} nulls last`, asc(comments.createdAt), asc(comments.id))
    .prepare(withCursor ? 'comments_page_after' : 'comments_page');
}

const pages = new WeakMap<DbOrTx, ReturnType<typeof preparePage>>();
const pagesAfter = new WeakMap<DbOrTx, ReturnType<typeof preparePage>>();

/**
 * One page of the list in one read: the live root comments of these items, pinned first, then
 * newest first (ties by id), from after `cursor` (`limit` of them, and whether more follow); the
 * live replies to those roots, oldest first; and the reactions of both (findReactionSummaries's
 * order). The list's three reads as one statement: each of them costs PGlite a parse and a plan.
 */
export async function findCommentsPage(
  db: DbOrTx,
  teamId: number,
  itemIds: readonly string[],
  limit: number,
  cursor?: CommentCursor,
) {
  const query = cursor
    ? preparedOnce(pagesAfter, db, () => preparePage(db, true))
    : preparedOnce(pages, db, () => preparePage(db, false));
  const rows = await query.execute({
    teamId,
    itemIds: [...itemIds],
    limit,
    limitAndOne: limit + 1,
    ...(cursor && {
      afterPinned: cursor.pinned,
      afterCreatedAt: cursor.createdAt.toISOString(),
      afterId: cursor.id,
    }),
  });
  const roots: CommentRow[] = [];
  const replies: CommentRow[] = [];
  const reactions = new Map<string, CommentReactionSummary[]>();
  for (const row of rows) {
    if (row.place === null) replies.push(row.comment);
    else if (row.place <= limit) roots.push(row.comment);
    else continue;
    reactions.set(
      row.comment.id,
      summarise((row.reactions ?? []).map(([reaction, userId]) => ({ reaction, userId }))),
    );
  }
  return { roots, replies, reactions, hasMore: rows.some((row) => row.place !== null && row.place > limit) };
}

/** Reactions in the order given, as a comment's summary: each emoji with its count and people. */
function summarise(rows: readonly { reaction: string; userId: number }[]): CommentReactionSummary[] {
  const list: CommentReactionSummary[] = [];
  for (const row of rows) {
    const summary = list.find((entry) => entry.reaction === row.reaction);
    if (summary) {
      summary.count += 1;
      summary.user_ids.push(row.userId);
    } else list.push({ reaction: row.reaction, count: 1, user_ids: [row.userId] });
  }
  return list;
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
    .where(and(eq(commentReactions.teamId, teamId), isAnyOf(commentReactions.commentId, commentIds)))
    .orderBy(asc(commentReactions.createdAt), asc(commentReactions.id));
  const byComment = new Map<string, typeof rows>();
  for (const row of rows) byComment.set(row.commentId, [...(byComment.get(row.commentId) ?? []), row]);
  for (const [commentId, given] of byComment) summaries.set(commentId, summarise(given));
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
