import type {
  Automation,
  AutomationRun,
  AutomationUsage,
  saveAutomationBody,
} from '@strata/contracts/automations';
import { MAX_AUTOMATIONS_PER_BOARD } from '@strata/domain/automations/recipe';
import { recipeProblems } from '@strata/domain/automations/recipe-check';
import { mayAddAutomation, runPeriod, runsLevel } from '@strata/domain/automations/run-limits';
import { AppError } from '@strata/domain/errors';
import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { noteInvalidation } from '../../cache/commit-hooks';
import type { AppContext } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  type AutomationRow,
  type AutomationRunRow,
  automationRuns,
  automations,
} from '../../db/schema/automations';
import type { UserRow } from '../../db/schema/users';
import { folderViews } from '../../db/schema/views';
import { boardCan, canViewBoard } from '../boards/board-access';
import { findBoardFolders, findBoards } from '../boards/boards.repo';
import { requireVisibleBoard } from '../boards/boards.service';
import { findBoardHooks } from '../hooks/hooks.repo';
import { findBoardAttributes } from '../items/items.repo';
import { toAttribute } from '../items/items.shapes';
import { runWrite, type WriteScope } from '../records/write-scope';
import { ensureSubscription, toSubscriptionState } from '../teams/subscriptions.service';
import { getTeamAccess } from '../teams/team-access';
import type { TeamAccess } from '../teams/team-access-types';
import { syncTimer } from './automation-clock';
import {
  countRunsSince,
  findAutomation,
  findBoardAutomations,
  findRuns,
  findUsage,
  isAutomationIdTaken,
} from './automations.repo';

type SaveAutomationBody = z.infer<typeof saveAutomationBody>;

/** The workspace's plan limits for automations: its owner's subscription. */
export async function automationLimits(db: DbOrTx, team: { ownerId: number }) {
  const { limits } = toSubscriptionState(await ensureSubscription(db, team.ownerId));
  return {
    runs: limits.AutomationRunsLimit ?? null,
    perBoard: typeof limits.AutomationsPerBoardLimit === 'number' ? limits.AutomationsPerBoardLimit : null,
  };
}

/** A board the caller sees and may manage the automations of (MANAGE_AUTOMATIONS); else 404 or 403. */
export async function requireManagedBoard(db: DbOrTx, access: TeamAccess, boardId: string) {
  const board = await requireVisibleBoard(db, access, boardId);
  if (!boardCan(access, board)('MANAGE_AUTOMATIONS')) throw new AppError('FORBIDDEN');
  return board;
}

/** What a recipe is checked against: the board's attributes, folders, forms and webhooks. */
export async function recipeBoardOf(db: DbOrTx, teamId: number, boardId: string) {
  const [attributes, folders, forms, boardHooks] = await Promise.all([
    findBoardAttributes(db, teamId, boardId),
    findBoardFolders(db, teamId, boardId),
    db
      .select({ id: folderViews.id })
      .from(folderViews)
      .where(
        and(
          eq(folderViews.teamId, teamId),
          eq(folderViews.boardId, boardId),
          eq(folderViews.type, 'form'),
          isNull(folderViews.deletedAt),
        ),
      ),
    findBoardHooks(db, teamId, boardId),
  ]);
  return {
    attributes: attributes.map((row) => {
      const attribute = toAttribute(row);
      return { id: attribute.id, name: attribute.name, type: attribute.type, settings: attribute.settings };
    }),
    folderIds: folders.map((folder) => folder.id),
    formIds: forms.map((form) => form.id),
    hookIds: boardHooks.map((hook) => hook.id),
  };
}

function toAutomation(
  row: AutomationRow,
  runsThisMonth: number,
  problems: Automation['problems'],
): Automation {
  return {
    id: row.id,
    board_id: row.boardId,
    name: row.name,
    enabled: row.enabled,
    recipe: row.recipe,
    off_reason: (row.offReason as Automation['off_reason']) ?? null,
    runs_total: row.runsTotal,
    runs_this_month: runsThisMonth,
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    problems,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    deleted: row.deletedAt !== null,
    row_version: row.rowVersion,
  };
}

/** Automations as the API shows them: with this month's runs and what keeps each from running. */
async function presentAutomations(
  ctx: AppContext,
  db: DbOrTx,
  teamId: number,
  boardId: string,
  rows: readonly AutomationRow[],
): Promise<Automation[]> {
  const [runs, board] = await Promise.all([
    countRunsSince(
      db,
      teamId,
      rows.map((row) => row.id),
      runPeriod(ctx.clock.now()).start,
    ),
    recipeBoardOf(db, teamId, boardId),
  ]);
  return rows.map((row) => toAutomation(row, runs.get(row.id) ?? 0, recipeProblems(row.recipe, board)));
}

/** GET /api/{teamId}/boards/{boardId}/automations: the board's automations (MANAGE_AUTOMATIONS). */
export async function listBoardAutomations(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  boardId: string;
}): Promise<Automation[]> {
  const { ctx, user } = options;
  const access = await getTeamAccess(ctx, options.teamId, user);
  const teamId = access.team.id;
  const board = await requireManagedBoard(ctx.db, access, options.boardId);
  const rows = await findBoardAutomations(ctx.db, teamId, board.id);
  return presentAutomations(ctx, ctx.db, teamId, board.id, rows);
}

/**
 * PUT /api/{teamId}/automations/{id}: creates (row_version 1) or updates (compare-and-set) an
 * automation of a board the caller manages the automations of. It may be saved with blanks while
 * off; switching it on needs a complete recipe ('The automation is not complete or not valid'),
 * runs left this month, and a slot on the board under the plan's limit. A person's save clears
 * the reason the server switched it off.
 */
export async function putAutomation(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
  body: SaveAutomationBody;
}): Promise<Automation> {
  const { ctx, user, id, body } = options;
  return runWrite(ctx, user, options.teamId, async (scope) => {
    const { tx, access, now } = scope;
    const teamId = access.team.id;
    const board = await requireManagedBoard(tx, access, body.board_id);
    const existing = await findAutomation(tx, teamId, id);
    if (existing && (existing.deletedAt || existing.boardId !== board.id)) throw new AppError('NOT_FOUND');
    const recipeBoard = await recipeBoardOf(tx, teamId, board.id);
    const problems = recipeProblems(body.recipe, recipeBoard);
    if (body.enabled) await requireMayRun(scope, problems);
    let row: AutomationRow | undefined;
    if (!existing) {
      if (body.row_version !== 1) throw new AppError('NOT_FOUND');
      if (await isAutomationIdTaken(tx, id)) throw new AppError('CONFLICT');
      await requireSlot(scope, board.id);
      [row] = await tx
        .insert(automations)
        .values({
          id,
          teamId,
          boardId: board.id,
          name: body.name,
          enabled: body.enabled,
          recipe: body.recipe,
          createdBy: user.id,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw new AppError('CONFLICT');
    } else {
      [row] = await tx
        .update(automations)
        .set({
          name: body.name,
          enabled: body.enabled,
          recipe: body.recipe,
          offReason: null,
          failuresInRow: body.enabled && !existing.enabled ? 0 : existing.failuresInRow,
          updatedAt: now,
          rowVersion: body.row_version,
        })
        .where(
          and(
            eq(automations.teamId, teamId),
            eq(automations.id, id),
            isNull(automations.deletedAt),
            eq(automations.rowVersion, body.row_version - 1),
          ),
        )
        .returning();
      if (!row) {
        const current = await findAutomation(tx, teamId, id);
        throw new AppError('CONFLICT', {
          current: current ? (await presentAutomations(ctx, tx, teamId, board.id, [current]))[0] : undefined,
        });
      }
    }
    noteInvalidation(tx, { scope: 'automations', teamId });
    await syncTimer(tx, row, now);
    return (await presentAutomations(ctx, tx, teamId, board.id, [row]))[0]!;
  });
}

async function requireMayRun(scope: WriteScope, problems: readonly { path: string; code: string }[]) {
  if (problems.length > 0)
    throw new AppError('AUTOMATION_INCOMPLETE', {
      errors: problems.map((problem) => ({
        path: `recipe.${problem.path}`,
        message: `${problem.code}: The automation is not complete or not valid`,
      })),
    });
  const limits = await automationLimits(scope.tx, scope.access.team);
  const usage = await findUsage(scope.tx, scope.access.team.id, runPeriod(scope.now).key);
  if (runsLevel(usage.runs, limits.runs) === 'exceeded') throw new AppError('AUTOMATION_RUNS_EXCEEDED');
}

async function requireSlot(scope: WriteScope, boardId: string) {
  const limits = await automationLimits(scope.tx, scope.access.team);
  const count = (await findBoardAutomations(scope.tx, scope.access.team.id, boardId)).length;
  if (!mayAddAutomation(count, limits.perBoard, MAX_AUTOMATIONS_PER_BOARD))
    throw new AppError('AUTOMATION_LIMIT_REACHED', {
      params: { limit: Math.min(limits.perBoard ?? MAX_AUTOMATIONS_PER_BOARD, MAX_AUTOMATIONS_PER_BOARD) },
    });
}

/** DELETE /api/{teamId}/automations/{id}: deleted at once (its runs go with it). */
export async function removeAutomation(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
}): Promise<void> {
  await runWrite(options.ctx, options.user, options.teamId, async ({ tx, access }) => {
    const teamId = access.team.id;
    const existing = await findAutomation(tx, teamId, options.id);
    if (!existing || existing.deletedAt) throw new AppError('NOT_FOUND');
    await requireManagedBoard(tx, access, existing.boardId);
    await tx.delete(automations).where(and(eq(automations.teamId, teamId), eq(automations.id, existing.id)));
    noteInvalidation(tx, { scope: 'automations', teamId });
  });
}

export function toRun(row: AutomationRunRow): AutomationRun {
  return {
    id: row.id,
    automation_id: row.automationId,
    item_id: row.itemId,
    state: row.state as AutomationRun['state'],
    trigger: row.occurrence,
    result: (row.result as AutomationRun['result']) ?? null,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

/** GET /api/{teamId}/automations/{id}/runs: its latest runs, newest first. */
export async function listRuns(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
  id: string;
  limit: number;
}): Promise<AutomationRun[]> {
  const { ctx } = options;
  const access = await getTeamAccess(ctx, options.teamId, options.user);
  const teamId = access.team.id;
  const existing = await findAutomation(ctx.db, teamId, options.id);
  if (!existing || existing.deletedAt) throw new AppError('NOT_FOUND');
  await requireManagedBoard(ctx.db, access, existing.boardId);
  return (await findRuns(ctx.db, teamId, existing.id, options.limit)).map(toRun);
}

const DAY_MS = 24 * 60 * 60 * 1000;
const USAGE_DAYS = 30;

/**
 * GET /api/{teamId}/automations/usage: the workspace's runs this period against its plan's limit,
 * the boards the caller sees with their runs and automations, and runs per day over 30 days.
 * Members only (not guests).
 */
export async function automationUsageOf(options: {
  ctx: AppContext;
  user: UserRow;
  teamId: number;
}): Promise<AutomationUsage> {
  const { ctx } = options;
  const access = await getTeamAccess(ctx, options.teamId, options.user);
  if (access.role === 'guest' || access.anonymous) throw new AppError('FORBIDDEN');
  const teamId = access.team.id;
  const now = ctx.clock.now();
  const period = runPeriod(now);
  const since = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS - (USAGE_DAYS - 1) * DAY_MS);
  const [limits, usage, teamBoards, counts, perDay] = await Promise.all([
    automationLimits(ctx.db, access.team),
    findUsage(ctx.db, teamId, period.key),
    findBoards(ctx.db, teamId),
    countsByBoard(ctx.db, teamId, period.start),
    ctx.db
      .select({
        day: sql<string>`to_char(${automationRuns.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`,
        runs: sql<number>`count(*)::int`,
      })
      .from(automationRuns)
      .where(
        and(
          eq(automationRuns.teamId, teamId),
          gte(automationRuns.createdAt, since),
          inArray(automationRuns.state, ['done', 'failed']),
        ),
      )
      .groupBy(sql`1`),
  ]);
  const runsOn = new Map(perDay.map((row) => [row.day, Number(row.runs)]));
  return {
    period: period.key,
    period_start: period.start.toISOString(),
    period_end: period.end.toISOString(),
    runs: usage.runs,
    limit: limits.runs,
    level: runsLevel(usage.runs, limits.runs),
    automations_per_board: limits.perBoard,
    // The boards the caller sees in the board list, with automations or runs.
    boards: teamBoards
      .filter((board) => canViewBoard(access, board) && counts.has(board.id))
      .map((board) => ({ board_id: board.id, board_name: board.name, ...counts.get(board.id)! })),
    days: Array.from({ length: USAGE_DAYS }, (_, index) => {
      const day = new Date(since.getTime() + index * DAY_MS).toISOString().slice(0, 10);
      return { day, runs: runsOn.get(day) ?? 0 };
    }),
  };
}

/** Per board: its live automations and this period's counted runs (boards with neither are left out). */
async function countsByBoard(db: DbOrTx, teamId: number, since: Date) {
  const [saved, ran] = await Promise.all([
    db
      .select({ boardId: automations.boardId, n: sql<number>`count(*)::int` })
      .from(automations)
      .where(and(eq(automations.teamId, teamId), isNull(automations.deletedAt)))
      .groupBy(automations.boardId),
    db
      .select({ boardId: automationRuns.boardId, n: sql<number>`count(*)::int` })
      .from(automationRuns)
      .where(
        and(
          eq(automationRuns.teamId, teamId),
          gte(automationRuns.createdAt, since),
          inArray(automationRuns.state, ['done', 'failed']),
        ),
      )
      .groupBy(automationRuns.boardId),
  ]);
  const counts = new Map<string, { automations: number; runs: number }>();
  const at = (boardId: string) =>
    counts.get(boardId) ?? counts.set(boardId, { automations: 0, runs: 0 }).get(boardId)!;
  for (const row of saved) at(row.boardId).automations = Number(row.n);
  for (const row of ran) at(row.boardId).runs = Number(row.n);
  return counts;
}
