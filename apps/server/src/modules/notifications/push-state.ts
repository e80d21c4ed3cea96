import { AppError } from '@strata/domain/errors';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { notifications } from '../../db/schema/notifications';
import { isLinkSigned, signLink } from './link-signing';

const PURPOSE = 'push-state:v1';
/** A push is shown at the latest when its push service gives it up (PUSH_TTL_S, a day): an hour more. */
const CHECK_TTL_S = 25 * 60 * 60;

/** The capability a push carries to ask about its own notification: `{userId}.{expires}.{signature}`. */
export async function createPushCheck(
  ctx: AppContext,
  notificationId: string,
  userId: number,
): Promise<string> {
  const expiresAt = Math.floor(ctx.clock.now().getTime() / 1000) + CHECK_TTL_S;
  return `${userId}.${expiresAt}.${await signLink(ctx, PURPOSE, [notificationId, userId, expiresAt])}`;
}

const refused = () => new AppError('FORBIDDEN', { message: 'This push check is not valid or has expired.' });

/**
 * Whether a pushed notification is still unread, for the service worker (which has no session):
 * the push's own signed check is the permission, and answers for that one notification only. A
 * notification gone since counts as read (nothing to show).
 */
export async function getPushState(options: {
  ctx: AppContext;
  notificationId: string;
  check: string;
}): Promise<{ unread: boolean }> {
  const { ctx, notificationId } = options;
  const match = options.check.match(/^(\d{1,10})\.(\d{1,12})\.([\w-]{1,100})$/);
  if (!match) throw refused();
  const userId = Number(match[1]);
  const expiresAt = Number(match[2]);
  if (!(await isLinkSigned(ctx, PURPOSE, [notificationId, userId, expiresAt], match[3]!))) throw refused();
  if (expiresAt * 1000 < ctx.clock.now().getTime()) throw refused();
  const [row] = await ctx.db
    .select({ readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    .limit(1);
  return { unread: row !== undefined && row.readAt === null };
}
