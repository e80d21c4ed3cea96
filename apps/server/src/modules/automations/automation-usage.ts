import { crossedLevel, runPeriod } from '@strata/domain/automations/run-limits';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { type DbOrTx, rowsOf } from '../../db/client';
import { findBoardAudience } from '../boards/board-audience';
import { findOwnerAndAdmins, writeAutobotNotifications } from './automation-notices';
import { automationLimits } from './automations.service';

/** Runs counted against a workspace's monthly limit, and the level they took it to if it is new. */
export interface Reserved {
  period: string;
  granted: number;
  usage: number;
  limit: number | null;
  level: 'warning' | 'exceeded' | null;
}

/**
 * Counts up to `count` runs against the workspace's monthly `limit` (runsLimitOf, read before: not
 * in `db`'s transaction) as many as are left, in `db`: a batch's transaction counts its runs with
 * its changes, or not at all.
 */
export async function reserveRuns(
  db: DbOrTx,
  at: { teamId: number; now: Date; limit: number | null },
  count: number,
): Promise<Reserved> {
  const { teamId, limit } = at;
  const period = runPeriod(at.now).key;
  await db.execute(sql`INSERT INTO automation_usage (team_id, period, runs) VALUES (${teamId}, ${period}, 0)
    ON CONFLICT (team_id, period) DO NOTHING`);
  const result = await db.execute(sql`
    WITH old AS (SELECT runs FROM automation_usage WHERE team_id = ${teamId} AND period = ${period} FOR UPDATE)
    UPDATE automation_usage AS u SET runs = CASE WHEN ${limit}::int IS NULL THEN old.runs + ${count}::int
      ELSE GREATEST(old.runs, LEAST(old.runs + ${count}::int, ${limit}::int)) END
    FROM old WHERE u.team_id = ${teamId} AND u.period = ${period}
    RETURNING old.runs AS before, u.runs AS after`);
  const [row] = rowsOf<{ before: number | string; after: number | string }>(result).rows;
  const before = Number(row?.before ?? 0);
  const after = Number(row?.after ?? 0);
  return {
    period,
    granted: after - before,
    usage: after,
    limit,
    level: after > before ? crossedLevel(before, after, limit) : null,
  };
}

/** Counts one run of a board's automation, if one is left, and tells the owner and admins when it crossed a level. */
export async function takeRun(ctx: AppContext, teamId: number, boardId: string): Promise<boolean> {
  const limit = await runsLimitOf(ctx, teamId);
  const reserved = await reserveRuns(ctx.db, { teamId, now: ctx.clock.now(), limit }, 1);
  await tellReserved(ctx, { teamId, boardId }, reserved);
  return reserved.granted === 1;
}

/** A workspace's monthly runs limit, read at most every few seconds (runs come in bursts). */
const limits = new Map<number, { limit: number | null; readAt: number }>();
const LIMIT_KEPT_MS = 5_000;

export async function runsLimitOf(ctx: AppContext, teamId: number): Promise<number | null> {
  const kept = limits.get(teamId);
  if (kept && Date.now() - kept.readAt < LIMIT_KEPT_MS) return kept.limit;
  const result = await ctx.db.execute(sql`SELECT owner_id FROM teams WHERE id = ${teamId}`);
  const ownerId = Number(rowsOf<{ owner_id: number }>(result).rows[0]?.owner_id);
  const { runs: limit } = await automationLimits(ctx.db, { ownerId });
  if (limits.size > 10_000) limits.clear();
  limits.set(teamId, { limit, readAt: Date.now() });
  return limit;
}

/**
 * When runs took the workspace to 80 % or 100 % of its limit: AutomationRunsWarningNotification
 * or AutomationRunsExceededNotification to its owner and admins, once a period each, after the
 * reservation committed. Each names the board whose run crossed the level to those who see it, so
 * that it opens that board's automations on their usage (`?usage=automations`).
 */
export async function tellReserved(
  ctx: AppContext,
  at: { teamId: number; boardId: string },
  reserved: Reserved,
): Promise<void> {
  const { teamId } = at;
  const { level, period, usage, limit } = reserved;
  if (!level || limit === null) return;
  const column = level === 'warning' ? 'warned' : 'exceeded';
  const result = await ctx.db.execute(sql`
    UPDATE automation_usage SET ${sql.raw(column)} = true
    WHERE team_id = ${teamId} AND period = ${period} AND ${sql.raw(column)} = false RETURNING 1`);
  if (rowsOf(result).rows.length === 0) return;
  const people = await findOwnerAndAdmins(ctx, teamId);
  const [audience] = await findBoardAudience(ctx.db, {
    teamId,
    boardIds: [at.boardId],
    userIds: people,
    guests: false,
  });
  const seeing = new Set(audience?.seeing.map((access) => access.userId));
  await writeAutobotNotifications(
    ctx,
    people.map((userId) => ({
      userId,
      notificationType:
        level === 'warning' ? 'AutomationRunsWarningNotification' : 'AutomationRunsExceededNotification',
      teamId,
      ...(seeing.has(userId) ? { boardId: at.boardId } : {}),
      data: { usage, limit, created_by_name: 'Autobot' },
    })),
    { email: true },
  );
}
