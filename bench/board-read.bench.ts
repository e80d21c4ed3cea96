/**
 * Board read: `GET /api/{teamId}/folders/{folderId}/items` of a 10,000-item folder with 8
 * attributes must cost <= 1.3x a raw SELECT of the same rows plus JSON.stringify (ARCHITECTURE §6).
 * The ratio is of a read after a change (the kept answer dropped first, so the database builds
 * the JSON); the same line prints the kept read (`cached_ms`) and the kept read with
 * `Accept-Encoding: br, gzip` (`br_ms`, the bytes sent `br_bytes` against `plain_bytes`, and
 * `br_ratio` = br_ms / cached_ms: the compressed read from the cache must not be slower).
 *
 * Method:
 * - One app as in production (full plugin stack, auth, access checks) on a PGlite data directory. A
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

/** Forgets the kept folder answers, as a write of the workspace does (none before they were kept). */
function dropKept(board: BenchBoard) {
  const caches = (board.app.ctx as { caches?: { folders?: { drop(teamId: number): void } } }).caches;
  caches?.folders?.drop(board.teamId);
}

async function readThroughApi(
  board: BenchBoard,
  options: { cold?: boolean; encoding?: string } = {},
): Promise<{ ms: number; bytes: number }> {
  if (options.cold) dropKept(board);
  const start = performance.now();
  const res = await board.app.inject({
    method: 'GET',
    url: `/api/${board.teamId}/folders/${board.folderId}/items`,
    headers: {
      authorization: `Bearer ${board.token}`,
      ...(options.encoding ? { 'accept-encoding': options.encoding } : {}),
    },
  });
  const elapsed = performance.now() - start;
  if (res.statusCode !== 200 || !res.headers['x-content-hash']) throw new Error(`read: ${res.statusCode}`);
  if (!options.encoding) {
    const count = (res.body.match(/"object" ?: ?"item"/g) ?? []).length;
    if (count !== ITEMS) throw new Error(`read ${count} items, wanted ${ITEMS}`);
  } else if (res.headers['content-encoding'] !== 'br') throw new Error('the read was not sent with brotli');
  return { ms: elapsed, bytes: res.rawPayload.length };
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
      await readThroughApi(board, { cold: true });
      await readRaw(board);
    }
    const api: number[] = [];
    const raw: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      if (i % 2 === 0) {
        api.push((await readThroughApi(board, { cold: true })).ms);
        raw.push(await readRaw(board));
      } else {
        raw.push(await readRaw(board));
        api.push((await readThroughApi(board, { cold: true })).ms);
      }
    }
    // The kept answer, plain and compressed (the first compressed read compresses it once).
    await readThroughApi(board);
    await readThroughApi(board, { encoding: 'br, gzip' });
    const cached: number[] = [];
    const br: number[] = [];
    let plainBytes = 0;
    let brBytes = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const plain = await readThroughApi(board);
      const compressed = await readThroughApi(board, { encoding: 'br, gzip' });
      cached.push(plain.ms);
      br.push(compressed.ms);
      plainBytes = plain.bytes;
      brBytes = compressed.bytes;
    }
    const apiMs = median(api);
    const rawMs = median(raw);
    return {
      name: 'board-read',
      ratio: apiMs / rawMs,
      goal: '<=1.3',
      details: {
        items: ITEMS,
        attributes: 8,
        api_ms: round(apiMs, 1),
        raw_ms: round(rawMs, 1),
        cached_ms: round(median(cached), 1),
        br_ms: round(median(br), 1),
        br_ratio: round(median(br) / median(cached), 3),
        plain_bytes: plainBytes,
        br_bytes: brBytes,
      },
    };
  } finally {
    await board.close();
  }
}
