import type { PushPayload } from '@strata/contracts/notifications';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppContext } from '../../context';
import { isAnyOf } from '../../db/any-of';
import type { DbOrTx } from '../../db/client';
import { type NotificationRow, notifications } from '../../db/schema/notifications';
import { type PushSubscriptionRow, pushSubscriptions } from '../../db/schema/push-subscriptions';
import { users } from '../../db/schema/users';
import { redactedUrl, sendOutgoing } from '../../lib/outgoing-agent';
import { notificationSentence, notificationUrl } from '../../mail/notification-mail';
import { findUnpushedTypes } from './notification-preferences';
import { getVapidKeys } from './push-keys';
import { createPushCheck } from './push-state';

export const NOTIFICATION_PUSH_JOB = 'notifications.push';

/** How long a push service keeps a push for a device that is away (seconds). */
export const PUSH_TTL_S = 24 * 60 * 60;
const PUSH_TIMEOUT_MS = 10_000;
/** Push services take about 4 KB of payload: the texts are cut well below. */
const PUSH_TEXT_MAX = 300;

interface PushJob {
  userId: number;
  notificationIds: string[];
}

const cut = (text: string) => (text.length > PUSH_TEXT_MAX ? `${text.slice(0, PUSH_TEXT_MAX - 1)}…` : text);

/**
 * In the writer's transaction: one push job per recipient who has a device (a person without one
 * costs no job). Wake NOTIFICATION_PUSH_JOB after the commit.
 */
export async function schedulePushNotifications(
  ctx: AppContext,
  tx: DbOrTx,
  rows: readonly NotificationRow[],
): Promise<number> {
  if (rows.length === 0) return 0;
  const userIds = [...new Set(rows.map((row) => row.userId))];
  const withDevices = await tx
    .selectDistinct({ userId: pushSubscriptions.userId })
    .from(pushSubscriptions)
    .where(isAnyOf(pushSubscriptions.userId, userIds));
  const jobs: PushJob[] = withDevices.map(({ userId }) => ({
    userId,
    notificationIds: rows.filter((row) => row.userId === userId).map((row) => row.id),
  }));
  await ctx.jobs.enqueueMany(tx, NOTIFICATION_PUSH_JOB, jobs);
  return jobs.length;
}

/** What a notification's push says, in the recipient's language (the mail's sentences). */
export function pushPayload(
  appUrl: string,
  locale: string,
  row: NotificationRow,
  check: string,
): PushPayload {
  const d = row.data ?? {};
  const detail =
    typeof d.body === 'string' && d.body ? d.body : typeof d.board_name === 'string' ? d.board_name : '';
  return {
    id: row.id,
    title: cut(notificationSentence(locale, row)),
    body: cut(detail),
    url: notificationUrl(appUrl, row),
    check,
  };
}

type Delivery = 'sent' | 'gone' | 'failed';

/** One push to one device through the SSRF guard; 404 and 410 (the subscription is gone) delete it. */
async function pushToDevice(
  ctx: AppContext,
  device: PushSubscriptionRow,
  payload: PushPayload,
): Promise<Delivery> {
  const keys = await getVapidKeys(ctx);
  try {
    const details = webpush.generateRequestDetails(
      { endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: ctx.config.vapidSubject, ...keys },
        TTL: PUSH_TTL_S,
        contentEncoding: 'aes128gcm',
      },
    );
    const answer = await sendOutgoing({
      url: details.endpoint,
      method: 'POST',
      headers: details.headers as Record<string, string | number>,
      body: details.body ?? undefined,
      timeoutMs: PUSH_TIMEOUT_MS,
      policy: { allowLoopback: ctx.config.outgoingAllowLoopback },
    });
    if (answer.status === 404 || answer.status === 410) {
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id));
      return 'gone';
    }
    if (answer.status < 200 || answer.status > 299) {
      ctx.log.warn({ endpoint: redactedUrl(device.endpoint), status: answer.status }, 'push refused');
      return 'failed';
    }
    await ctx.db
      .update(pushSubscriptions)
      .set({ lastUsedAt: ctx.clock.now() })
      .where(eq(pushSubscriptions.id, device.id));
    return 'sent';
  } catch (error) {
    // Never the whole endpoint or the keys: the endpoint is a bearer capability.
    const reason = error instanceof Error ? error.message : String(error);
    ctx.log.warn({ endpoint: redactedUrl(device.endpoint), reason }, 'push failed');
    return 'failed';
  }
}

/**
 * Pushes a person's new notifications to each of their devices, unless already read or of a kind
 * they turned push off for. Best effort, like the push services themselves: a device that fails
 * is logged and not retried (the bell and the mail still tell); one the push service says is gone
 * is forgotten.
 */
export async function pushNotifications(ctx: AppContext, job: PushJob): Promise<Delivery[]> {
  const devices = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, job.userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
  if (devices.length === 0 || job.notificationIds.length === 0) return [];
  const unpushed = new Set(await findUnpushedTypes(ctx.db, job.userId));
  const rows = (
    await ctx.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, job.userId),
          inArray(notifications.id, job.notificationIds),
          isNull(notifications.readAt),
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
  ).filter((row) => !unpushed.has(row.notificationType));
  if (rows.length === 0) return [];
  const [user] = await ctx.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, job.userId))
    .limit(1);
  const results: Delivery[] = [];
  const gone = new Set<string>();
  for (const row of rows) {
    const check = await createPushCheck(ctx, row.id, job.userId);
    const payload = pushPayload(ctx.config.appUrl, user?.locale ?? '', row, check);
    const live = devices.filter((device) => !gone.has(device.id));
    const sent = await Promise.all(live.map((device) => pushToDevice(ctx, device, payload)));
    live.forEach((device, i) => {
      if (sent[i] === 'gone') gone.add(device.id);
    });
    results.push(...sent);
  }
  return results;
}

export function registerNotificationPush(ctx: AppContext): void {
  ctx.jobs.register<PushJob>({
    name: NOTIFICATION_PUSH_JOB,
    retryLimit: 2,
    handler: async (job) => {
      await pushNotifications(ctx, job);
    },
  });
}
