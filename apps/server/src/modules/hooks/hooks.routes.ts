import { commonErrorResponses } from '@strata/contracts/common';
import {
  boardHooksParams,
  deletedHookSchema,
  deliveryParams,
  hookLogsPageSchema,
  hookLogsQuery,
  hookParams,
  hookPaths,
  hookSchema,
  hookTestResultSchema,
  myHookSchema,
  patchHookBody,
  redeliverResultSchema,
  replayHookBody,
  replayResultSchema,
  saveHookBody,
} from '@strata/contracts/hooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { listHookLogs, redeliver, replay, testHook } from './hook-logs';
import { listBoardHooks, listMyHooks, patchHook, putHook, removeHook } from './hooks.service';

/** Boards' webhooks, their logs, test, redelivery and replay (docs/webhooks.md; spec section 7, Hooks). */
export function hookRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['hooks'];
  const caller = (
    request: { params: { teamId: number; id: string } },
    user: ReturnType<typeof requireUser>['user'],
  ) => ({
    ctx,
    user,
    teamId: request.params.teamId,
    id: request.params.id,
  });
  r.get(
    hookPaths.myHooks,
    { schema: { tags, response: { 200: z.array(myHookSchema), ...commonErrorResponses } } },
    (request) => listMyHooks(ctx, requireUser(request).user),
  );
  r.get(
    hookPaths.boardHooks,
    {
      schema: {
        tags,
        params: boardHooksParams,
        response: { 200: z.array(hookSchema), ...commonErrorResponses },
      },
    },
    (request) =>
      listBoardHooks({
        ctx,
        user: requireUser(request).user,
        teamId: request.params.teamId,
        boardId: request.params.boardId,
      }),
  );
  r.put(
    hookPaths.hook,
    {
      schema: {
        tags,
        params: hookParams,
        body: saveHookBody,
        response: { 200: hookSchema, ...commonErrorResponses },
      },
    },
    (request) => putHook({ ...caller(request, requireUser(request).user), body: request.body }),
  );
  r.patch(
    hookPaths.hook,
    {
      schema: {
        tags,
        params: hookParams,
        body: patchHookBody,
        response: { 200: hookSchema, ...commonErrorResponses },
      },
    },
    (request) => patchHook({ ...caller(request, requireUser(request).user), body: request.body }),
  );
  r.delete(
    hookPaths.hook,
    { schema: { tags, params: hookParams, response: { 200: deletedHookSchema, ...commonErrorResponses } } },
    async (request) => {
      await removeHook(caller(request, requireUser(request).user));
      return { id: request.params.id, object: 'hook' as const, deleted: true as const };
    },
  );
  r.get(
    hookPaths.logs,
    {
      schema: {
        tags,
        params: hookParams,
        querystring: hookLogsQuery,
        response: { 200: hookLogsPageSchema, ...commonErrorResponses },
      },
    },
    (request) => listHookLogs(caller(request, requireUser(request).user), request.query),
  );
  r.post(
    hookPaths.test,
    {
      schema: { tags, params: hookParams, response: { 200: hookTestResultSchema, ...commonErrorResponses } },
    },
    (request) => testHook(caller(request, requireUser(request).user)),
  );
  r.post(
    hookPaths.redeliver,
    {
      schema: {
        tags,
        params: deliveryParams,
        response: { 202: redeliverResultSchema, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      const result = await redeliver(caller(request, requireUser(request).user), request.params.deliveryId);
      return reply.code(202).send(result);
    },
  );
  r.post(
    hookPaths.replay,
    {
      schema: {
        tags,
        params: hookParams,
        body: replayHookBody,
        response: { 200: replayResultSchema, ...commonErrorResponses },
      },
    },
    (request) => replay(caller(request, requireUser(request).user), new Date(request.body.since)),
  );
}
