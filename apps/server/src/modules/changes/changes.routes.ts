import { changePaths, changesQuery, changesResponse } from '@strata/contracts/changes';
import { commonErrorResponses } from '@strata/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { getChanges } from './changes.service';

const teamParams = z.object({ teamId: z.coerce.number().int().positive().max(2_147_483_647) });

/** GET /api/{teamId}/changes?since=N: delta sync of the workspace's records. */
export function changeRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    changePaths.changes,
    {
      schema: {
        tags: ['sync'],
        params: teamParams,
        querystring: changesQuery,
        response: { 200: changesResponse, ...commonErrorResponses },
      },
    },
    async (request) =>
      getChanges({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        since: request.query.since,
        limit: request.query.limit,
      }),
  );
}
