import {
  activityPage,
  activityPaths,
  boardActivityParams,
  boardActivityQuery,
} from '@strata/contracts/activity';
import { commonErrorResponses } from '@strata/contracts/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { listBoardActivity } from './activity.service';

/** A board's activity log, or one item's (docs/activity.md). */
export function activityRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    activityPaths.boardActivity,
    {
      schema: {
        tags: ['activity'],
        params: boardActivityParams,
        querystring: boardActivityQuery,
        response: { 200: activityPage, ...commonErrorResponses },
      },
    },
    (request) =>
      listBoardActivity({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
        itemId: request.query.item_id,
        before: request.query.before,
        limit: request.query.limit,
      }),
  );
}
