import { commonErrorResponses } from '@strata/contracts/common';
import {
  deviceTokenBody,
  deviceTokenDeleteBody,
  deviceTokenRemovedAnswer,
  deviceTokenSavedAnswer,
  pushKeyAnswer,
  pushPaths,
  pushStateAnswer,
  pushStateQuery,
} from '@strata/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import { authRateLimit } from '../../http/security';
import { getVapidKeys } from './push-keys';
import { getPushState } from './push-state';
import { deletePushSubscription, savePushSubscription } from './push-subscriptions';

/**
 * The caller's device tokens (spec section 7), the key browsers subscribe with, and the service
 * worker's check that a pushed notification is still unread.
 */
export function pushSubscriptionRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  r.get(
    pushPaths.publicKey,
    { schema: { tags, response: { 200: pushKeyAnswer, ...commonErrorResponses } } },
    async (request) => {
      requireUser(request);
      return { public_key: (await getVapidKeys(ctx)).publicKey };
    },
  );
  r.get(
    pushPaths.state,
    {
      // The service worker has no session: the push's signed check is the permission.
      config: { auth: 'public', rateLimit: authRateLimit(ctx.config) },
      schema: {
        tags,
        querystring: pushStateQuery,
        response: { 200: pushStateAnswer, ...commonErrorResponses },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getPushState({ ctx, notificationId: request.query.id, check: request.query.check });
    },
  );
  r.post(
    pushPaths.deviceTokens,
    {
      schema: {
        tags,
        body: deviceTokenBody,
        response: { 200: deviceTokenSavedAnswer, ...commonErrorResponses },
      },
    },
    async (request) => {
      await savePushSubscription({ ctx, user: requireUser(request).user, token: request.body.token });
      return { ok: true as const };
    },
  );
  r.delete(
    pushPaths.deviceTokens,
    {
      schema: {
        tags,
        body: deviceTokenDeleteBody,
        response: { 200: deviceTokenRemovedAnswer, ...commonErrorResponses },
      },
    },
    async (request) => ({
      ok: true as const,
      removed: await deletePushSubscription({
        ctx,
        userId: requireUser(request).user.id,
        endpoint: request.body.token.endpoint,
      }),
    }),
  );
}
