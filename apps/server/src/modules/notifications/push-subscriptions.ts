import type { PushSubscriptionJson } from '@strata/contracts/notifications';
import { AppError } from '@strata/domain/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

/** Whether `host` is one of the allowed push services or a subdomain of one. */
function isPushServiceHost(host: string, allowed: readonly string[]): boolean {
  return allowed.some((entry) => entry === '*' || host === entry || host.endsWith(`.${entry}`));
}

const invalidEndpoint = (message: string) =>
  new AppError('VALIDATION_FAILED', {
    errors: [{ path: 'token.endpoint', message, code: 'FIELD_INVALID' }],
  });

/**
 * Refuses an endpoint the server should not send to: anything but https to a known push service
 * (PUSH_SERVICE_HOSTS), or plain http on loopback when OUTGOING_ALLOW_LOOPBACK is on (tests and
 * development). The outgoing agent checks the address again when it connects.
 */
export function assertPushEndpoint(ctx: AppContext, endpoint: string): void {
  const url = new URL(endpoint);
  if (url.username || url.password) throw invalidEndpoint('endpoint may not carry a user name or password.');
  const host = url.hostname.toLowerCase();
  if (url.protocol === 'http:') {
    if (ctx.config.outgoingAllowLoopback && LOOPBACK_HOSTS.has(host)) return;
    throw invalidEndpoint('endpoint must be an https URL.');
  }
  if (ctx.config.outgoingAllowLoopback && LOOPBACK_HOSTS.has(host)) return;
  if (!isPushServiceHost(host, ctx.config.pushServiceHosts))
    throw invalidEndpoint(
      `endpoint must be on a browser push service (${ctx.config.pushServiceHosts.join(', ')}).`,
    );
}

/**
 * Saves the caller's device token. The endpoint is unique: saving it again refreshes its keys,
 * and a browser that signs in as someone else hands it over to them (it is that browser's
 * subscription, and only its current person should be told on it).
 */
export async function savePushSubscription(options: {
  ctx: AppContext;
  user: { id: number; guest: boolean };
  token: PushSubscriptionJson;
}): Promise<void> {
  const { ctx, token } = options;
  // Guest accounts get no push, as they get no real-time channels (spec section 6).
  if (options.user.guest)
    throw new AppError('FORBIDDEN', { message: 'Guest accounts do not get push notifications.' });
  assertPushEndpoint(ctx, token.endpoint);
  const userId = options.user.id;
  const now = ctx.clock.now();
  await ctx.db
    .insert(pushSubscriptions)
    .values({
      userId,
      endpoint: token.endpoint,
      p256dh: token.keys.p256dh,
      auth: token.keys.auth,
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: sql`excluded.p256dh`,
        auth: sql`excluded.auth`,
        // A new owner starts afresh.
        createdAt: sql`case when ${pushSubscriptions.userId} = excluded.user_id then ${pushSubscriptions.createdAt} else excluded.created_at end`,
      },
    });
}

/** Removes the caller's device token; another person's is never touched. */
export async function deletePushSubscription(options: {
  ctx: AppContext;
  userId: number;
  endpoint: string;
}): Promise<boolean> {
  const removed = await options.ctx.db
    .delete(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.userId, options.userId), eq(pushSubscriptions.endpoint, options.endpoint)),
    )
    .returning({ id: pushSubscriptions.id });
  return removed.length > 0;
}
