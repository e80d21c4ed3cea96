import { and, asc, eq, inArray, isNull, lte, notInArray } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { notifications } from '../../db/schema/notifications';
import { users } from '../../db/schema/users';
import { queueMail } from '../../mail/mail';
import { notificationDigestMail } from '../../mail/notification-mail';
import { findUnmailedTypes } from './notification-preferences';
import { createUnsubscribeUrl } from './unsubscribe-link';

export const NOTIFICATION_EMAIL_JOB = 'notifications.email';

/** Notifications in one mail at most; more wait for the next. */
export const NOTIFICATIONS_PER_MAIL = 50;

/**
 * After a notification is written, its recipient's mail is due once the delay has passed
 * (NOTIFICATION_EMAIL_DELAY_S): enqueued in the writer's transaction.
 */
export function scheduleNotificationEmails(ctx: AppContext, tx: DbOrTx, userIds: readonly number[]) {
  const startAfterSeconds = ctx.config.notificationEmailDelayS;
  const people = [...new Set(userIds)];
  // One job for a batch of recipients (a comment 200 people follow is one row, not 200).
  const jobs: EmailJob[] = [];
  for (let start = 0; start < people.length; start += EMAIL_JOB_PEOPLE)
    jobs.push({ userIds: people.slice(start, start + EMAIL_JOB_PEOPLE) });
  return ctx.jobs.enqueueMany(tx, NOTIFICATION_EMAIL_JOB, jobs, { startAfterSeconds });
}

/** At most this many recipients in one mail job. */
const EMAIL_JOB_PEOPLE = 500;

/** A mail job: the people whose due mail it sends (`userId`: one, as jobs queued before batches). */
type EmailJob = { userIds: number[] } | { userId: number };

/**
 * The due mail of one person: their notifications still unread and not mailed yet, all of them
 * in one mail (a burst of activity within the delay becomes one digest), in their language. The
 * rows are claimed (emailed_at) in the transaction that queues the mail, so two runs never mail
 * one notification twice; notifications read meanwhile, and kinds the person chose not to get by
 * mail, are never mailed. No verified address: none.
 */
export async function mailUnreadNotifications(ctx: AppContext, userId: number): Promise<number> {
  const [user] = await ctx.db
    .select({ email: users.email, name: users.name, locale: users.locale, verified: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.verified) return 0;
  const now = ctx.clock.now();
  // Kinds the person chose not to get by mail stay in the bell only.
  const unmailed = await findUnmailedTypes(ctx.db, userId);
  const unsubscribeUrl = await createUnsubscribeUrl(ctx, userId);
  return ctx.db.transaction(async (tx) => {
    const due = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          isNull(notifications.emailedAt),
          lte(notifications.createdAt, now),
          unmailed.length > 0 ? notInArray(notifications.notificationType, unmailed) : undefined,
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(NOTIFICATIONS_PER_MAIL);
    if (due.length === 0) return 0;
    const rows = await tx
      .update(notifications)
      .set({ emailedAt: now })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.emailedAt),
          inArray(
            notifications.id,
            due.map((row) => row.id),
          ),
        ),
      )
      .returning();
    if (rows.length === 0) return 0;
    rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
    await queueMail(
      ctx.jobs,
      tx,
      notificationDigestMail({
        to: user.email,
        name: user.name,
        locale: user.locale,
        appName: ctx.config.appName,
        appUrl: ctx.config.appUrl,
        delayMinutes: Math.max(1, Math.round(ctx.config.notificationEmailDelayS / 60)),
        rows,
        unsubscribeUrl,
      }),
    );
    return rows.length;
  });
}

export function registerNotificationEmail(ctx: AppContext): void {
  ctx.jobs.register<EmailJob>({
    name: NOTIFICATION_EMAIL_JOB,
    retryLimit: 5,
    handler: async (job) => {
      const userIds = 'userIds' in job ? job.userIds : [job.userId];
      // Each person apart: one failure does not keep the others' mail; the job then fails and is
      // retried, and those already mailed have nothing due any more (their rows are claimed).
      const failures: unknown[] = [];
      for (const userId of userIds)
        await mailUnreadNotifications(ctx, userId).catch((error: unknown) => failures.push(error));
      if (failures.length > 0) throw failures[0];
    },
  });
}
