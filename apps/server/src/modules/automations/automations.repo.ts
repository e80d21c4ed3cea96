import { and, asc, desc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { automationRuns, automations, automationUsage } from '../../db/schema/automations';

/** A board's live automations, oldest first. */
export function findBoardAutomations(db: DbOrTx, teamId: number, boardId: string) {
  return db
    .select()
    .from(automations)
    .where(
      and(eq(automations.teamId, teamId), eq(automations.boardId, boardId), isNull(automations.deletedAt)),
    )
    .orderBy(asc(automations.createdAt), asc(automations.id));
}

/** A board's automations that are on: what its events are matched with. */
export function findEnabledAutomations(db: DbOrTx, teamId: number, boardId: string) {
  return db
    .select()
    .from(automations)
    .where(
      and(
        eq(automations.teamId, teamId),
        eq(automations.boardId, boardId),
        eq(automations.enabled, true),
        isNull(automations.deletedAt),
      ),
    )
    .orderBy(asc(automations.createdAt), asc(automations.id));
}

export async function findAutomation(db: DbOrTx, teamId: number, id: string) {
  const [row] = await db
    .select()
    .from(automations)
    .where(and(eq(automations.teamId, teamId), eq(automations.id, id)))
    .limit(1);
  return row;
}

/** Whether the id is taken by any workspace's automation (ids are chosen by clients). */
export async function isAutomationIdTaken(db: DbOrTx, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: automations.id })
    .from(automations)
    .where(eq(automations.id, id))
    .limit(1);
  return row !== undefined;
}

/** Runs that counted (done or failed) of each automation since `since`. */
export async function countRunsSince(
  db: DbOrTx,
  teamId: number,
  automationIds: readonly string[],
  since: Date,
): Promise<Map<string, number>> {
  if (automationIds.length === 0) return new Map();
  const rows = await db
    .select({ id: automationRuns.automationId, runs: sql<number>`count(*)::int` })
    .from(automationRuns)
    .where(
      and(
        eq(automationRuns.teamId, teamId),
        inArray(automationRuns.automationId, [...automationIds]),
        gte(automationRuns.createdAt, since),
        inArray(automationRuns.state, ['done', 'failed']),
      ),
    )
    .groupBy(automationRuns.automationId);
  return new Map(rows.map((row) => [row.id, Number(row.runs)]));
}

/** An automation's latest runs, newest first. */
export function findRuns(db: DbOrTx, teamId: number, automationId: string, limit: number) {
  return db
    .select()
    .from(automationRuns)
    .where(and(eq(automationRuns.teamId, teamId), eq(automationRuns.automationId, automationId)))
    .orderBy(desc(automationRuns.createdAt), desc(automationRuns.id))
    .limit(limit);
}

/** The workspace's runs counted in a period (0 when none). */
export async function findUsage(db: DbOrTx, teamId: number, period: string) {
  const [row] = await db
    .select()
    .from(automationUsage)
    .where(and(eq(automationUsage.teamId, teamId), eq(automationUsage.period, period)))
    .limit(1);
  return row ?? { teamId, period, runs: 0, warned: false, exceeded: false };
}
