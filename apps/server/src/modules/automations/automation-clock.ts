import { dateFireTime, nextScheduleTime } from '@strata/domain/automations/schedule-times';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import { type AutomationRow, automations, automationTimers } from '../../db/schema/automations';
import { items } from '../../db/schema/items';
import { users } from '../../db/schema/users';
import { jsonRows } from '../../events/json-rows';
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
      // The due timers with their automations, in one read; a timer whose automation is gone,
      // off or no longer timed is dropped below.
      const due = rowsOf<DueTimer>(
        await tx.execute(sql`
          SELECT t.automation_id, t.next_at, t.checked_until, t.time_zone,
            a.team_id, a.board_id, a.enabled, a.deleted_at, a.recipe, a.updated_at
          FROM ${automationTimers} t JOIN ${automations} a ON a.id = t.automation_id
          WHERE t.next_at <= ${now.toISOString()}::timestamptz
          ORDER BY t.next_at LIMIT ${TIMERS_PER_CLAIM} FOR UPDATE OF t SKIP LOCKED`),
      ).rows;
      if (due.length === 0) return { claimed: 0, runs: 0 };
      const wanted: WantedRun[] = [];
      const moves: { automation_id: string; next_at: string; checked_until: string | null }[] = [];
      const dropped: string[] = [];
      for (const timer of due) {
        const automation = {
          id: timer.automation_id,
          teamId: Number(timer.team_id),
          boardId: timer.board_id,
          recipe: timer.recipe,
        } as AutomationRow;
        const { trigger } = timer.recipe;
        if (!timer.enabled || timer.deleted_at !== null || !isTimed(automation)) {
          dropped.push(timer.automation_id);
          continue;
        }
        if (trigger.kind === 'schedule' && trigger.schedule) {
          wanted.push({
            automation,
            runKey: `schedule:${new Date(timer.next_at).toISOString()}`,
            itemId: null,
            occurrence: { kind: 'scheduled' },
            depth: 0,
            actorId: null,
          });
          const next = nextScheduleTime(trigger.schedule, now, timer.time_zone, new Date(timer.updated_at));
          if (next)
            moves.push({ automation_id: automation.id, next_at: next.toISOString(), checked_until: null });
          else dropped.push(automation.id);
        } else if (trigger.kind === 'date_arrives' && trigger.attribute_id) {
          const since = timer.checked_until ? new Date(timer.checked_until) : now;
          wanted.push(...(await arrivedDates(tx, automation, trigger, since, now, timer.time_zone)));
          moves.push({
            automation_id: automation.id,
            next_at: new Date(now.getTime() + DATE_CHECK_MS).toISOString(),
            checked_until: now.toISOString(),
          });
        } else dropped.push(automation.id);
      }
      if (moves.length > 0)
        await tx.execute(sql`
          UPDATE ${automationTimers} SET next_at = r.next_at, checked_until = coalesce(r.checked_until, ${automationTimers.checkedUntil})
          FROM ${jsonRows({ automation_id: 'uuid', next_at: 'timestamptz', checked_until: 'timestamptz' }, moves)}
          WHERE ${automationTimers.automationId} = r.automation_id`);
      if (dropped.length > 0)
        await tx.delete(automationTimers).where(inArray(automationTimers.automationId, dropped));
      return { claimed: due.length, runs: await insertRuns(ctx, tx, wanted) };
    });
    written += runs;
    if (claimed < TIMERS_PER_CLAIM) break;
  }
  if (written > 0) ctx.jobs.wake(AUTOMATION_RUN_JOB);
  return written;
}

/** A due timer with its automation, as the claim reads them. */
interface DueTimer {
  automation_id: string;
  next_at: string | Date;
  checked_until: string | Date | null;
  time_zone: string;
  team_id: number | string;
  board_id: string;
  enabled: boolean;
  deleted_at: string | Date | null;
  recipe: AutomationRow['recipe'];
  updated_at: string | Date;
}

/** The runs of a date trigger: each item whose date's time fell after `since` and by `now`. */
async function arrivedDates(
  tx: DbOrTx,
  automation: AutomationRow,
  trigger: Extract<AutomationRow['recipe']['trigger'], { kind: 'date_arrives' }>,
  since: Date,
  now: Date,
  timeZone: string,
): Promise<WantedRun[]> {
  const attributeId = trigger.attribute_id!;
  const rows = await tx
    .select({
      id: items.id,
      folderId: items.folderId,
      data: sql<unknown>`${items.values} -> ${attributeId} -> 'data'`,
    })
    .from(items)
    .where(
      and(
        eq(items.teamId, automation.teamId),
        eq(items.boardId, automation.boardId),
        isNull(items.deletedAt),
        sql`${items.values} ? ${attributeId}`,
      ),
    );
  const runs: WantedRun[] = [];
  for (const row of rows) {
    const at = dateFireTime(row.data, trigger.offset, trigger.at, timeZone);
    if (!at || at <= since || at > now) continue;
    if (trigger.folder_id !== null && trigger.folder_id !== row.folderId) continue;
    runs.push({
      automation,
      runKey: `date:${row.id}:${at.toISOString()}`,
      itemId: row.id,
      occurrence: {
        kind: 'date_arrived',
        item_id: row.id,
        folder_id: row.folderId,
        attribute_id: attributeId,
      },
      depth: 0,
      actorId: null,
    });
  }
  return runs;
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
