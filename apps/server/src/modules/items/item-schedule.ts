import { randomUUID } from 'node:crypto';
import type { AttributeErrorCode } from '@strata/domain/attributes/value-errors';
import { valueError } from '@strata/domain/attributes/value-errors';
import type { ScheduleTask } from '@strata/domain/scheduling/dependencies';
import { readScheduleTask, scheduledValue } from '@strata/domain/scheduling/dependency-values';
import { reschedule } from '@strata/domain/scheduling/schedule';
import { type LinkProblemCode, validateLinks } from '@strata/domain/scheduling/validate-links';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { type ItemRow, items, type StoredValues } from '../../db/schema/items';
import { inJsonbOrder } from '../../events/json-rows';
import type { WriteScope } from '../records/write-scope';
import { type BoardPlan, boardPlanOf, planChanged } from './board-plan';
import type { PreparedEdit } from './item-edit';
import { writeItemEdits } from './item-edit';
import { announceItemUpdates } from './item-events';
import type { ItemReads } from './item-reads';
import { type ChangedValue, valueErrors } from './item-values';

/** One item's save as the plan sees it: its values after the save and the changes that make them. */
export interface PlannedSave {
  boardId: string;
  id: string;
  values: StoredValues;
  changes: ChangedValue[];
}

/** The 422 code of each problem the domain's validateLinks reports for a saved item's links. */
const PROBLEM_CODES: Partial<Record<LinkProblemCode, AttributeErrorCode>> = {
  SELF_LINK: 'DEPENDENCY_SELF',
  UNKNOWN_PREDECESSOR: 'DEPENDENCY_UNKNOWN_ITEM',
  UNKNOWN_TYPE: 'DEPENDENCY_TYPE',
  INVALID_LAG: 'DEPENDENCY_LAG',
  DUPLICATE_LINK: 'DEPENDENCY_DUPLICATE',
};

interface PlanRow {
  id: string;
  links: unknown;
  dates: unknown;
  name: unknown;
}

/**
 * The board's items that take part in its plan (a dependency value or a scheduled date), plus the
 * live items of the board among `alsoIds` (the saved item's predecessors, which count as on the
 * board whatever they hold).
 */
async function readPlanRows(
  scope: WriteScope,
  boardId: string,
  plan: BoardPlan,
  alsoIds: readonly string[],
): Promise<PlanRow[]> {
  const dep = plan.dependency.id;
  const dates = plan.dates?.id ?? dep;
  const name = plan.name?.id ?? dep;
  const also =
    alsoIds.length > 0
      ? sql`OR id IN (${sql.join(
          alsoIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const result = await scope.tx.execute(sql`
    SELECT id, values -> ${dep} -> 'data' AS links, values -> ${dates} -> 'data' AS dates,
      values -> ${name} -> 'data' AS name
    FROM ${items}
    WHERE team_id = ${scope.access.team.id}::integer AND board_id = ${boardId} AND deleted_at IS NULL
      AND (values ? ${dep} OR values ? ${dates} ${also})`);
  return rowsOf<PlanRow>(result).rows;
}

/**
 * Applies the board's plan to a save of one item (docs/gantt-scheduling.md), inside its
 * transaction and before it is written: its links are checked against the board (not itself, on
 * the board, each once, no cycle: 422 naming the problem, nothing written), then every
 * dependency is made to hold by the domain's flexible rule. The saved item's own dates move in
 * `save` (its values and changes) when its predecessors push it; the other items that move are
 * answered as edits to write with `writePlanMoves`. Writers of a board's plan take its lock for
 * the rest of the transaction, so that two saves never plan from each other's old dates.
 */
export async function planSave(
  scope: WriteScope,
  reads: ItemReads,
  save: PlannedSave,
): Promise<PreparedEdit[]> {
  const attributes = await reads.boardAttributes(save.boardId);
  const plan = boardPlanOf(attributes);
  if (!plan || !planChanged(plan, save.changes)) return [];
  const { tx } = scope;
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`plan:${save.boardId}`}))`);
  const ownLinks = save.values[plan.dependency.id]?.data;
  const predecessorIds = predecessorsOf(ownLinks);
  const rows = await readPlanRows(scope, save.boardId, plan, predecessorIds);
  const names = new Map<string, string>();
  const tasks: ScheduleTask[] = [];
  // Without a scheduled attribute the links are still checked; no item has days to move.
  const taskOf = (id: string, links: unknown, dates: unknown) =>
    readScheduleTask(id, links, plan.dates ? dates : null);
  for (const row of rows) {
    if (typeof row.name === 'string') names.set(row.id, row.name);
    if (row.id !== save.id) tasks.push(taskOf(row.id, row.links, row.dates));
  }
  tasks.push(taskOf(save.id, ownLinks, plan.dates ? save.values[plan.dates.id]?.data : null));
  const ownName = plan.name ? save.values[plan.name.id]?.data : undefined;
  if (typeof ownName === 'string') names.set(save.id, ownName);

  // Only links the save adds are judged: a predecessor deleted since a link was made must not
  // stop every later save of its dependent (the scheduler leaves such a link out).
  const linkChange = save.changes.find((change) => change.attributeId === plan.dependency.id);
  const kept = new Set(linkChange ? predecessorsOf(linkChange.before) : predecessorIds);
  const problems = validateLinks(tasks).filter((problem) =>
    problem.code === 'CYCLE'
      ? problem.itemIds.includes(save.id)
      : problem.itemIds[0] === save.id && !kept.has(problem.itemIds[1]!),
  );
  const refused = problems.flatMap((problem) => {
    if (problem.code === 'CYCLE') {
      // Told from the saved item: each one a predecessor of the next, back to it.
      const at = problem.itemIds.indexOf(save.id);
      const ring = [...problem.itemIds.slice(at), ...problem.itemIds.slice(0, at)];
      const cycle = [...ring, save.id].map((id) => names.get(id) || id);
      return [valueError('DEPENDENCY_CYCLE', { names: cycle.join(' -> ') })];
    }
    const code = PROBLEM_CODES[problem.code];
    return code ? [valueError(code, {}, `${problem.linkIndex}.item_id`)] : [];
  });
  if (refused.length > 0)
    throw valueErrors(refused.map((error) => ({ ...error, attributeId: plan.dependency.id })));
  if (!plan.dates) return [];

  const changes = reschedule(tasks, plan.calendar);
  const datesId = plan.dates.id;
  const type = plan.dates.type as 'date' | 'date_range';
  const others = changes.filter((change) => change.id !== save.id);
  const mine = changes.find((change) => change.id === save.id);
  if (mine) setValue(save.values, save.changes, datesId, scheduledValue(type, mine));
  if (others.length === 0) return [];

  // The items that move, locked until the transaction ends, so each compare-and-set holds.
  const moving = await tx
    .select()
    .from(items)
    .where(
      and(
        eq(items.teamId, scope.access.team.id),
        inArray(
          items.id,
          others.map((change) => change.id),
        ),
        isNull(items.deletedAt),
      ),
    )
    .for('update');
  const byId = new Map(moving.map((row) => [row.id, row]));
  return others.flatMap((change) => {
    const row = byId.get(change.id);
    if (!row) return [];
    const values = { ...row.values };
    const valueChanges: ChangedValue[] = [];
    setValue(values, valueChanges, datesId, scheduledValue(type, change));
    const next: ItemRow = {
      ...row,
      values: inJsonbOrder(values) as ItemRow['values'],
      updatedAt: scope.now,
      rowVersion: row.rowVersion + 1,
    };
    return [{ previous: row, next, changes: valueChanges, moved: false }];
  });
}

/** The predecessors' ids a dependency value names. */
function predecessorsOf(links: unknown): string[] {
  return Array.isArray(links)
    ? links.flatMap((entry) => (typeof entry?.item_id === 'string' ? [entry.item_id as string] : []))
    : [];
}

/** Sets one value in an item's values, noting the change (or updating the one already noted). */
function setValue(values: StoredValues, changes: ChangedValue[], attributeId: string, data: unknown): void {
  const before = values[attributeId];
  const valueId = before?.id ?? randomUUID();
  values[attributeId] = { id: valueId, attribute_id: attributeId, data } as StoredValues[string];
  const noted = changes.find((change) => change.attributeId === attributeId);
  if (noted) noted.data = data;
  else changes.push({ attributeId, valueId, data, created: !before, before: before?.data ?? null });
}

/** Writes the items the plan moved (planSave), announced as changes by the one who saved. */
export async function writePlanMoves(
  scope: WriteScope,
  reads: ItemReads,
  moves: readonly PreparedEdit[],
): Promise<void> {
  if (moves.length === 0) return;
  const written = await writeItemEdits(scope.tx, scope.access.team.id, moves);
  const updates = moves
    .filter((move) => written.has(move.next.id))
    .map((move) => ({
      row: move.next,
      actorId: scope.user.id,
      changes: move.changes,
      previous: move.previous,
    }));
  await announceItemUpdates(scope.tx, updates, await reads.structure.boardFolders(moves[0]!.next.boardId));
}
