import { loopStop } from '@strata/domain/automations/loop-guard';
import type { Recipe } from '@strata/domain/automations/recipe';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  type AutomationRow,
  type AutomationRunRow,
  automationRuns,
  automations,
} from '../../db/schema/automations';
import type { ItemRow } from '../../db/schema/items';
import { type UserRow, users } from '../../db/schema/users';
import { jsonRows } from '../../events/json-rows';
import { writeAs } from '../../events/write-origin';
import { type PreparedEdit, prepareItemEdit, writeItemEdits } from '../items/item-edit';
import { announceItemUpdates } from '../items/item-events';
import { itemReads } from '../items/item-reads';
import { findItemsAnyState } from '../items/items.repo';
import { runWrite } from '../records/write-scope';
import { findCachedTeamAccess } from '../teams/team-access';
import { attributeName, isValueAction, noticeOf, valuesBody, valueWrites } from './automation-actions';
import { type ItemNotice, tellAboutItems } from './automation-notices';
import { runAutomation } from './automation-runner';
import { AUTOMATION_RUN_JOB, type AutomationRunJob, enabledAutomationsOf } from './automation-trigger';
import { reserveRuns, runsLimitOf, tellReserved } from './automation-usage';
import { conditionsHold, runAttributes, runOrigin, runSubject } from './run-parts';

/**
 * The job that performs automations' runs: a fetch of up to 50 (runs come in bursts: a batch of
 * edits, a minute's schedules) is run together (runAutomationBatch); retried when the database fails.
 */
export function registerAutomationRunner(ctx: AppContext): void {
  ctx.jobs.register<AutomationRunJob>({
    name: AUTOMATION_RUN_JOB,
    retryLimit: 3,
    batchSize: 50,
    handler: (job) => runAutomation(ctx, job.teamId, job.runId),
    handleMany: (jobs) => runAutomationBatch(ctx, jobs),
  });
}

/**
 * Whether a recipe's runs can be performed together (runAutomationBatch): its actions only change
 * values of the run's item, or tell people. A formula that would read what an earlier action of the
 * same run wrote needs that write stored first: such runs go alone.
 */
export function batchable(recipe: Recipe): boolean {
  let edits = 0;
  for (const action of recipe.actions) {
    if (action.kind === 'notify') continue;
    if (!isValueAction(action)) return false;
    if (action.kind === 'set_value' && action.value?.kind === 'formula' && edits > 0) return false;
    edits++;
  }
  return true;
}

/** The runs of one automation at one depth of a chain: performed in one transaction. */
interface Group {
  automation: AutomationRow;
  creator: UserRow;
  depth: number;
  runs: AutomationRunRow[];
}

/**
 * Runs a fetch of queued runs (docs/automations.md, "Execution"). The runs of one automation whose
 * actions only edit their item's values and tell people are performed together: one transaction
 * claims them, checks each (loop guard, item still there, conditions), counts them against the
 * month's limit, writes every item's edit in one UPDATE with its events and activity (by Autobot
 * via the automation, as a person's edits through the group commit), and logs each run; their
 * notifications go out after in one write. Everything else, and every run of a group whose
 * transaction failed or whose edit was refused, is run alone by `runAutomation`, which gives each
 * run its own outcome. Claims make a second delivery of any run do nothing.
 */
export async function runAutomationBatch(ctx: AppContext, jobs: readonly AutomationRunJob[]): Promise<void> {
  const teams = new Map<number, string[]>();
  for (const job of jobs) teams.set(job.teamId, [...(teams.get(job.teamId) ?? []), job.runId]);
  for (const [teamId, runIds] of teams) await runTeamBatch(ctx, teamId, runIds);
}

async function runTeamBatch(ctx: AppContext, teamId: number, runIds: string[]): Promise<void> {
  const runs = await ctx.db
    .select()
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.teamId, teamId),
        inArray(automationRuns.id, runIds),
        eq(automationRuns.state, 'queued'),
      ),
    );
  const alone: string[] = [];
  const groups = new Map<string, Group>();
  const creators = await findCreators(ctx, teamId, runs);
  // One edit per item in a batch: a second run on the same item goes after, alone.
  const items = new Set<string>();
  for (const run of runs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())) {
    const automation = (await enabledAutomationsOf(ctx, teamId, run.boardId)).find(
      (candidate) => candidate.id === run.automationId,
    );
    const creator = automation?.createdBy ? creators.get(automation.createdBy) : undefined;
    if (!automation || !creator || !run.itemId || items.has(run.itemId) || !batchable(automation.recipe)) {
      alone.push(run.id);
      continue;
    }
    items.add(run.itemId);
    const key = `${automation.id}:${run.depth}`;
    const group = groups.get(key) ?? { automation, creator, depth: run.depth, runs: [] };
    group.runs.push(run);
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    try {
      await runGroup(ctx, teamId, group);
    } catch (error) {
      if (!(error instanceof RunAlone))
        ctx.log.warn(
          { err: error, automationId: group.automation.id },
          'automation batch ran its runs alone',
        );
      alone.push(...group.runs.map((run) => run.id));
    }
  }
  for (const runId of alone) await runAutomation(ctx, teamId, runId);
}

/** A group's runs are to be run one by one (an edit was refused, or lost its compare-and-set). */
class RunAlone extends Error {}

/** The creators of the runs' automations who are still in the workspace. */
async function findCreators(ctx: AppContext, teamId: number, runs: readonly AutomationRunRow[]) {
  const automationIds = [...new Set(runs.map((run) => run.automationId))];
  const found = new Map<number, UserRow>();
  if (automationIds.length === 0) return found;
  const rows = await ctx.db
    .select({ user: users })
    .from(automations)
    .innerJoin(users, eq(users.id, automations.createdBy))
    .where(and(eq(automations.teamId, teamId), inArray(automations.id, automationIds)));
  for (const { user } of rows) if (await findCachedTeamAccess(ctx, teamId, user)) found.set(user.id, user);
  return found;
}

interface Finished {
  id: string;
  state: 'done' | 'skipped';
  result: Record<string, unknown>;
}

async function runGroup(ctx: AppContext, teamId: number, group: Group): Promise<void> {
  const { automation, creator, depth } = group;
  const { recipe } = automation;
  const timeZone = creator.timezone ?? 'UTC';
  const attributes = await runAttributes(ctx, teamId, automation.boardId);
  const limit = await runsLimitOf(ctx, teamId);
  const origin = runOrigin(ctx, automation, depth);
  const { notices, reserved, stopped } = await writeAs(origin, () =>
    runWrite(ctx, creator, teamId, async (scope) => {
      const { tx, now } = scope;
      const itemIds = group.runs.map((run) => run.itemId!);
      const recent = await recentRuns(tx, teamId, automation.id, itemIds, now);
      const claimed = await claim(tx, teamId, group.runs);
      const stored = await findItemsAnyState(tx, teamId, itemIds);
      const finished: Finished[] = [];
      const stopped: { runId: string; reason: string }[] = [];
      const toRun: { run: AutomationRunRow; item: ItemRow }[] = [];
      for (const run of group.runs) {
        if (!claimed.has(run.id)) continue;
        const stop = loopStop(run.depth, recent.get(run.itemId!) ?? 0);
        const item = stored.get(run.itemId!);
        const skip = (reason: string) => finished.push({ id: run.id, state: 'skipped', result: { reason } });
        if (stop) {
          stopped.push({ runId: run.id, reason: stop });
          skip(stop);
        } else if (!item || item.deletedAt) skip('item_gone');
        else if (!conditionsHold(automation, item, attributes, { timeZone, now })) skip('conditions_not_met');
        else toRun.push({ run, item });
      }
      const reserved = await reserveRuns(tx, { teamId, now, limit }, toRun.length);
      for (const { run } of toRun.slice(reserved.granted))
        finished.push({ id: run.id, state: 'skipped', result: { reason: 'runs_exceeded' } });
      const reads = itemReads(scope);
      const edits: PreparedEdit[] = [];
      const notices: ItemNotice[] = [];
      for (const { run, item } of toRun.slice(0, reserved.granted)) {
        const subject = runSubject(automation, run, attributes, timeZone);
        // Each action sees what the ones before it wrote, as when they are stored one by one.
        let working = item;
        const writes: Record<string, unknown> = {};
        const changes: { action: string; detail?: string }[] = [];
        for (const action of recipe.actions) {
          if (isValueAction(action)) {
            const written = valueWrites(action, subject, working, now);
            Object.assign(writes, written);
            working = withValues(working, written);
            changes.push({ action: action.kind, ...detailOf(attributeName(subject, action.attribute_id)) });
          } else if (action.kind === 'notify') {
            const { detail, notice } = noticeOf(action, subject, working);
            if (notice) notices.push({ ...notice, itemId: item.id });
            changes.push({ action: action.kind, ...detailOf(detail) });
          }
        }
        if (Object.keys(writes).length > 0) {
          const edit = await prepareItemEdit(
            scope,
            item,
            { values: valuesBody(writes) as never, row_version: item.rowVersion + 1 },
            reads,
          ).catch(() => {
            throw new RunAlone();
          });
          // A change of the board's plan moves other items: stored alone (items.service.ts).
          if (edit.plan) throw new RunAlone();
          edits.push(edit);
        }
        finished.push({ id: run.id, state: 'done', result: { changes } });
      }
      const written = await writeItemEdits(tx, teamId, edits);
      if (written.size !== edits.length) throw new RunAlone();
      const boards = [...new Set(edits.map((edit) => edit.next.boardId))];
      await announceItemUpdates(
        tx,
        edits.map((edit) => ({
          row: edit.next,
          actorId: ctx.autobotId,
          changes: edit.changes,
          previous: edit.previous,
        })),
        (await Promise.all(boards.map((boardId) => reads.structure.boardFolders(boardId)))).flat(),
      );
      await logRuns(tx, teamId, finished, now);
      const done = finished.filter((run) => run.state === 'done').length;
      if (done > 0)
        await tx
          .update(automations)
          .set({ runsTotal: sql`${automations.runsTotal} + ${done}`, lastRunAt: now, failuresInRow: 0 })
          .where(and(eq(automations.teamId, teamId), eq(automations.id, automation.id)));
      return { notices, reserved, stopped };
    }),
  );
  for (const { runId, reason } of stopped)
    ctx.log.warn({ automationId: automation.id, runId, reason }, 'automation run stopped');
  await tellReserved(ctx, { teamId, boardId: automation.boardId }, reserved);
  await tellAboutItems(ctx, teamId, automation.boardId, notices);
}

/** The item with these values written over its own (null clears), as later actions read it. */
function withValues(item: ItemRow, written: Record<string, unknown>): ItemRow {
  const values = { ...item.values };
  for (const [id, data] of Object.entries(written)) {
    if (data === null) delete values[id];
    else values[id] = { ...values[id], data } as ItemRow['values'][string];
  }
  return { ...item, values };
}

const detailOf = (detail: string | undefined) => (detail === undefined ? {} : { detail });

/** The group's runs that are still queued, claimed: marked done now, their outcome logged later in the transaction. */
async function claim(tx: DbOrTx, teamId: number, runs: readonly AutomationRunRow[]): Promise<Set<string>> {
  const rows = await tx
    .update(automationRuns)
    .set({ state: 'done' })
    .where(
      and(
        eq(automationRuns.teamId, teamId),
        inArray(
          automationRuns.id,
          runs.map((run) => run.id),
        ),
        eq(automationRuns.state, 'queued'),
      ),
    )
    .returning({ id: automationRuns.id });
  return new Set(rows.map((row) => row.id));
}

/** The automation's done runs in the past minute on each of these items (loop guard). */
async function recentRuns(
  tx: DbOrTx,
  teamId: number,
  automationId: string,
  itemIds: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const rows = await tx
    .select({ itemId: automationRuns.itemId, count: sql<number>`count(*)::int` })
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.teamId, teamId),
        eq(automationRuns.automationId, automationId),
        inArray(automationRuns.itemId, [...itemIds]),
        eq(automationRuns.state, 'done'),
        gte(automationRuns.createdAt, new Date(now.getTime() - 60_000)),
      ),
    )
    .groupBy(automationRuns.itemId);
  return new Map(rows.map((row) => [row.itemId!, Number(row.count)]));
}

const LOG_COLUMNS = { id: 'uuid', state: 'text', result: 'jsonb' } as const;

/** Each run's outcome and when it ended, in one UPDATE. */
async function logRuns(tx: DbOrTx, teamId: number, finished: readonly Finished[], now: Date) {
  if (finished.length === 0) return;
  await tx.execute(sql`
    UPDATE ${automationRuns} SET state = r.state, result = r.result, finished_at = ${now.toISOString()}::timestamptz
    FROM ${jsonRows(LOG_COLUMNS, finished)}
    WHERE ${automationRuns.teamId} = ${teamId}::integer AND ${automationRuns.id} = r.id`);
}
