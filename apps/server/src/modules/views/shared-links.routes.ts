import { teamParams } from '@strata/contracts/boards';
import { commonErrorResponses } from '@strata/contracts/common';
import { sharedLinksPath, sharedLinksResponse } from '@strata/contracts/shared-links';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { getTeamAccess } from '../teams/team-access';
import { listSharedLinks } from './shared-links';

/** GET /api/{teamId}/shared-links: what of the workspace is open to anyone (shared-links.ts). */
export function sharedLinkRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    sharedLinksPath,
    {
      schema: {
        tags: ['views'],
        params: teamParams,
        response: { 200: sharedLinksResponse, ...commonErrorResponses },
      },
    },
    async (request) => {
      const access = await getTeamAccess(ctx, request.params.teamId, requireUser(request).user);
      return { data: await listSharedLinks(ctx, access) };
    },
  );
}
