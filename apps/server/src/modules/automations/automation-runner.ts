import { loopStop, switchesOff } from '@strata/domain/automations/loop-guard';
import { AppError } from '@strata/domain/errors';
import { and, eq, gte, sql } from 'drizzle-orm';
import { noteInvalidation } from '../../cache/commit-hooks';
import type { AppContext } from '../../context';
import {
  type AutomationRow,
  type AutomationRunRow,
  automationRuns,
  automations,
} from '../../db/schema/automations';
import { users } from '../../db/schema/users';
import { writeAs } from '../../events/write-origin';
import { findItemAnyState } from '../items/items.repo';
import { runWrite } from '../records/write-scope';
import { findCachedTeamAccess } from '../teams/team-access';
import { type ActionOutcome, performAction } from './automation-actions';
import { tellAboutRun } from './automation-notices';
import { enabledAutomationsOf } from './automation-trigger';
import { takeRun } from './automation-usage';
import { conditionsHold, runAttributes, runOrigin, runSubject } from './run-parts';

type Finish = { state: 'done' | 'failed' | 'skipped'; result: Record<string, unknown> };

/**
 * Runs one queued run (docs/automations.md, "Execution"): skipped when its automation is off, the
 * loop guard stops it, its conditions do not hold now, or the workspace's runs are used up; else
 * its actions are performed in one transaction as Autobot with its creator's rights (a failing
 * action undoes the others), and the run is marked done in that same transaction, so it happens
 * once however often its job is delivered. A failure is logged on the run; an automation failing
 * again and again is switched off and its creator told.
 */
export async function runAutomation(ctx: AppContext, teamId: number, runId: string): Promise<void> {
  const [run] = await ctx.db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.teamId, teamId), eq(automationRuns.id, runId)))
    .limit(1);
  if (run?.state !== 'queued') return;
  // The board's automations that are on, as the trigger keeps them (dropped on every save).
  const automation = (await enabledAutomationsOf(ctx, teamId, run.boardId)).find(
    (candidate) => candidate.id === run.automationId,
  );
  if (!automation) return finish(ctx, run, { state: 'skipped', result: { reason: 'automation_off' } });

  const stop = loopStop(run.depth, run.itemId ? await recentRuns(ctx, run) : 0);
  if (stop) {
    ctx.log.warn({ automationId: automation.id, runId: run.id, reason: stop }, 'automation run stopped');
    return finish(ctx, run, { state: 'skipped', result: { reason: stop } });
  }
  const [creator] = automation.createdBy
    ? await ctx.db.select().from(users).where(eq(users.id, automation.createdBy)).limit(1)
    : [];
  const access = creator ? await findCachedTeamAccess(ctx, teamId, creator) : undefined;
  if (!creator || !access) {
    await switchOff(ctx, automation, 'creator_left');
    return finish(ctx, run, { state: 'failed', result: { reason: 'creator_left' } });
  }
  const attributes = await runAttributes(ctx, teamId, automation.boardId);
  const timeZone = creator.timezone ?? 'UTC';
  const { recipe } = automation;
  if (run.itemId && recipe.conditions.length > 0) {
    const item = await findItemAnyState(ctx.db, teamId, run.itemId);
    if (!item || item.deletedAt)
      return finish(ctx, run, { state: 'skipped', result: { reason: 'item_gone' } });
    if (!conditionsHold(automation, item, attributes, { timeZone, now: ctx.clock.now() }))
      return finish(ctx, run, { state: 'skipped', result: { reason: 'conditions_not_met' } });
  }
  if (!(await takeRun(ctx, teamId, automation.boardId)))
    return finish(ctx, run, { state: 'skipped', result: { reason: 'runs_exceeded' } });

  const subject = runSubject(automation, run, attributes, timeZone);
  const origin = runOrigin(ctx, automation, run.depth);
  let outcomes: ActionOutcome[];
  try {
    outcomes = await writeAs(origin, () =>
      runWrite(ctx, creator, teamId, async (scope) => {
        // The claim: only one delivery of the job gets past it.
        const claimed = await scope.tx
          .update(automationRuns)
          .set({ state: 'done', finishedAt: scope.now })
          .where(and(eq(automationRuns.id, run.id), eq(automationRuns.state, 'queued')))
          .returning({ id: automationRuns.id });
        if (claimed.length === 0) return [];
        const done: ActionOutcome[] = [];
        for (const action of recipe.actions) done.push(await performAction(scope, action, subject));
        await scope.tx
          .update(automationRuns)
          .set({
            result: {
              changes: done.map(({ action, detail }) => ({ action, ...(detail ? { detail } : {}) })),
            },
          })
          .where(eq(automationRuns.id, run.id));
        await scope.tx
          .update(automations)
          .set({ runsTotal: sql`${automations.runsTotal} + 1`, lastRunAt: scope.now, failuresInRow: 0 })
          .where(and(eq(automations.teamId, teamId), eq(automations.id, automation.id)));
        return done;
      }),
    );
  } catch (error) {
    if (!(error instanceof AppError)) ctx.log.error({ err: error, runId: run.id }, 'automation run failed');
    await failed(ctx, automation, run, error instanceof Error ? error.message : String(error));
    return;
  }
  for (const { notice } of outcomes) {
    if (notice && notice.userIds.length > 0)
      await tellAboutRun(ctx, { ...notice, teamId, boardId: automation.boardId });
  }
}

async function finish(ctx: AppContext, run: AutomationRunRow, outcome: Finish) {
  await ctx.db
    .update(automationRuns)
    .set({ state: outcome.state, result: outcome.result, finishedAt: ctx.clock.now() })
    .where(and(eq(automationRuns.id, run.id), eq(automationRuns.state, 'queued')));
}

/** The automation's runs on the run's item in the past minute (loop guard). */
async function recentRuns(ctx: AppContext, run: AutomationRunRow): Promise<number> {
  const since = new Date(ctx.clock.now().getTime() - 60_000);
  const [row] = await ctx.db
    .select({ count: sql<number>`count(*)::int` })
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.teamId, run.teamId),
        eq(automationRuns.automationId, run.automationId),
        eq(automationRuns.itemId, run.itemId!),
        eq(automationRuns.state, 'done'),
        gte(automationRuns.createdAt, since),
      ),
    );
  return Number(row?.count ?? 0);
}

/** A failed run: logged with why; the automation switched off after too many in a row. */
async function failed(ctx: AppContext, automation: AutomationRow, run: AutomationRunRow, reason: string) {
  await finish(ctx, run, { state: 'failed', result: { reason } });
  const [row] = await ctx.db
    .update(automations)
    .set({ failuresInRow: sql`${automations.failuresInRow} + 1`, lastRunAt: ctx.clock.now() })
    .where(and(eq(automations.teamId, automation.teamId), eq(automations.id, automation.id)))
    .returning({ failures: automations.failuresInRow });
  if (row && switchesOff(row.failures - 1)) {
    await switchOff(ctx, automation, 'failing');
    if (automation.createdBy)
      await tellAboutRun(ctx, {
        teamId: automation.teamId,
        boardId: automation.boardId,
        itemId: null,
        userIds: [automation.createdBy],
        message: `${automation.name}: switched off after failing ${row.failures} times in a row (${reason})`,
        email: true,
      });
  }
}

async function switchOff(ctx: AppContext, automation: AutomationRow, reason: 'failing' | 'creator_left') {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(automations)
      .set({ enabled: false, offReason: reason, rowVersion: sql`${automations.rowVersion} + 1` })
      .where(and(eq(automations.teamId, automation.teamId), eq(automations.id, automation.id)));
    noteInvalidation(tx, { scope: 'automations', teamId: automation.teamId });
  });
}
