import { unsubscribePath } from '@strata/contracts/notifications';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema/users';
import { isLinkSigned, signLink } from './link-signing';

/** How long the link of a notification mail works: well past the 30 days mail law asks for. */
export const UNSUBSCRIBE_LINK_TTL_S = 90 * 24 * 60 * 60;

const PURPOSE = 'unsubscribe:v1';

/** The anonymous link that turns a person's notification mail off, valid UNSUBSCRIBE_LINK_TTL_S. */
export async function createUnsubscribeUrl(ctx: AppContext, userId: number): Promise<string> {
  const expiresAt = Math.floor(ctx.clock.now().getTime() / 1000) + UNSUBSCRIBE_LINK_TTL_S;
  const s = await signLink(ctx, PURPOSE, [userId, expiresAt]);
  const query = new URLSearchParams({ u: String(userId), e: String(expiresAt), s });
  return `${ctx.config.appUrl}${unsubscribePath}?${query}`;
}

export type UnsubscribeCheck =
  | { ok: true; userId: number; locale: string }
  | { ok: false; reason: 'invalid' | 'expired' };

/**
 * Whether a link's query was signed by this server (compared in constant time) and has not
 * expired. The signature is checked first: a changed expiry is as invalid as a changed person.
 */
export async function checkUnsubscribeLink(
  ctx: AppContext,
  query: { u?: string; e?: string; s?: string },
): Promise<UnsubscribeCheck> {
  const invalid = { ok: false, reason: 'invalid' } as const;
  if (!query.u || !query.e || !query.s || !/^\d{1,10}$/.test(query.u) || !/^\d{1,12}$/.test(query.e))
    return invalid;
  const userId = Number(query.u);
  const expiresAt = Number(query.e);
  if (!(await isLinkSigned(ctx, PURPOSE, [userId, expiresAt], query.s))) return invalid;
  if (expiresAt * 1000 < ctx.clock.now().getTime()) return { ok: false, reason: 'expired' };
  const [user] = await ctx.db
    .select({ locale: users.locale })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ? { ok: true, userId, locale: user.locale } : invalid;
}
