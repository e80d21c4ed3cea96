import { commonErrorResponses } from '@strata/contracts/common';
import { searchPage, searchPath, searchQuery } from '@strata/contracts/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { search } from './search.service';

/** `GET /api/search?q=&team_id=&limit=&after=` (docs/search.md). */
export function searchRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    searchPath,
    {
      schema: {
        tags: ['search'],
        querystring: searchQuery,
        response: { 200: searchPage, ...commonErrorResponses },
      },
    },
    (request) =>
      search({
        ctx,
        user: requireUser(request).user,
        teamId: request.query.team_id,
        q: request.query.q,
        limit: request.query.limit,
        after: request.query.after,
      }),
  );
}
