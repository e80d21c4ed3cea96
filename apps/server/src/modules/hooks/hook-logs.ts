import type { HookLogEntry, hookLogsQuery } from '@strata/contracts/hooks';
import { AppError } from '@strata/domain/errors';
import { DELIVERY_TIMEOUT_MS, isDelivered } from '@strata/domain/webhooks/delivery-schedule';
import { and, desc, eq, gte, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { rowsOf } from '../../db/client';
import { hookAttempts, hookDeliveries } from '../../db/schema/hooks';
import type { UserRow } from '../../db/schema/users';
import { sendOutgoing } from '../../lib/outgoing-agent';
import { getTeamAccess } from '../teams/team-access';
import { hookPolicy, hookSecrets } from './hook-delivery';
import { HOOK_DELIVERY_JOB, type HookDeliveryJob } from './hook-fanout';
import { signDelivery } from './hook-signing';
import { requireManagedHook } from './hooks.service';

type LogsQuery = z.infer<typeof hookLogsQuery>;

interface Caller {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
}

/** The hook the caller manages (hooks.service.ts), read outside a transaction. */
async function managedHook({ ctx, user, teamId, id }: Caller) {
  const access = await getTeamAccess(ctx, teamId, user);
  return requireManagedHook(ctx.db, access, id);
}

/** GET .../hooks/{id}/logs: its attempts, newest first, by outcome, a page at a time. */
export async function listHookLogs(caller: Caller, query: LogsQuery) {
  const { ctx } = caller;
  const hook = await managedHook(caller);
  const filters: (SQL | undefined)[] = [
    eq(hookAttempts.teamId, hook.teamId),
    eq(hookAttempts.hookId, hook.id),
  ];
  if (query.status === 'success') filters.push(sql`${hookAttempts.responseStatus} BETWEEN 200 AND 299`);
  else if (query.status === 'failure')
    filters.push(
      sql`(${hookAttempts.responseStatus} IS NULL OR ${hookAttempts.responseStatus} NOT BETWEEN 200 AND 299)`,
    );
  else if (typeof query.status === 'number') filters.push(eq(hookAttempts.responseStatus, query.status));
  if (query.before) {
    const [cursor] = await ctx.db
      .select({ at: hookAttempts.attemptedAt, id: hookAttempts.id })
      .from(hookAttempts)
      .where(and(eq(hookAttempts.teamId, hook.teamId), eq(hookAttempts.id, query.before)));
    if (!cursor) throw new AppError('NOT_FOUND');
    filters.push(
      or(
        lt(hookAttempts.attemptedAt, cursor.at),
        and(eq(hookAttempts.attemptedAt, cursor.at), lt(hookAttempts.id, cursor.id)),
      ),
    );
  }
  const rows = await ctx.db
    .select({ attempt: hookAttempts, delivery: hookDeliveries })
    .from(hookAttempts)
    .innerJoin(
      hookDeliveries,
      and(eq(hookDeliveries.teamId, hookAttempts.teamId), eq(hookDeliveries.id, hookAttempts.deliveryId)),
    )
    .where(and(...filters))
    .orderBy(desc(hookAttempts.attemptedAt), desc(hookAttempts.id))
    .limit(query.limit + 1);
  const data: HookLogEntry[] = rows.slice(0, query.limit).map(({ attempt, delivery }) => ({
    id: attempt.id,
    delivery_id: delivery.id,
    event_type: delivery.eventType,
    delivery_state: delivery.state as HookLogEntry['delivery_state'],
    attempt: attempt.attempt,
    attempted_at: attempt.attemptedAt.toISOString(),
    request_headers: attempt.requestHeaders,
    request_body: delivery.body,
    response_status: attempt.responseStatus,
    response_body: attempt.responseBody,
    duration_ms: attempt.durationMs,
    error: attempt.error,
  }));
  return { data, has_more: rows.length > query.limit };
}

/**
 * POST .../hooks/{id}/test: a `ping` signed and sent now, as a delivery would be; answers whether
 * the receiver took it (the screen then says 'Connection successful!') or what went wrong.
 */
export async function testHook(caller: Caller) {
  const { ctx } = caller;
  const hook = await managedHook(caller);
  const at = ctx.clock.now();
  const object = {
    id: hook.id,
    object: 'hook',
    board_id: hook.boardId,
    created_at: hook.createdAt.toISOString(),
  };
  const body = JSON.stringify({ type: 'ping', timestamp: at.toISOString(), data: object, payload: object });
  const headers = signDelivery({
    id: `msg_ping_${at.getTime()}`,
    at,
    body,
    secrets: await hookSecrets(ctx, hook, at),
  });
  const started = performance.now();
  try {
    const answer = await sendOutgoing({
      url: hook.url,
      method: 'POST',
      headers,
      body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      policy: hookPolicy(ctx, hook.url),
    });
    const ok = isDelivered(answer.status);
    return {
      ok,
      status: answer.status,
      error: ok ? null : `The receiver answered ${answer.status}.`,
      duration_ms: Math.round(performance.now() - started),
    };
  } catch (error) {
    return {
      ok: false,
      status: null,
      error: error instanceof Error ? error.message : String(error),
      duration_ms: Math.round(performance.now() - started),
    };
  }
}

/** POST .../deliveries/{deliveryId}/redeliver: that event sent again, as a new delivery, now. */
export async function redeliver(caller: Caller, deliveryId: string) {
  const { ctx } = caller;
  const hook = await managedHook(caller);
  const id = await ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`INSERT INTO ${hookDeliveries}
        (team_id, hook_id, event_id, event_key, event_type, replay_of, body)
      SELECT team_id, hook_id, event_id, event_key, event_type, coalesce(replay_of, id), body
      FROM ${hookDeliveries}
      WHERE team_id = ${hook.teamId} AND hook_id = ${hook.id} AND id = ${deliveryId}
      RETURNING id`);
    const [row] = rowsOf<{ id: string }>(result).rows;
    if (!row) throw new AppError('NOT_FOUND');
    await ctx.jobs.enqueue<HookDeliveryJob>(tx, HOOK_DELIVERY_JOB, { teamId: hook.teamId, hookId: hook.id });
    return row.id;
  });
  ctx.jobs.wake(HOOK_DELIVERY_JOB);
  return { delivery_id: id };
}

/** POST .../hooks/{id}/replay: every event delivered (or tried) since then, sent again in order. */
export async function replay(caller: Caller, since: Date) {
  const { ctx } = caller;
  const hook = await managedHook(caller);
  const count = await ctx.db.transaction(async (tx) => {
    const result = await tx.execute(sql`INSERT INTO ${hookDeliveries}
        (team_id, hook_id, event_id, event_key, event_type, replay_of, body)
      SELECT team_id, hook_id, event_id, event_key, event_type, id, body
      FROM ${hookDeliveries}
      WHERE ${and(
        eq(hookDeliveries.teamId, hook.teamId),
        eq(hookDeliveries.hookId, hook.id),
        isNull(hookDeliveries.replayOf),
        gte(hookDeliveries.createdAt, since),
      )}
      ORDER BY event_id, created_at
      RETURNING id`);
    const made = rowsOf(result).rows.length;
    if (made > 0)
      await ctx.jobs.enqueue<HookDeliveryJob>(tx, HOOK_DELIVERY_JOB, {
        teamId: hook.teamId,
        hookId: hook.id,
      });
    return made;
  });
  if (count > 0) ctx.jobs.wake(HOOK_DELIVERY_JOB);
  return { deliveries: count };
}
