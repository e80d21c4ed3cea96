import { commonErrorResponses } from '@strata/contracts/common';
import { accessQuery, accessResponse, permissionPaths } from '@strata/contracts/permissions';
import { AppError } from '@strata/domain/errors';
import { ACTIONS } from '@strata/domain/permissions/actions';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { getTeamAccess } from './team-access';

/**
 * GET /api/{teamId}/permissions/access: the caller's allowed actions on a resource. Workspaces
 * are the resources that exist so far; a resource that does not exist (or not in this
 * workspace) answers 404 like any foreign id.
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
      if (resource_type !== 'workspace' || resource_id !== String(teamId)) throw new AppError('NOT_FOUND');
      return {
        resource_type,
        resource_id,
        role: access.role,
        permissions: ACTIONS.filter((action) => access.can(action)),
      };
    },
  );
}
