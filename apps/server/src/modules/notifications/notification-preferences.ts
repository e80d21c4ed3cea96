import { commonErrorResponses } from '@strata/contracts/common';
import {
  NOTIFICATION_TYPES,
  type NotificationPreference,
  type NotificationPreferenceChange,
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

/** A person's choices for every kind, defaults filled in (every kind mailed and pushed). */
export async function readNotificationPreferences(
  db: DbOrTx,
  userId: number,
): Promise<NotificationPreference[]> {
  const rows = await db
    .select({
      type: notificationPreferences.notificationType,
      email: notificationPreferences.email,
      push: notificationPreferences.push,
    })
    .from(notificationPreferences)
    .where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.type, row]));
  return NOTIFICATION_TYPES.map((type) => ({
    notification_type: type,
    email: chosen.get(type)?.email ?? true,
    push: chosen.get(type)?.push ?? true,
  }));
}

/** The kinds a person chose not to get on their devices. */
export async function findUnpushedTypes(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ type: notificationPreferences.notificationType })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.push, false)));
  return rows.map((row) => row.type);
}

/**
 * Saves changes to some kinds: what an entry leaves out (email or push) keeps its current value,
 * so every row is written whole from the person's current choices.
 */
export async function updateNotificationPreferences(options: {
  ctx: AppContext;
  userId: number;
  changes: readonly NotificationPreferenceChange[];
}): Promise<NotificationPreference[]> {
  const { ctx, userId, changes } = options;
  const now = ctx.clock.now();
  const current = new Map(
    (await readNotificationPreferences(ctx.db, userId)).map((entry) => [entry.notification_type, entry]),
  );
  await ctx.db
    .insert(notificationPreferences)
    .values(
      changes.map((change) => {
        const before = current.get(change.notification_type);
        return {
          userId,
          notificationType: change.notification_type,
          email: change.email ?? before?.email ?? true,
          push: change.push ?? before?.push ?? true,
          updatedAt: now,
        };
      }),
    )
    .onConflictDoUpdate({
      target: [notificationPreferences.userId, notificationPreferences.notificationType],
      set: { email: sql`excluded.email`, push: sql`excluded.push`, updatedAt: now },
    });
  return readNotificationPreferences(ctx.db, userId);
}

/** Turns mail off for every kind (the unsubscribe link of a notification mail). */
export async function turnOffAllNotificationMail(ctx: AppContext, userId: number): Promise<void> {
  await updateNotificationPreferences({
    ctx,
    userId,
    changes: NOTIFICATION_TYPES.map((type) => ({ notification_type: type, email: false })),
  });
}

/** The kinds a person chose not to get by mail. */
export async function findUnmailedTypes(db: DbOrTx, userId: number): Promise<string[]> {
  const rows = await db
    .select({ type: notificationPreferences.notificationType })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.userId, userId), eq(notificationPreferences.email, false)));
  return rows.map((row) => row.type);
}

/**
 * `GET` and `PUT /api/me/notification-preferences`: which kinds of notification are also mailed,
 * and which are pushed to the person's devices.
 */
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
    async (request) => ({
      preferences: await updateNotificationPreferences({
        ctx,
        userId: requireUser(request).user.id,
        changes: request.body.preferences,
      }),
    }),
  );
}
