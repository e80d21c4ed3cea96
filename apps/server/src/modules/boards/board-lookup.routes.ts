import { boardLookupParams, boardLookupPaths } from '@strata/contracts/board-lookup';
import { boardSchema } from '@strata/contracts/boards';
import { commonErrorResponses } from '@strata/contracts/common';
import { AppError } from '@strata/domain/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { boards } from '../../db/schema/boards';
import { teamMembers } from '../../db/schema/teams';
import type { UserRow } from '../../db/schema/users';
import { requireUser } from '../../http/authenticate';
import { getTeamAccess } from '../teams/team-access';
import { requireListedBoard } from './boards.service';
import { toBoard } from './boards.shapes';

/**
 * The workspace of a live board among the user's own workspaces. Scoped by membership in the
 * query itself: another tenant's board id finds nothing, exactly like an id that does not exist.
 */
async function findBoardTeamOfMember(ctx: AppContext, boardId: string, userId: number) {
  const [row] = await ctx.db
    .select({ teamId: boards.teamId })
    .from(boards)
    .innerJoin(teamMembers, and(eq(teamMembers.teamId, boards.teamId), eq(teamMembers.userId, userId)))
    .where(and(eq(boards.id, boardId), isNull(boards.deletedAt)))
    .limit(1);
  return row?.teamId;
}

/**
 * A board the user sees, found by its id alone (the board page's address has no workspace id).
 * Not a member of its workspace, a private board they are not on, a deleted board: all 404.
 */
export async function getBoardById(options: { ctx: AppContext; user: UserRow; boardId: string }) {
  const { ctx, user, boardId } = options;
  const teamId = await findBoardTeamOfMember(ctx, boardId, user.id);
  if (teamId === undefined) throw new AppError('NOT_FOUND');
  const access = await getTeamAccess(ctx, teamId, user);
  return toBoard(await requireListedBoard(ctx.db, access, boardId));
}

/** GET /api/boards/{boardId}: the board, with its team_id, for the board page. */
export function boardLookupRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    boardLookupPaths.board,
    {
      schema: {
        tags: ['boards'],
        params: boardLookupParams,
        response: { 200: boardSchema, ...commonErrorResponses },
      },
    },
    async (request) =>
      getBoardById({ ctx, user: requireUser(request).user, boardId: request.params.boardId }),
  );
}
