import { randomUUID } from 'node:crypto';
import { AppError } from '@strata/domain/errors';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { type EmailTokenPurpose, emailTokens } from '../../db/schema/auth';
import { hashToken, randomToken } from '../../lib/tokens';

/**
 * Creates a single-use link token for `purpose`, replacing any earlier unused one of the same
 * purpose (only the newest link works).
 */
export async function createEmailToken(options: {
  ctx: AppContext;
  tx: DbOrTx;
  userId: number;
  purpose: EmailTokenPurpose;
  email: string;
}): Promise<string> {
  const { ctx, tx } = options;
  const now = ctx.clock.now();
  await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, options.userId),
        eq(emailTokens.purpose, options.purpose),
        isNull(emailTokens.usedAt),
      ),
    );
  const token = randomToken();
  await tx.insert(emailTokens).values({
    id: randomUUID(),
    userId: options.userId,
    purpose: options.purpose,
    email: options.email,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + ctx.config.emailTokenTtlS * 1000),
    createdAt: now,
  });
  return token;
}

/**
 * Uses up a link token: it must exist, match the email and purpose, be unused and unexpired.
 * Any failure answers the same 'The link has expired', which tells an attacker nothing.
 */
export async function consumeEmailToken(options: {
  ctx: AppContext;
  tx: DbOrTx;
  token: string;
  email: string;
  purposes: EmailTokenPurpose[];
}): Promise<{ userId: number; purpose: EmailTokenPurpose; email: string }> {
  const { ctx, tx } = options;
  const now = ctx.clock.now();
  const [row] = await tx
    .select()
    .from(emailTokens)
    .where(eq(emailTokens.tokenHash, hashToken(options.token)))
    .limit(1);
  const valid =
    row &&
    options.purposes.includes(row.purpose) &&
    row.email.toLowerCase() === options.email.toLowerCase() &&
    !row.usedAt &&
    row.expiresAt > now;
  if (!valid) throw new AppError('LINK_EXPIRED');
  const claimed = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.id, row.id), isNull(emailTokens.usedAt)))
    .returning({ id: emailTokens.id });
  if (claimed.length === 0) throw new AppError('LINK_EXPIRED');
  return { userId: row.userId, purpose: row.purpose, email: row.email };
}

export function linkUrl(ctx: AppContext, path: string, query: Record<string, string> = {}): string {
  const url = new URL(path, `${ctx.config.appUrl}/`);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}
