import { AppError } from '@strata/domain/errors';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { activityLog } from '../../db/schema/activity';
import { boardVisitors, visitorItems } from '../../db/schema/board-visitors';
import { hashToken, randomToken } from '../../lib/tokens';
import { folderCan } from '../boards/folder-access';
import type { PublicBoardScope } from './public-board';

/** What a visitor may do in one folder of a public board besides viewing it. */
export interface VisitorRightsInFolder {
  create: boolean;
  edit: 'none' | 'own' | 'all';
  /** Read the items' comments and add their own. */
  comment: boolean;
}

/**
 * The visitor's rights in a folder they see, as the permission engine judges the guest user there
 * (the board's sharing writes them as guest-user keys: docs/public-boards.md).
 */
export function visitorRightsIn(scope: PublicBoardScope, folderId: string): VisitorRightsInFolder {
  const { can } = folderCan(scope.access, scope.board, folderId, scope.boardFolders);
  return {
    create: can('CREATE_ITEMS'),
    edit: can('EDIT_ALL_ITEMS') ? 'all' : can('EDIT_OWN_ITEMS') ? 'own' : 'none',
    comment: can('ADD_COMMENTS'),
  };
}

/** A new visitor of the board: the token is answered once and kept only as its hash. */
export async function createVisitor(ctx: AppContext, scope: PublicBoardScope): Promise<string> {
  const token = randomToken();
  await ctx.db.insert(boardVisitors).values({
    teamId: scope.access.team.id,
    boardId: scope.board.id,
    tokenHash: hashToken(token),
    createdAt: ctx.clock.now(),
  });
  return token;
}

/** The visitor of this board a token names, or null (no token, unknown, or another board's). */
export async function findVisitorId(
  ctx: AppContext,
  scope: PublicBoardScope,
  token: string | undefined,
): Promise<string | null> {
  if (!token || token.length > 100) return null;
  const [row] = await ctx.db
    .select({ id: boardVisitors.id })
    .from(boardVisitors)
    .where(
      and(
        eq(boardVisitors.teamId, scope.access.team.id),
        eq(boardVisitors.boardId, scope.board.id),
        eq(boardVisitors.tokenHash, hashToken(token)),
      ),
    )
    .limit(1);
  return row?.id ?? null;
}

/** A write needs a known visitor: 403 without one (the client makes itself known first). */
export async function requireVisitorId(
  ctx: AppContext,
  scope: PublicBoardScope,
  token: string | undefined,
): Promise<string> {
  const id = await findVisitorId(ctx, scope, token);
  if (!id) throw new AppError('FORBIDDEN');
  return id;
}

/** Of these items, those the visitor added. */
export async function findOwnItemIds(
  db: DbOrTx,
  teamId: number,
  visitorId: string | null,
  itemIds: readonly string[],
): Promise<string[]> {
  if (!visitorId || itemIds.length === 0) return [];
  const rows = await db
    .select({ itemId: visitorItems.itemId })
    .from(visitorItems)
    .where(
      and(
        eq(visitorItems.teamId, teamId),
        eq(visitorItems.visitorId, visitorId),
        inArray(visitorItems.itemId, [...itemIds]),
      ),
    );
  return rows.map((row) => row.itemId);
}

/** Notes an item as the visitor's own. */
export async function noteVisitorItem(tx: DbOrTx, teamId: number, itemId: string, visitorId: string) {
  await tx.insert(visitorItems).values({ teamId, itemId, visitorId });
}

/**
 * The activity the visitor's write just recorded (by the board's sharer, who writes for visitors)
 * is told as a visitor's: no one named, `visitor: true` in its changes. Those rows are this
 * transaction's: the item's, by the sharer, at the write's instant.
 */
export async function markVisitorActivity(
  tx: DbOrTx,
  write: { teamId: number; itemId: string; actorId: number; at: Date },
): Promise<void> {
  await tx
    .update(activityLog)
    .set({ userId: null, changes: sql`${activityLog.changes} || '{"visitor":true}'::jsonb` })
    .where(
      and(
        eq(activityLog.teamId, write.teamId),
        eq(activityLog.itemId, write.itemId),
        eq(activityLog.userId, write.actorId),
        eq(activityLog.createdAt, write.at),
      ),
    );
}
