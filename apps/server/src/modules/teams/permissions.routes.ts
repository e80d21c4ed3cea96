import { commonErrorResponses } from '@strata/contracts/common';
import { accessQuery, accessResponse, permissionPaths } from '@strata/contracts/permissions';
import { AppError } from '@strata/domain/errors';
import { ACTIONS, type Action } from '@strata/domain/permissions/actions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { boardCan } from '../boards/board-access';
import { requireListedBoard } from '../boards/boards.service';
import { getTeamAccess } from './team-access';

/**
 * GET /api/{teamId}/permissions/access: the caller's allowed actions on a resource: the
 * workspace, or a board they see (with the board's privacy and record). A resource that does not
 * exist (or not in this workspace, or a board they do not see) answers 404 like any foreign id.
 */
export function permissionRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    permissionPaths.access,
    {
      schema: {
        tags: ['permissions'],
        params: z.object({ teamId: z.coerce.number().int().positive().max(2_147_483_647) }),
        querystring: accessQuery,
        response: { 200: accessResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const { teamId } = request.params;
      const { resource_type, resource_id } = request.query;
      const access = await getTeamAccess(ctx, teamId, requireUser(request).user);
      const answer = (can: (action: Action) => boolean) => ({
        resource_type,
        resource_id,
        role: access.role,
        permissions: ACTIONS.filter((action) => can(action)),
      });
      if (resource_type === 'board')
        return answer(boardCan(access, await requireListedBoard(ctx.db, access, resource_id)));
      if (resource_type !== 'workspace' || resource_id !== String(teamId)) throw new AppError('NOT_FOUND');
      return answer(access.can);
    },
  );
}
