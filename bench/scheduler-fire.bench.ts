/**
 * Scheduled automations firing (issue 16): 10,000 schedules due in the same minute, fired by the
 * minute tick on PGlite, within 60 s.
 *
 * Method:
 * - One app as in production on a PGlite data directory; 100 boards with 100 automations each
 *   ("every day at 09:00, create an item"), written straight into the tables (a board holds at
 *   most 100), with their timers due one second ago.
 * - Candidate: one minute tick (`fireDueTimers`, what pg-boss's scheduler starts every minute),
 *   timed until it has written every run with its job and moved every timer to its next time.
 *   Every automation must have exactly one run, and no timer may still be due.
 * - Baseline: the same 10,000 run rows written by one multi-row INSERT per 500, as the bare cost
 *   of the writes (context for the figure).
 * - Ratio = tick time / 60 s (the limit). Goal: <= 1.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { automationRuns, automations, automationTimers } from '../apps/server/src/db/schema/automations';
import { boards, folders } from '../apps/server/src/db/schema/boards';
import { fireDueTimers } from '../apps/server/src/modules/automations/automation-clock';
import { base62Id, openBenchBoard } from './lib/board-fixture';
import { round } from './lib/stats';
import type { BenchResult } from './lib/types';

const BOARDS = 100;
const PER_BOARD = 100;
const TOTAL = BOARDS * PER_BOARD;
const LIMIT_MS = 60_000;
const CHUNK = 500;

export async function run(): Promise<BenchResult> {
  const board = await openBenchBoard();
  try {
    const db = board.database.db;
    const now = new Date();
    const due = new Date(now.getTime() - 1000);
    const boardIds = Array.from({ length: BOARDS }, () => base62Id());
    await db
      .insert(boards)
      .values(
        boardIds.map((id) => ({ id, teamId: board.teamId, name: `Board ${id}`, createdBy: board.ownerId })),
      );
    const folderOf = new Map(boardIds.map((id) => [id, base62Id()]));
    await db.insert(folders).values(
      boardIds.map((id) => ({
        id: folderOf.get(id)!,
        teamId: board.teamId,
        boardId: id,
        name: 'All',
        createdBy: board.ownerId,
      })),
    );
    const rows = boardIds.flatMap((boardId) =>
      Array.from({ length: PER_BOARD }, (_, index) => ({
        id: randomUUID(),
        teamId: board.teamId,
        boardId,
        name: `Daily ${index}`,
        enabled: true,
        createdBy: board.ownerId,
        recipe: {
          version: 1 as const,
          trigger: { kind: 'schedule' as const, schedule: { every: 'day' as const, at: '09:00' } },
          conditions: [],
          condition_match: 'all' as const,
          actions: [
            {
              kind: 'create_item' as const,
              folder_id: folderOf.get(boardId)!,
              as_subitem: false,
              values: [],
            },
          ],
        },
      })),
    );
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      await db.insert(automations).values(chunk);
      await db
        .insert(automationTimers)
        .values(
          chunk.map((row) => ({ automationId: row.id, teamId: board.teamId, nextAt: due, timeZone: 'UTC' })),
        );
    }

    // Baseline: the bare writes of as many run rows.
    const baseStart = performance.now();
    for (let i = 0; i < rows.length; i += CHUNK)
      await db.insert(automationRuns).values(
        rows.slice(i, i + CHUNK).map((row) => ({
          teamId: board.teamId,
          automationId: row.id,
          boardId: row.boardId,
          runKey: 'baseline',
          occurrence: { kind: 'scheduled' },
        })),
      );
    const baseMs = performance.now() - baseStart;
    await db.execute(sql`DELETE FROM automation_runs WHERE run_key = 'baseline'`);

    const start = performance.now();
    const fired = await fireDueTimers(board.app.ctx, now);
    const tickMs = performance.now() - start;

    const [counted] = await db
      .select({
        runs: sql<number>`count(DISTINCT ${automationRuns.automationId})::int`,
        all: sql<number>`count(*)::int`,
      })
      .from(automationRuns);
    const [stillDue] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(automationTimers)
      .where(sql`${automationTimers.nextAt} <= ${now.toISOString()}::timestamptz`);
    if (
      fired !== TOTAL ||
      Number(counted?.runs) !== TOTAL ||
      Number(counted?.all) !== TOTAL ||
      Number(stillDue?.n) !== 0
    )
      throw new Error(
        `fired ${fired}, ${counted?.runs} automations ran (${counted?.all} runs), ${stillDue?.n} still due`,
      );
    return {
      name: 'scheduler-fire',
      ratio: tickMs / LIMIT_MS,
      goal: '<=1',
      details: {
        schedules: TOTAL,
        tick_ms: round(tickMs),
        limit_ms: LIMIT_MS,
        bare_inserts_ms: round(baseMs),
        fired_per_s: round((TOTAL / tickMs) * 1000),
      },
    };
  } finally {
    await board.close();
  }
}
