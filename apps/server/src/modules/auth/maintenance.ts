import { isNotNull, lt, or } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { accessTokens, emailTokens, passwordConfirmations, refreshTokens } from '../../db/schema/auth';

/** Deletes credentials that can no longer be used. Used refresh tokens stay until they expire: reuse detection needs them. */
export async function purgeExpiredAuthRows(ctx: AppContext): Promise<void> {
  const now = ctx.clock.now();
  await ctx.db.delete(accessTokens).where(lt(accessTokens.expiresAt, now));
  await ctx.db.delete(refreshTokens).where(lt(refreshTokens.expiresAt, now));
  await ctx.db.delete(passwordConfirmations).where(lt(passwordConfirmations.expiresAt, now));
  await ctx.db.delete(emailTokens).where(or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)));
}
