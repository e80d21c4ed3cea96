import { randomUUID } from 'node:crypto';
import type { AddPublicComment, PublicComment, PublicComments } from '@strata/contracts/public-boards';
import { AppError } from '@strata/domain/errors';
import { inArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { CommentRow } from '../../db/schema/comments';
import type { ItemRow } from '../../db/schema/items';
import { users } from '../../db/schema/users';
import { sanitiseHtml } from '../../lib/html-sanitise';
import { findCommentsPage } from '../comments/comments.repo';
import { putComment } from '../comments/comments.service';
import { findItemAnyState } from '../items/items.repo';
import { runWrite } from '../records/write-scope';
import { requireVisitorId, visitorRightsIn } from './board-visitors';
import type { PublicBoardScope } from './public-board';
import { sharerOf, visitorFolder } from './visitor-writes';

/** The most root comments a visitor reads of one item (newest first, pinned before). */
const PUBLIC_COMMENTS_LIMIT = 100;

/** Links and files have no place in a comment read outside: a mention keeps its text alone. */
const OUTSIDE = { itemLinks: () => null, pageFiles: () => null };

/**
 * A live item of the board in a folder where visitors comment; anything else is 404, the same
 * answer as an item that does not exist (comments are opened to visitors board by board).
 */
async function commentedItem(ctx: AppContext, scope: PublicBoardScope, itemId: string): Promise<ItemRow> {
  const item = await findItemAnyState(ctx.db, scope.access.team.id, itemId);
  if (!item || item.deletedAt || item.boardId !== scope.board.id) throw new AppError('NOT_FOUND');
  if (!visitorRightsIn(scope, visitorFolder(scope, item.folderId).id).comment)
    throw new AppError('NOT_FOUND');
  return item;
}

const toPublicComment = (row: CommentRow) => ({
  id: row.id,
  parent_id: row.parentId,
  text: { html: sanitiseHtml(row.html, OUTSIDE) },
  pinned: row.pinned,
  created_by: row.createdBy,
  ...(row.visitorName === null ? {} : { visitor_name: row.visitorName }),
  created_at: row.createdAt.toISOString(),
  edited_at: row.editedAt?.toISOString() ?? null,
});

/**
 * GET .../items/{itemId}/comments: the item's comments for visitors where the board lets them
 * comment: root comments pinned first then newest first, each with its replies oldest first; the
 * members who wrote them by name only.
 */
export async function listVisitorComments(
  ctx: AppContext,
  scope: PublicBoardScope,
  itemId: string,
): Promise<PublicComments> {
  const teamId = scope.access.team.id;
  const item = await commentedItem(ctx, scope, itemId);
  const { roots, replies } = await findCommentsPage(ctx.db, teamId, [item.id], PUBLIC_COMMENTS_LIMIT);
  const authorIds = [...new Set([...roots, ...replies].map((row) => row.createdBy))].filter(
    (id): id is number => id !== null,
  );
  const members =
    authorIds.length === 0
      ? []
      : await ctx.db
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(inArray(users.id, authorIds));
  const comments: PublicComment[] = roots.map((root) => ({
    ...toPublicComment(root),
    replies: replies.filter((reply) => reply.parentId === root.id).map(toPublicComment),
  }));
  return { comments, members };
}

/**
 * POST .../items/{itemId}/comments: a visitor's comment, under the name they give, through the
 * comment write path in the name of the board's sharer (text sanitised, notifications as for
 * any comment, told as the visitor's).
 */
export async function addVisitorComment(options: {
  ctx: AppContext;
  scope: PublicBoardScope;
  itemId: string;
  visitorToken: string | undefined;
  body: AddPublicComment;
}): Promise<PublicComment> {
  const { ctx, scope, body } = options;
  const item = await commentedItem(ctx, scope, options.itemId);
  await requireVisitorId(ctx, scope, options.visitorToken);
  const sharer = await sharerOf(ctx, scope);
  const saved = await runWrite(ctx, sharer, scope.access.team.id, (writeScope) =>
    putComment(
      writeScope,
      randomUUID(),
      {
        text: body.text,
        board_id: item.boardId,
        item_id: item.id,
        parent_id: body.parent_id ?? null,
        row_version: 1,
      },
      { name: body.name },
    ),
  );
  return {
    id: saved.id,
    parent_id: saved.parent_id,
    text: { html: sanitiseHtml(saved.text.html, OUTSIDE) },
    pinned: saved.pinned,
    created_by: saved.created_by,
    visitor_name: body.name,
    created_at: saved.created_at,
    edited_at: saved.edited_at,
    replies: [],
  };
}
