import { randomUUID } from 'node:crypto';
import type { TokenRecord } from '@strata/domain/auth/token-rules';
import { AppError } from '@strata/domain/errors';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { noteInvalidation } from '../../cache/commit-hooks';
import type { CachedToken } from '../../cache/hot-caches';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import { accessTokens, authSessions, refreshTokens } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import type { AuthState } from '../../http/types';
import { hashToken, randomToken } from '../../lib/tokens';

interface Issued {
  record: TokenRecord;
  refreshToken: string;
}

async function issueTokens(ctx: AppContext, tx: DbOrTx, sessionId: string, userId: number): Promise<Issued> {
  const now = ctx.clock.now();
  const accessToken = randomToken();
  const refreshToken = randomToken();
  await tx.insert(accessTokens).values({
    tokenHash: hashToken(accessToken),
    sessionId,
    userId,
    expiresAt: new Date(now.getTime() + ctx.config.accessTokenTtlS * 1000),
    createdAt: now,
  });
  await tx.insert(refreshTokens).values({
    id: randomUUID(),
    sessionId,
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + ctx.config.refreshTokenTtlS * 1000),
    createdAt: now,
  });
  return {
    refreshToken,
    record: {
      access_token: accessToken,
      expires_in: ctx.config.accessTokenTtlS,
      refresh_expires_in: ctx.config.refreshTokenTtlS,
      created_at: now.toISOString(),
    },
  };
}

/** Starts a session (a refresh-token family) for a signed-in user. */
export async function createSession(options: {
  ctx: AppContext;
  userId: number;
  userAgent?: string;
  ip?: string;
}): Promise<Issued> {
  const { ctx, userId } = options;
  return ctx.db.transaction(async (tx) => {
    const sessionId = randomUUID();
    await tx.insert(authSessions).values({
      id: sessionId,
      userId,
      userAgent: options.userAgent?.slice(0, 300),
      ip: options.ip,
      createdAt: ctx.clock.now(),
    });
    return issueTokens(ctx, tx, sessionId, userId);
  });
}

/**
 * Trades a refresh token for a new pair. Each refresh token works once; one that comes back after
 * use means it leaked, so the whole family is revoked and the caller must sign in again.
 */
export async function rotateRefreshToken(options: {
  ctx: AppContext;
  refreshToken: string;
}): Promise<Issued> {
  const { ctx } = options;
  const tokenHash = hashToken(options.refreshToken);
  const now = ctx.clock.now();
  const outcome = await ctx.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ token: refreshTokens, session: authSessions })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1);
    if (!found || found.session.revokedAt) return { error: 'expired' as const };
    if (found.token.expiresAt <= now) return { error: 'expired' as const };
    // Claim the token; a concurrent or later second use finds used_at set.
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, found.token.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) {
      await revokeSessionIn(tx, found.session.id, now, 'refresh token reused');
      return { error: 'reused' as const };
    }
    return { issued: await issueTokens(ctx, tx, found.session.id, found.session.userId) };
  });
  if ('error' in outcome) {
    if (outcome.error === 'reused') ctx.log.warn('a used refresh token was presented again: session revoked');
    throw new AppError('SESSION_EXPIRED');
  }
  return outcome.issued;
}

async function revokeSessionIn(tx: DbOrTx, sessionId: string, now: Date, reason: string): Promise<void> {
  await tx
    .update(authSessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await tx.delete(accessTokens).where(eq(accessTokens.sessionId, sessionId));
  noteInvalidation(tx, { scope: 'session', sessionId });
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await ctx.db.transaction((tx) => revokeSessionIn(tx, sessionId, ctx.clock.now(), reason));
}

/** Revokes every session of a user, except `keepSessionId` if given (password change). */
export async function revokeUserSessions(
  ctx: AppContext,
  tx: DbOrTx,
  userId: number,
  reason: string,
  keepSessionId?: string,
): Promise<void> {
  // The kept session's cached user holds the old password hash.
  noteInvalidation(tx, { scope: 'user', userId });
  const sessions = await tx
    .select({ id: authSessions.id })
    .from(authSessions)
    .where(and(eq(authSessions.userId, userId), isNull(authSessions.revokedAt)));
  for (const session of sessions) {
    if (session.id !== keepSessionId) await revokeSessionIn(tx, session.id, ctx.clock.now(), reason);
  }
}

/** The session of a refresh token, if it is still live (used to sign out by cookie). */
export async function findSessionByRefreshToken(
  ctx: AppContext,
  refreshToken: string,
): Promise<string | undefined> {
  const [row] = await ctx.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
    .limit(1);
  return row?.sessionId;
}

/** Bearer lookups under way, per app: concurrent requests with one token share the one query. */
const lookups = new WeakMap<AppContext, Map<string, Promise<CachedToken | null>>>();

/**
 * Resolves a bearer token to its user and session, or null when unknown, expired or revoked.
 * A token found is kept in memory until it expires, its session is revoked or its user changes
 * (`ctx.caches.tokens`, dropped on every process by the write that does it), so a request reads
 * no table to know its caller. Requests that arrive with the same token while its lookup runs
 * wait for that lookup instead of querying again (a client's burst of concurrent saves). Each gets
 * its own copy of the answer.
 */
export function authenticateBearer(ctx: AppContext, token: string): Promise<AuthState | null> {
  const hash = hashToken(token);
  const cached = ctx.caches.tokens.get(hash);
  if (cached && cached.expiresAt > ctx.clock.now()) return Promise.resolve(copyOf(cached.auth));
  let running = lookups.get(ctx);
  if (!running) {
    running = new Map();
    lookups.set(ctx, running);
  }
  const pending = running;
  let lookup = pending.get(hash);
  if (!lookup) {
    lookup = ctx.caches.tokens
      .read(hash, () => lookUpBearer(ctx, hash))
      .then((found) => (found && found.expiresAt > ctx.clock.now() ? found : null))
      .finally(() => pending.delete(hash));
    pending.set(hash, lookup);
  }
  return lookup.then((found) => found && copyOf(found.auth));
}

const copyOf = (auth: AuthState): AuthState => ({ ...auth, user: { ...auth.user } });

async function lookUpBearer(ctx: AppContext, tokenHash: string): Promise<CachedToken | null> {
  const [row] = await ctx.db
    .select({ user: users, sessionId: accessTokens.sessionId, expiresAt: accessTokens.expiresAt })
    .from(accessTokens)
    .innerJoin(users, eq(users.id, accessTokens.userId))
    .where(and(eq(accessTokens.tokenHash, tokenHash), gt(accessTokens.expiresAt, ctx.clock.now())))
    .limit(1);
  return row ? { auth: { user: row.user, sessionId: row.sessionId }, expiresAt: row.expiresAt } : null;
}
