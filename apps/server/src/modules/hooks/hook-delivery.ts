import {
  DELIVERY_TIMEOUT_MS,
  delayBeforeAttempt,
  disableReason,
  isDelivered,
} from '@strata/domain/webhooks/delivery-schedule';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { noteInvalidation } from '../../cache/commit-hooks';
import type { AppContext } from '../../context';
import {
  type HookDeliveryRow,
  type HookRow,
  hookAttempts,
  hookDeliveries,
  hooks,
} from '../../db/schema/hooks';
import { users } from '../../db/schema/users';
import { jsonRows } from '../../events/json-rows';
import { isExemptHost, type OutgoingPolicy, sendOutgoing } from '../../lib/outgoing-agent';
import { openSecret } from '../../lib/secret-box';
import { queueMail } from '../../mail/mail';
import { fillTemplate, mailTextsOf } from '../../mail/notification-mail';
import { escapeHtml } from '../../mail/templates';
import { findCachedTeamAccess } from '../teams/team-access';
import { HOOK_DELIVERY_JOB, type HookDeliveryJob } from './hook-fanout';
import { messageId, signDelivery } from './hook-signing';

/** Deliveries sent between two writes of their outcomes. */
const BATCH = 25;
/** How long a process keeps a hook to itself while it sends (renewed with each batch). */
const LEASE_MS = 120_000;
/** The start of an answer kept in the logs. */
const RESPONSE_KEPT = 4096;

/** The job that sends hooks' deliveries: a fetch's hooks are drained side by side, each in order. */
export function registerHookDelivery(ctx: AppContext): void {
  ctx.jobs.register<HookDeliveryJob>({
    name: HOOK_DELIVERY_JOB,
    retryLimit: 3,
    batchSize: 10,
    handler: (job) => drainHook(ctx, job.teamId, job.hookId),
    handleMany: async (jobs) => {
      const hooksOf = new Map(jobs.map((job) => [job.hookId, job]));
      await Promise.all([...hooksOf.values()].map((job) => drainHook(ctx, job.teamId, job.hookId)));
    },
  });
}

/** Where a hook's requests may go: public addresses, or anywhere for a host the operator named. */
export function hookPolicy(ctx: AppContext, url: string): OutgoingPolicy {
  return {
    allowLoopback: ctx.config.outgoingAllowLoopback,
    exempt: isExemptHost(new URL(url), ctx.config.webhookAllowHosts),
  };
}

/** The secrets a hook signs with now: its own, and the one it replaced for a day after a rotation. */
export async function hookSecrets(ctx: AppContext, hook: HookRow, now: Date): Promise<string[]> {
  const secrets = [await openSecret(ctx, hook.secret)];
  if (hook.previousSecret && hook.previousSecretUntil && hook.previousSecretUntil > now)
    secrets.push(await openSecret(ctx, hook.previousSecret));
  return secrets;
}

/**
 * Sends a hook's due deliveries (docs/webhooks.md, "Delivery"): one process at a time per hook
 * (a lease on the hook's row, so the order holds across processes), in the order they were made, 25 at a time,
 * each attempt's outcome written with the batch's. A failed delivery waits for its next attempt
 * (the Standard Webhooks schedule) without holding back the others; after its last it has failed.
 * A 410, or failures without a success for five days, switch the hook off and mail its creator.
 */
export async function drainHook(ctx: AppContext, teamId: number, hookId: string): Promise<void> {
  for (;;) {
    const hook = await lease(ctx, teamId, hookId);
    if (!hook) return;
    try {
      await sendDue(ctx, hook);
    } finally {
      await ctx.db
        .update(hooks)
        .set({ drainingUntil: null })
        .where(and(eq(hooks.teamId, teamId), eq(hooks.id, hookId)));
    }
    // Deliveries written while the lease was held: their job may have found the hook taken.
    if (!(await hasDue(ctx, teamId, hookId))) return;
  }
}

async function lease(ctx: AppContext, teamId: number, hookId: string): Promise<HookRow | undefined> {
  const now = ctx.clock.now();
  const [hook] = await ctx.db
    .update(hooks)
    .set({ drainingUntil: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(hooks.teamId, teamId),
        eq(hooks.id, hookId),
        isNull(hooks.deletedAt),
        eq(hooks.enabled, true),
        or(isNull(hooks.drainingUntil), lte(hooks.drainingUntil, now)),
      ),
    )
    .returning();
  return hook;
}

const due = (teamId: number, hookId: string, now: Date) =>
  and(
    eq(hookDeliveries.teamId, teamId),
    eq(hookDeliveries.hookId, hookId),
    eq(hookDeliveries.state, 'pending'),
    or(isNull(hookDeliveries.nextAttemptAt), lte(hookDeliveries.nextAttemptAt, now)),
  );

async function hasDue(ctx: AppContext, teamId: number, hookId: string): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: hookDeliveries.id })
    .from(hookDeliveries)
    .where(due(teamId, hookId, ctx.clock.now()))
    .limit(1);
  return row !== undefined;
}

interface Sent {
  delivery: HookDeliveryRow;
  attempt: number;
  at: Date;
  headers: Record<string, string>;
  status: number | null;
  body: string | null;
  durationMs: number;
  error: string | null;
}

async function sendDue(ctx: AppContext, hook: HookRow): Promise<void> {
  // A hook whose creator has left the workspace delivers nothing more.
  const [creator] = hook.userId ? await ctx.db.select().from(users).where(eq(users.id, hook.userId)) : [];
  if (!creator || !(await findCachedTeamAccess(ctx, hook.teamId, creator))) {
    await switchOff(ctx, hook, 'creator_left');
    return;
  }
  let current = hook;
  for (;;) {
    const now = ctx.clock.now();
    const batch = await ctx.db
      .select()
      .from(hookDeliveries)
      .where(due(hook.teamId, hook.id, now))
      .orderBy(asc(hookDeliveries.createdAt), asc(hookDeliveries.eventId), asc(hookDeliveries.eventKey))
      .limit(BATCH);
    if (batch.length === 0) return;
    const secrets = await hookSecrets(ctx, current, now);
    const sent: Sent[] = [];
    for (const delivery of batch) sent.push(await attempt(ctx, current, delivery, secrets));
    const next = await record(ctx, current, sent);
    if (!next?.enabled) return;
    current = next;
  }
}

/** One attempt: signed now, sent with a 10 s timeout, redirects not followed. */
async function attempt(
  ctx: AppContext,
  hook: HookRow,
  delivery: HookDeliveryRow,
  secrets: readonly string[],
): Promise<Sent> {
  const at = ctx.clock.now();
  const headers = signDelivery({
    id: messageId(delivery.replayOf ?? delivery.id),
    at,
    body: delivery.body,
    secrets,
  });
  const started = performance.now();
  const base = { delivery, attempt: delivery.attempts + 1, at, headers };
  try {
    const answer = await sendOutgoing({
      url: hook.url,
      method: 'POST',
      headers,
      body: delivery.body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
      policy: hookPolicy(ctx, hook.url),
    });
    return {
      ...base,
      status: answer.status,
      body: answer.body.slice(0, RESPONSE_KEPT),
      durationMs: Math.round(performance.now() - started),
      error: isDelivered(answer.status)
        ? null
        : answer.status >= 300 && answer.status < 400
          ? 'redirect'
          : null,
    };
  } catch (error) {
    return {
      ...base,
      status: null,
      body: null,
      durationMs: Math.round(performance.now() - started),
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

const ATTEMPT_COLUMNS = {
  team_id: 'integer',
  hook_id: 'uuid',
  delivery_id: 'uuid',
  attempt: 'integer',
  attempted_at: 'timestamptz',
  request_headers: 'jsonb',
  response_status: 'integer',
  response_body: 'text',
  duration_ms: 'integer',
  error: 'text',
} as const;

const OUTCOME_COLUMNS = {
  id: 'uuid',
  state: 'text',
  attempts: 'integer',
  next_attempt_at: 'timestamptz',
  finished_at: 'timestamptz',
} as const;

/**
 * Writes a batch's attempts, their deliveries' states and the hook's streak in one transaction;
 * schedules the wake-up of the next retry; switches the hook off when the rule says so. Answers
 * the hook as it is after.
 */
async function record(ctx: AppContext, hook: HookRow, sent: readonly Sent[]): Promise<HookRow | undefined> {
  const now = ctx.clock.now();
  const outcomes = sent.map((one) => {
    const delivered = one.status !== null && isDelivered(one.status);
    const delay = delivered ? null : delayBeforeAttempt(one.attempt + 1);
    return {
      id: one.delivery.id,
      state: delivered ? 'delivered' : delay === null ? 'failed' : 'pending',
      attempts: one.attempt,
      next_attempt_at: delay === null ? null : new Date(now.getTime() + delay),
      finished_at: delivered || delay === null ? now : null,
      delay,
    };
  });
  const last = sent.at(-1)!;
  // The streak of failures: since the first failure after the batch's last success, if any.
  const lastSuccess = outcomes.findLastIndex((outcome) => outcome.state === 'delivered');
  const failingSince =
    lastSuccess === sent.length - 1
      ? null
      : lastSuccess >= 0
        ? sent[lastSuccess + 1]!.at
        : (hook.failingSince ?? sent[0]!.at);
  const off = failingSince === null ? null : disableReason(last.status, failingSince, now);
  const updated = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`INSERT INTO ${hookAttempts}
      (team_id, hook_id, delivery_id, attempt, attempted_at, request_headers, response_status, response_body, duration_ms, error)
      SELECT team_id, hook_id, delivery_id, attempt, attempted_at, request_headers, response_status, response_body, duration_ms, error
      FROM ${jsonRows(
        ATTEMPT_COLUMNS,
        sent.map((one) => ({
          team_id: hook.teamId,
          hook_id: hook.id,
          delivery_id: one.delivery.id,
          attempt: one.attempt,
          attempted_at: one.at,
          request_headers: one.headers,
          response_status: one.status,
          response_body: one.body,
          duration_ms: one.durationMs,
          error: one.error,
        })),
      )}`);
    await tx.execute(sql`UPDATE ${hookDeliveries} SET state = r.state, attempts = r.attempts,
        next_attempt_at = r.next_attempt_at, finished_at = r.finished_at
      FROM ${jsonRows(
        OUTCOME_COLUMNS,
        outcomes.map(({ delay: _delay, ...outcome }) => outcome),
      )}
      WHERE ${hookDeliveries.teamId} = ${hook.teamId}::integer AND ${hookDeliveries.id} = r.id`);
    const [row] = await tx
      .update(hooks)
      .set({
        lastDeliveryAt: last.at,
        failingSince,
        ...(off ? { enabled: false, offReason: off } : {}),
        drainingUntil: new Date(now.getTime() + LEASE_MS),
      })
      .where(and(eq(hooks.teamId, hook.teamId), eq(hooks.id, hook.id)))
      .returning();
    // The next retry's wake-up (a later batch's or the drain's end may come first: harmless).
    const retry = Math.min(
      ...outcomes.flatMap((outcome) => (outcome.state === 'pending' && outcome.delay ? [outcome.delay] : [])),
    );
    if (Number.isFinite(retry))
      await ctx.jobs.enqueue<HookDeliveryJob>(
        tx,
        HOOK_DELIVERY_JOB,
        { teamId: hook.teamId, hookId: hook.id },
        { startAfterSeconds: Math.ceil(retry / 1000) },
      );
    if (off) {
      noteInvalidation(tx, { scope: 'hooks', teamId: hook.teamId });
      await mailSwitchedOff(ctx, tx, hook, off);
    }
    return row;
  });
  return updated;
}

async function switchOff(ctx: AppContext, hook: HookRow, reason: 'gone' | 'failing' | 'creator_left') {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(hooks)
      .set({ enabled: false, offReason: reason, rowVersion: sql`${hooks.rowVersion} + 1` })
      .where(and(eq(hooks.teamId, hook.teamId), eq(hooks.id, hook.id)));
    noteInvalidation(tx, { scope: 'hooks', teamId: hook.teamId });
  });
}

/** Tells the hook's creator by mail, in their language, that the server switched it off, and why. */
async function mailSwitchedOff(
  ctx: AppContext,
  tx: Parameters<typeof queueMail>[1],
  hook: HookRow,
  reason: 'gone' | 'failing',
) {
  if (!hook.userId) return;
  const [creator] = await tx.select().from(users).where(eq(users.id, hook.userId));
  if (!creator) return;
  const texts = mailTextsOf(creator.locale).hookOff;
  const link = `${ctx.config.appUrl}/profile/developer/hooks/${hook.id}`;
  const sentence = fillTemplate(texts.body, { url: hook.url, why: texts[reason] });
  await queueMail(ctx.jobs, tx, {
    to: creator.email,
    subject: texts.subject,
    text: `${sentence}\n\n${texts.action}: ${link}`,
    html: `<p>${escapeHtml(sentence)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(texts.action)}</a></p>`,
  });
}
