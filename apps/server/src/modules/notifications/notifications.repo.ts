import { and, count, desc, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { type NotificationRow, notifications } from '../../db/schema/notifications';

/** Every query here is scoped by the recipient: another user's ids are simply not found. */

export interface Keyset {
  createdAt: Date;
  id: string;
}

export async function listNotifications(
  db: DbOrTx,
  userId: number,
  options: { after?: Keyset; unreadOnly: boolean; limit: number },
): Promise<NotificationRow[]> {
  const conditions: SQL[] = [eq(notifications.userId, userId)];
  if (options.unreadOnly) conditions.push(isNull(notifications.readAt));
  if (options.after) {
    conditions.push(
      sql`(${notifications.createdAt}, ${notifications.id}) < (${options.after.createdAt.toISOString()}::timestamptz, ${options.after.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(notifications)
    .where(and(...conditions))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.limit);
}

export async function countUnread(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.n ?? 0;
}

/** Marks the caller's unread notifications among `ids` read; answers how many changed. */
export async function markRead(db: DbOrTx, userId: number, ids: string[], now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks the caller's read notifications among `ids` unread; answers how many changed. */
export async function markUnread(db: DbOrTx, userId: number, ids: string[]): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: null })
    .where(
      and(eq(notifications.userId, userId), inArray(notifications.id, ids), isNotNull(notifications.readAt)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}

/** Marks the caller's unread notifications created at or before `upTo` read. */
export async function markAllRead(db: DbOrTx, userId: number, upTo: Date, now: Date): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ readAt: now })
    .where(
      and(eq(notifications.userId, userId), isNull(notifications.readAt), lte(notifications.createdAt, upTo)),
    )
    .returning({ id: notifications.id });
  return rows.length;
}
