import { createHash } from 'node:crypto';
import { IDEMPOTENCY_TTL_MS } from '@strata/domain/constants';
import { AppError } from '@strata/domain/errors';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerHookHandler,
} from 'fastify';
import type { AppContext } from '../context';
import type { DbOrTx } from '../db/client';
import { idempotencyKeys } from '../db/schema/platform';
import { insertJsonRows } from '../events/json-rows';
import { appendRouteHook, routeAuthMode, routeMethods } from './route-hooks';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** A first request still marked running after this long is taken to have died with its process. */
const STALE_LOCK_MS = 5 * 60 * 1000;

function requestHash(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n`)
    .update(request.body === undefined ? '' : JSON.stringify(request.body))
    .digest('hex');
}

/**
 * X-Idempotency-Key with Stripe's semantics, per user: the first response to a non-GET request is
 * stored and replayed for 24 hours; the same key with another request is a 422; while the first is
 * still running, a second one is a 409 and does not run. 5xx answers are not stored, so a retry
 * runs again. Runs after validation, so malformed requests store nothing either.
 */
export function registerIdempotency(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('idempotency', null);

  // Only routes that change something and know their user can be replayed.
  app.addHook('onRoute', (route) => {
    if (routeAuthMode(route) === 'public' || routeMethods(route).every((m) => SAFE_METHODS.has(m))) return;
    const defer = route.config?.deferIdempotency;
    const preHandler: preHandlerHookHandler = (request, reply, done) => {
      const key = request.headers['x-idempotency-key'];
      if (SAFE_METHODS.has(request.method) || typeof key !== 'string' || key === '' || !request.auth)
        return done();
      if (defer?.(request)) {
        if (key.length > 255)
          return done(new AppError('VALIDATION_FAILED', { message: 'The idempotency key is too long.' }));
        // The route writes the key with its answer in its own transaction (claimDeferred else).
        const deferred = { requestHash: requestHash(request), key };
        request.idempotency = { userId: request.auth.user.id, key, replayed: false, deferred };
        return done();
      }
      // After a replay the reply is sent and the chain must stop: no done().
      claim(request, reply, key).then((replayed) => replayed || done(), done);
    };
    const onSend: onSendHookHandler = (request, reply, payload, done) => {
      const claimed = request.idempotency;
      if (!claimed || claimed.replayed || claimed.deferred) return done(null, payload);
      request.idempotency = null;
      store(claimed, reply, payload).then(() => done(null, payload), done);
    };
    appendRouteHook(route, 'preHandler', preHandler);
    appendRouteHook(route, 'onSend', onSend);
    appendRouteHook(route, 'onRequestAbort', release);
  });

  deferredClaims.set(ctx, async (request, reply) => {
    const deferred = request.idempotency?.deferred;
    if (!deferred) return false;
    request.idempotency = null;
    return claim(request, reply, deferred.key);
  });

  /** Claims the key for this request, or replays its stored response (answers true). */
  async function claim(request: FastifyRequest, reply: FastifyReply, key: string): Promise<boolean> {
    if (!request.auth) return false;
    if (key.length > 255)
      throw new AppError('VALIDATION_FAILED', { message: 'The idempotency key is too long.' });
    const userId = request.auth.user.id;
    const hash = requestHash(request);
    const now = ctx.clock.now();

    for (let attempt = 0; attempt < 2; attempt++) {
      const inserted = await ctx.db
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash: hash, lockedAt: now, createdAt: now })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (inserted.length > 0) {
        request.idempotency = { userId, key, replayed: false };
        return false;
      }
      const [row] = await ctx.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)))
        .limit(1);
      if (!row) continue; // removed in between (a 5xx of the first); try to claim it again
      if (now.getTime() - row.createdAt.getTime() > IDEMPOTENCY_TTL_MS) {
        await ctx.db
          .delete(idempotencyKeys)
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.createdAt, row.createdAt),
            ),
          );
        continue;
      }
      if (row.requestHash !== hash) throw new AppError('IDEMPOTENCY_KEY_REUSED');
      if (row.statusCode === null) {
        if (now.getTime() - row.lockedAt.getTime() < STALE_LOCK_MS)
          throw new AppError('IDEMPOTENCY_IN_PROGRESS');
        const taken = await ctx.db
          .update(idempotencyKeys)
          .set({ lockedAt: now })
          .where(
            and(
              eq(idempotencyKeys.userId, userId),
              eq(idempotencyKeys.key, key),
              eq(idempotencyKeys.lockedAt, row.lockedAt),
              isNull(idempotencyKeys.statusCode),
            ),
          )
          .returning({ key: idempotencyKeys.key });
        if (taken.length === 0) throw new AppError('IDEMPOTENCY_IN_PROGRESS');
        request.idempotency = { userId, key, replayed: false };
        return false;
      }
      request.idempotency = { userId, key, replayed: true };
      reply.code(row.statusCode).header('idempotent-replayed', 'true');
      if (row.contentType) reply.header('content-type', row.contentType);
      reply.send(row.responseBody ?? '');
      return true;
    }
    throw new AppError('IDEMPOTENCY_IN_PROGRESS');
  }

  /** Keeps the first response (2xx-4xx) for replay; forgets the key after a 5xx so a retry runs. */
  async function store(
    claim: { userId: number; key: string },
    reply: FastifyReply,
    payload: unknown,
  ): Promise<void> {
    const where = and(eq(idempotencyKeys.userId, claim.userId), eq(idempotencyKeys.key, claim.key));
    const storable = typeof payload === 'string' || payload === null || payload === undefined;
    if (reply.statusCode >= 500 || !storable) {
      await ctx.db.delete(idempotencyKeys).where(where);
      return;
    }
    const contentType = reply.getHeader('content-type');
    await ctx.db
      .update(idempotencyKeys)
      .set({
        statusCode: reply.statusCode,
        contentType: typeof contentType === 'string' ? contentType : null,
        responseBody: (payload as string | null | undefined) ?? '',
      })
      .where(where);
  }

  /** The client went away before an answer: free the key so its retry runs. */
  async function release(request: FastifyRequest): Promise<void> {
    const claim = request.idempotency;
    if (!claim || claim.replayed) return;
    await ctx.db
      .delete(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.userId, claim.userId),
          eq(idempotencyKeys.key, claim.key),
          isNull(idempotencyKeys.statusCode),
        ),
      );
  }
}

const deferredClaims = new WeakMap<
  AppContext,
  (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>
>();

/**
 * For a route whose idempotency key was deferred (`config.deferIdempotency`) but that could not
 * write it with its answer (the create ran alone, or failed): claims the key as every other route
 * does, before the answer. Answers true when the stored response was replayed (the reply is sent).
 */
export function claimDeferred(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  return deferredClaims.get(ctx)?.(request, reply) ?? Promise.resolve(false);
}

const IDEMPOTENCY_COLUMNS = {
  user_id: 'integer',
  key: 'text',
  request_hash: 'text',
  status_code: 'integer',
  content_type: 'text',
  response_body: 'text',
  locked_at: 'timestamptz',
  created_at: 'timestamptz',
} as const;

/** A deferred key's answer, written by the route in the transaction of its change. */
export interface DeferredAnswer {
  userId: number;
  key: string;
  requestHash: string;
  body: string;
}

/** The deferred keys of these requests that were already used (replays, reuses, in progress). */
export async function findUsedKeys(
  tx: DbOrTx,
  claims: readonly { userId: number; key: string }[],
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const rows = await tx
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key })
    .from(idempotencyKeys)
    .where(
      or(
        ...[...new Set(claims.map((claim) => claim.userId))].map((userId) =>
          and(
            eq(idempotencyKeys.userId, userId),
            inArray(
              idempotencyKeys.key,
              claims.filter((claim) => claim.userId === userId).map((claim) => claim.key),
            ),
          ),
        ),
      ),
    );
  return new Set(rows.map((row) => `${row.userId}:${row.key}`));
}

/**
 * Stores the 200 answers of deferred keys in one statement of the write's transaction, so the
 * key and the change commit together (no claim before and no update after, per request).
 */
export async function storeDeferredAnswers(
  tx: DbOrTx,
  answers: readonly DeferredAnswer[],
  now: Date,
): Promise<void> {
  if (answers.length === 0) return;
  const rows = answers.map((answer) => ({
    user_id: answer.userId,
    key: answer.key,
    request_hash: answer.requestHash,
    status_code: 200,
    content_type: JSON_TYPE,
    response_body: answer.body,
    locked_at: now,
    created_at: now,
  }));
  await tx.execute(sql`${insertJsonRows(idempotencyKeys, IDEMPOTENCY_COLUMNS, rows)} ON CONFLICT DO NOTHING`);
}

/** What Fastify sends a serialised JSON answer as. */
export const JSON_TYPE = 'application/json; charset=utf-8';

/** Forgets keys older than 24 hours. */
export async function purgeIdempotencyKeys(ctx: AppContext): Promise<void> {
  await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(ctx.clock.now().getTime() - IDEMPOTENCY_TTL_MS)));
}
