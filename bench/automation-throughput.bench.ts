/**
 * Automations' throughput (issue 16): 1,000 item updates, each triggering one "set a value and
 * notify" automation, against the same value writes done directly.
 *
 * Method:
 * - One app as in production on a PGlite data directory, a board of eight attributes, 2,000 items.
 * - Candidate: an automation "when `number` changes, set `date` to today and notify the one who
 *   changed it" is on; 1,000 items get a new number through `PUT /api/{teamId}/items/{id}`, 32 at a
 *   time; the sample is the wall time until every run has ended (runs polled every 20 ms). Each
 *   item must have exactly one run, done, and its date set: no run lost or doubled.
 * - Baseline: the automation off; the other 1,000 items get the same number and then the date the
 *   automation would have written, each through the API as a person would (two PUTs per item), 32
 *   items at a time.
 * - Ratio = candidate time / baseline time. Goal: <= 3.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { automationRuns } from '../apps/server/src/db/schema/automations';
import { type BenchBoard, createItemsTogether, openBenchBoard } from './lib/board-fixture';
import { round } from './lib/stats';
import type { BenchResult } from './lib/types';

const UPDATES = 1000;
const CONCURRENCY = 32;

async function send(board: BenchBoard, method: 'PUT' | 'GET', url: string, payload?: object) {
  const res = await board.app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${board.token}` },
    ...(payload ? { payload } : {}),
  });
  if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Runs `work` over `list`, `CONCURRENCY` at a time. */
async function pool<T>(list: readonly T[], work: (entry: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < list.length) await work(list[next++]!);
    }),
  );
}

async function folderItems(board: BenchBoard): Promise<{ id: string; row_version: number }[]> {
  return send(board, 'GET', `/api/${board.teamId}/folders/${board.folderId}/items`);
}

export async function run(): Promise<BenchResult> {
  const board = await openBenchBoard();
  try {
    let n = 0;
    for (let i = 0; i < (2 * UPDATES) / 100; i++) await createItemsTogether(board, 100, () => n++);
    const all = await folderItems(board);
    const candidates = all.slice(0, UPDATES);
    const baseline = all.slice(UPDATES, 2 * UPDATES);
    const { number, date } = board.attributeIds as Record<string, string>;
    const today = new Date().toISOString().slice(0, 10);

    // Baseline: what the automation does, done directly.
    const baseStart = performance.now();
    await pool(baseline, async (item) => {
      const url = `/api/${board.teamId}/items/${item.id}`;
      await send(board, 'PUT', url, {
        values: { [number!]: { data: 7 } },
        row_version: item.row_version + 1,
      });
      await send(board, 'PUT', url, {
        values: { [date!]: { data: today } },
        row_version: item.row_version + 2,
      });
    });
    const baseMs = performance.now() - baseStart;

    const automationId = randomUUID();
    await send(board, 'PUT', `/api/${board.teamId}/automations/${automationId}`, {
      board_id: board.boardId,
      name: 'Stamp and tell',
      enabled: true,
      recipe: {
        trigger: { kind: 'value_changed', attribute_id: number },
        actions: [
          { kind: 'set_value', attribute_id: date, value: { kind: 'today' } },
          { kind: 'notify', to: { actor: true }, message: '{item} changed' },
        ],
      },
      row_version: 1,
    });
    // The workspace's plan would stop at 250 runs a month: no limit for the bench.
    await board.database.db.execute(
      sql`UPDATE subscriptions SET limits = limits || '{"AutomationRunsLimit": null}'::jsonb`,
    );

    const start = performance.now();
    await pool(candidates, async (item) => {
      await send(board, 'PUT', `/api/${board.teamId}/items/${item.id}`, {
        values: { [number!]: { data: 7 } },
        row_version: item.row_version + 1,
      });
    });
    const db = board.database.db;
    for (;;) {
      const [row] = await db
        .select({
          ended: sql<number>`count(*) FILTER (WHERE ${automationRuns.state} <> 'queued')::int`,
          all: sql<number>`count(*)::int`,
        })
        .from(automationRuns)
        .where(eq(automationRuns.automationId, automationId));
      if (Number(row?.ended) >= UPDATES) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const candidateMs = performance.now() - start;

    const perItem = await db
      .select({ itemId: automationRuns.itemId, runs: sql<number>`count(*)::int` })
      .from(automationRuns)
      .where(and(eq(automationRuns.automationId, automationId), eq(automationRuns.state, 'done')))
      .groupBy(automationRuns.itemId);
    const exactlyOnce = perItem.length === UPDATES && perItem.every((row) => Number(row.runs) === 1);
    if (!exactlyOnce) throw new Error(`runs lost or doubled: ${perItem.length} items ran`);
    return {
      name: 'automation-throughput',
      ratio: candidateMs / baseMs,
      goal: '<=3',
      details: {
        updates: UPDATES,
        automation_ms: round(candidateMs),
        direct_ms: round(baseMs),
        runs_per_s: round((UPDATES / candidateMs) * 1000),
        exactly_once: 'yes',
      },
    };
  } finally {
    await board.close();
  }
}
