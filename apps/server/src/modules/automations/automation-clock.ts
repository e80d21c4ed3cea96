import { dateFireTime, nextScheduleTime } from '@strata/domain/automations/schedule-times';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type AutomationRow, automations, automationTimers } from '../../db/schema/automations';
import { items } from '../../db/schema/items';
import { users } from '../../db/schema/users';
import { AUTOMATION_RUN_JOB, insertRuns, type WantedRun } from './automation-trigger';

/** The job pg-boss's scheduler starts every minute (on one process of many). */
export const AUTOMATION_TICK_JOB = 'automations.tick';

/** Timers claimed per transaction. */
const TIMERS_PER_CLAIM = 500;
/** How often a date trigger looks for dates that arrived. */
const DATE_CHECK_MS = 60_000;

const isTimed = (row: AutomationRow) =>
  row.recipe.trigger.kind === 'schedule' || row.recipe.trigger.kind === 'date_arrives';

/**
 * Keeps an automation's timer in step with it, in the save's transaction: an automation on with a
 * schedule gets its next time; one with a date trigger looks at dates from now on (a date already
 * past when it is switched on does not fire); any other, or one off, has none.
 */
export async function syncTimer(tx: DbOrTx, row: AutomationRow, now: Date): Promise<void> {
  const { trigger } = row.recipe;
  if (!row.enabled || row.deletedAt || !isTimed(row)) {
    await tx.delete(automationTimers).where(eq(automationTimers.automationId, row.id));
    return;
  }
  const [creator] = row.createdBy
    ? await tx.select({ timeZone: users.timezone }).from(users).where(eq(users.id, row.createdBy)).limit(1)
    : [];
  const timeZone = creator?.timeZone ?? 'UTC';
  const next =
    trigger.kind === 'schedule' && trigger.schedule
      ? nextScheduleTime(trigger.schedule, now, timeZone, now)
      : now;
  if (!next) {
    await tx.delete(automationTimers).where(eq(automationTimers.automationId, row.id));
    return;
  }
  const values = { teamId: row.teamId, nextAt: next, checkedUntil: now, timeZone };
  await tx
    .insert(automationTimers)
    .values({ automationId: row.id, ...values })
    .onConflictDoUpdate({ target: automationTimers.automationId, set: values });
}

/**
 * The minute tick (docs/automations.md, "Time triggers"): claims the timers that are due (`FOR
 * UPDATE SKIP LOCKED`, so several processes share them and none fires twice), writes the runs they
 * ask for with their jobs and moves each timer on, in one transaction per 500 timers. A schedule
 * fires once for its due time (times missed while no process ran fire once, not once each); a date
 * trigger fires for every item whose date's time fell since it last looked. Run keys name the time
 * (and the item), so a time never runs an automation twice. Answers the runs written.
 */
export async function fireDueTimers(ctx: AppContext, now: Date): Promise<number> {
  let written = 0;
  for (;;) {
    const { claimed, runs } = await ctx.db.transaction(async (tx) => {
      const due = rowsOf<{
        automation_id: string;
        next_at: string | Date;
        checked_until: string | Date | null;
        time_zone: string;
      }>(
        await tx.execute(sql`
          SELECT automation_id, next_at, checked_until, time_zone FROM ${automationTimers}
          WHERE next_at <= ${now.toISOString()}::timestamptz
          ORDER BY next_at LIMIT ${TIMERS_PER_CLAIM} FOR UPDATE SKIP LOCKED`),
      ).rows;
      if (due.length === 0) return { claimed: 0, runs: 0 };
      const wanted: WantedRun[] = [];
      for (const timer of due) {
        const [automation] = await tx
          .select()
          .from(automations)
          .where(and(eq(automations.id, timer.automation_id), isNull(automations.deletedAt)))
          .limit(1);
        if (!automation?.enabled || !isTimed(automation)) {
          await tx.delete(automationTimers).where(eq(automationTimers.automationId, timer.automation_id));
          continue;
        }
        const dueAt = new Date(timer.next_at);
        const { trigger } = automation.recipe;
        if (trigger.kind === 'schedule' && trigger.schedule) {
          wanted.push({
            automation,
            runKey: `schedule:${dueAt.toISOString()}`,
            itemId: null,
            occurrence: { kind: 'scheduled' },
            depth: 0,
            actorId: null,
          });
          const next = nextScheduleTime(trigger.schedule, now, timer.time_zone, automation.updatedAt);
          if (next)
            await tx
              .update(automationTimers)
              .set({ nextAt: next })
              .where(eq(automationTimers.automationId, automation.id));
          else await tx.delete(automationTimers).where(eq(automationTimers.automationId, automation.id));
          continue;
        }
        if (trigger.kind === 'date_arrives' && trigger.attribute_id) {
          const since = timer.checked_until ? new Date(timer.checked_until) : now;
          const rows = await tx
            .select({
              id: items.id,
              folderId: items.folderId,
              data: sql<unknown>`${items.values} -> ${trigger.attribute_id} -> 'data'`,
            })
            .from(items)
            .where(
              and(
                eq(items.teamId, automation.teamId),
                eq(items.boardId, automation.boardId),
                isNull(items.deletedAt),
                sql`${items.values} ? ${trigger.attribute_id}`,
              ),
            );
          for (const row of rows) {
            const at = dateFireTime(row.data, trigger.offset, trigger.at, timer.time_zone);
            if (!at || at <= since || at > now) continue;
            if (trigger.folder_id !== null && trigger.folder_id !== row.folderId) continue;
            wanted.push({
              automation,
              runKey: `date:${row.id}:${at.toISOString()}`,
              itemId: row.id,
              occurrence: {
                kind: 'date_arrived',
                item_id: row.id,
                folder_id: row.folderId,
                attribute_id: trigger.attribute_id,
              },
              depth: 0,
              actorId: null,
            });
          }
          await tx
            .update(automationTimers)
            .set({ checkedUntil: now, nextAt: new Date(now.getTime() + DATE_CHECK_MS) })
            .where(eq(automationTimers.automationId, automation.id));
        }
      }
      return { claimed: due.length, runs: await insertRuns(ctx, tx, wanted) };
    });
    written += runs;
    if (claimed < TIMERS_PER_CLAIM) break;
  }
  if (written > 0) ctx.jobs.wake(AUTOMATION_RUN_JOB);
  return written;
}

/** The tick job, started every minute by pg-boss's scheduler; reads the app's clock. */
export function registerAutomationClock(ctx: AppContext): void {
  ctx.jobs.register<Record<string, never>>({
    name: AUTOMATION_TICK_JOB,
    retryLimit: 0,
    handler: async () => {
      await fireDueTimers(ctx, ctx.clock.now());
    },
  });
  ctx.jobs.every(AUTOMATION_TICK_JOB, '* * * * *');
}
