import { commonErrorResponses } from '@strata/contracts/common';
import {
  notificationIdsBody,
  notificationPaths,
  notificationsPage,
  notificationsQuery,
  notificationsUpdatedResponse,
  readAllBody,
  unreadCountResponse,
} from '@strata/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { requireUser } from '../../http/authenticate';
import {
  getNotifications,
  getUnreadCount,
  readAllNotifications,
  readNotifications,
  unreadNotifications,
} from './notifications.service';

/** The caller's own notifications (spec section 7): no workspace id, every query by recipient. */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  r.get(
    notificationPaths.list,
    {
      schema: {
        tags,
        querystring: notificationsQuery,
        response: { 200: notificationsPage, ...commonErrorResponses },
      },
    },
    async (request) =>
      getNotifications({
        ctx,
        userId: requireUser(request).user.id,
        after: request.query.after,
        unreadOnly: request.query.unread,
        limit: request.query.limit,
      }),
  );
  r.get(
    notificationPaths.unreadCount,
    { schema: { tags, response: { 200: unreadCountResponse, ...commonErrorResponses } } },
    async (request) => getUnreadCount(ctx, requireUser(request).user.id),
  );
  r.put(
    notificationPaths.read,
    {
      schema: {
        tags,
        body: notificationIdsBody,
        response: { 200: notificationsUpdatedResponse, ...commonErrorResponses },
      },
    },
    async (request) => readNotifications(ctx, requireUser(request).user.id, request.body.notification_ids),
  );
  r.put(
    notificationPaths.unread,
    {
      schema: {
        tags,
        body: notificationIdsBody,
        response: { 200: notificationsUpdatedResponse, ...commonErrorResponses },
      },
    },
    async (request) => unreadNotifications(ctx, requireUser(request).user.id, request.body.notification_ids),
  );
  r.put(
    notificationPaths.readAll,
    {
      schema: {
        tags,
        body: readAllBody,
        response: { 200: notificationsUpdatedResponse, ...commonErrorResponses },
      },
    },
    async (request) => readAllNotifications(ctx, requireUser(request).user.id, request.body.read_at),
  );
}
