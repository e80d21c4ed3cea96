/**
 * Board read: `GET /api/{teamId}/folders/{folderId}/items` of a 10,000-item folder with 8
 * attributes must cost <= 1.3x a raw SELECT of the same rows plus JSON.stringify (ARCHITECTURE §6).
 *
 * Method:
 * - One app as in production (full plugin stack, auth, access checks) on an in-memory PGlite. A
 *   board with 8 attributes (text, number, checkbox, label, members, date, email, long text) and
 *   ITEMS items holding a value of each, written in multi-row INSERTs; `ANALYZE` afterwards.
 * - Candidate: the route through `app.inject` (no sockets: the network is the same for both and
 *   not measured), answer checked (200, ITEMS items, an X-Content-Hash).
 * - Baseline: `SELECT * FROM items WHERE team_id AND folder_id AND deleted_at IS NULL ORDER BY
 *   sort_order, id` through the same driver (PGlite's query), then JSON.stringify of the rows.
 * - Warm-up of WARMUP reads per side, then ROUNDS rounds alternating which side goes first; a
 *   sample is one read. Ratio = median candidate / median baseline.
 */
import { type BenchBoard, insertBenchItems, openBenchBoard } from './lib/board-fixture';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const ITEMS = 10_000;
const WARMUP = 5;
const ROUNDS = 21;

async function readThroughApi(board: BenchBoard): Promise<number> {
  const start = performance.now();
  const res = await board.app.inject({
    method: 'GET',
    url: `/api/${board.teamId}/folders/${board.folderId}/items`,
    headers: { authorization: `Bearer ${board.token}` },
  });
  const elapsed = performance.now() - start;
  if (res.statusCode !== 200 || !res.headers['x-content-hash']) throw new Error(`read: ${res.statusCode}`);
  const count = (res.body.match(/"object" ?: ?"item"/g) ?? []).length;
  if (count !== ITEMS) throw new Error(`read ${count} items, wanted ${ITEMS}`);
  return elapsed;
}

async function readRaw(board: BenchBoard): Promise<number> {
  const start = performance.now();
  const { rows } = await board.database.executeSql(
    'SELECT * FROM items WHERE team_id = $1 AND folder_id = $2 AND deleted_at IS NULL ORDER BY sort_order, id',
    [board.teamId, board.folderId],
  );
  const json = JSON.stringify(rows);
  const elapsed = performance.now() - start;
  if (rows.length !== ITEMS || json.length === 0) throw new Error(`raw read ${rows.length} rows`);
  return elapsed;
}

export async function run(): Promise<BenchResult> {
  const board = await openBenchBoard();
  try {
    await insertBenchItems(board, board.folderId, ITEMS);
    for (let i = 0; i < WARMUP; i++) {
      await readThroughApi(board);
      await readRaw(board);
    }
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        api.push(await readThroughApi(board));
        raw.push(await readRaw(board));
      } else {
        raw.push(await readRaw(board));
        api.push(await readThroughApi(board));
      }
    }
    const apiMs = median(api);
    const rawMs = median(raw);
    return {
      name: 'board-read',
      ratio: apiMs / rawMs,
      goal: '<=1.3',
      details: { items: ITEMS, attributes: 8, api_ms: round(apiMs, 1), raw_ms: round(rawMs, 1) },
    };
  } finally {
    await board.close();
  }
}
