/**
 * Item creates: 32 concurrent `PUT /api/{teamId}/items/{id}` (creates, 8 values each) against 32
 * concurrent raw single-row INSERTs of the same rows (ARCHITECTURE §6: concurrent creates are
 * group-committed).
 *
 * Method:
 * - One app as in production (full plugin stack, auth, access checks, domain validation of every
 *   value, events and delta-sync notes) on a PGlite data directory, with a board of 8 attributes.
 * - Candidate: CONCURRENCY creates through `app.inject` started together; the sample is the wall
 *   time until all answered (each answer checked: 200, row_version 1).
 * - Baseline: CONCURRENCY `INSERT INTO items (...) VALUES (...)` of the same stored rows through
 *   the same driver (PGlite's query), started together.
 * - Warm-up of WARMUP rounds per side, then ROUNDS rounds alternating which side goes first.
 *   Ratio = median baseline time / median candidate time (creates per second, relative).
 * - `BENCH_DATABASE_URL=postgres://...`: the same on a new database of that PostgreSQL server
 *   (dropped afterwards), the raw inserts each in its own transaction through the app's pool, as
 *   clients would send them. Goals: >= 0.5 on PGlite, >= 1.0 on PostgreSQL.
 */
import { randomUUID } from 'node:crypto';
import type { StoredValues } from '../apps/server/src/db/schema/items';
import { type BenchBoard, benchValues, createItemsTogether, openBenchBoard } from './lib/board-fixture';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const CONCURRENCY = 32;
const WARMUP = 5;
const ROUNDS = 31;

let counter = 0;

const createThroughApi = (board: BenchBoard) => createItemsTogether(board, CONCURRENCY, () => counter++);

const INSERT = `INSERT INTO items (id, team_id, board_id, folder_id, sort_order, values, created_by, created_at, updated_at, row_version)
  VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, $7, 1)`;

async function insertRaw(board: BenchBoard): Promise<number> {
  const now = new Date().toISOString();
  const rows = Array.from({ length: CONCURRENCY }, () => {
    const values: StoredValues = {};
    for (const [attributeId, { data }] of Object.entries(benchValues(board, counter++)))
      values[attributeId] = { id: randomUUID(), attribute_id: attributeId, data };
    return [
      randomUUID(),
      board.teamId,
      board.boardId,
      board.folderId,
      JSON.stringify(values),
      board.ownerId,
      now,
    ];
  });
  const start = performance.now();
  await Promise.all(rows.map((row) => board.database.executeSql(INSERT, row)));
  return performance.now() - start;
}

export async function run(): Promise<BenchResult> {
  const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
  const board = await openBenchBoard({}, { databaseUrl });
  try {
    for (let i = 0; i < WARMUP; i++) {
      await createThroughApi(board);
      await insertRaw(board);
    }
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        api.push(await createThroughApi(board));
        raw.push(await insertRaw(board));
      } else {
        raw.push(await insertRaw(board));
        api.push(await createThroughApi(board));
      }
    }
    const apiMs = median(api);
    const rawMs = median(raw);
    return {
      name: databaseUrl ? 'item-create-postgres' : 'item-create',
      ratio: rawMs / apiMs,
      goal: databaseUrl ? '>=1.0' : '>=0.5',
      details: {
        concurrency: CONCURRENCY,
        api_ms: round(apiMs, 1),
        raw_ms: round(rawMs, 1),
        api_per_s: round((CONCURRENCY / apiMs) * 1000),
        raw_per_s: round((CONCURRENCY / rawMs) * 1000),
      },
    };
  } finally {
    await board.close();
  }
}
