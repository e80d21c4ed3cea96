import { commonErrorResponses } from '@strata/contracts/common';
import {
  NOTIFICATION_TYPES,
  type NotificationPreference,
  notificationPreferencesAnswer,
  notificationPreferencesBody,
  notificationPreferencesPath,
} from '@strata/contracts/notifications';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notificationPreferences } from '../../db/schema/notification-preferences';
import { requireUser } from '../../http/authenticate';

/** A person's choices for every kind, defaults filled in (every kind mailed). */
export async function readNotificationPreferences(
  db: DbOrTx,
  userId: number,
): Promise<NotificationPreference[]> {
  const rows = await db
    .select({ type: notificationPreferences.notificationType, email: notificationPreferences.email })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.type, row.email]));
  return NOTIFICATION_TYPES.map((type) => ({ notification_type: type, email: chosen.get(type) ?? true }));
}

/** The kinds a person chose not to get by mail. */
export async function findUnmailedTypes(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ type: notificationPreferences.notificationType })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.email, false)));
  return rows.map((row) => row.type);
}

/** `GET` and `PUT /api/me/notification-preferences`: which kinds of notification are also mailed. */
export function notificationPreferenceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  r.get(
    notificationPreferencesPath,
    { schema: { tags, response: { 200: notificationPreferencesAnswer, ...commonErrorResponses } } },
    async (request) => ({
      preferences: await readNotificationPreferences(ctx.db, requireUser(request).user.id),
    }),
  );
  r.put(
    notificationPreferencesPath,
    {
      schema: {
        tags,
        body: notificationPreferencesBody,
        response: { 200: notificationPreferencesAnswer, ...commonErrorResponses },
      },
    },
    async (request) => {
      const userId = requireUser(request).user.id;
      const now = ctx.clock.now();
      await ctx.db
        .insert(notificationPreferences)
        .values(
          request.body.preferences.map((entry) => ({
            userId,
            notificationType: entry.notification_type,
            email: entry.email,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [notificationPreferences.userId, notificationPreferences.notificationType],
          set: { email: sql`excluded.email`, updatedAt: now },
        });
      return { preferences: await readNotificationPreferences(ctx.db, userId) };
    },
  );
}
