/**
 * Edit latency: 50 editors changing values of their own items on one board at once, over HTTP on
 * loopback, for 30 s (PGlite). Goal: p99 <= 50 ms and no error (issue 12).
 *
 * Method:
 * - One app as in production (bench board: 8 attributes) listening on 127.0.0.1; 50 members, each
 *   with an item in the board's folder. Clients run in this process (fetch, keep-alive).
 * - Candidate: each editor in a loop PUTs a change of two values of its item (compare-and-set on
 *   row_version, a fresh idempotency key each), for DURATION_S.
 * - Baseline, in the same run: the same 50 clients in a loop GET /api/me (authenticated, nothing
 *   to read once the token is known) for BASELINE_S.
 * - Ratio = edit p99 / bare GET p99 (latency, lower is better).
 */
import { type BenchBoard, openBenchBoard } from './lib/board-fixture';
import { bareGet, createEditors, editOnce, listenOnLoopback, percentile, runLoops } from './lib/load';
import { round } from './lib/stats';
import type { BenchResult } from './lib/types';

const EDITORS = 50;
const DURATION_S = 30;
const BASELINE_S = 10;
const WARMUP_S = 2;

export async function run(): Promise<BenchResult> {
  const board: BenchBoard = await openBenchBoard();
  try {
    const baseUrl = await listenOnLoopback(board);
    const editors = await createEditors(board, baseUrl, EDITORS, board.folderId);
    let n = 0;
    const edit = (slot: number) => editOnce(board, baseUrl, editors[slot]!, n++);
    await runLoops(EDITORS, WARMUP_S * 1000, edit);
    await runLoops(EDITORS, WARMUP_S * 1000, (slot) => bareGet(baseUrl, editors[slot]!.token));
    const bare = await runLoops(EDITORS, BASELINE_S * 1000, (slot) => bareGet(baseUrl, editors[slot]!.token));
    const edits = await runLoops(EDITORS, DURATION_S * 1000, edit);
    const p99 = percentile(edits.latencies, 99);
    const bareP99 = percentile(bare.latencies, 99);
    return {
      name: 'edit-latency',
      ratio: p99 / bareP99,
      goal: 'p99_ms<=50',
      details: {
        editors: EDITORS,
        seconds: DURATION_S,
        edits: edits.requests,
        errors: edits.errors + bare.errors,
        p50_ms: round(percentile(edits.latencies, 50), 1),
        p95_ms: round(percentile(edits.latencies, 95), 1),
        p99_ms: round(p99, 1),
        bare_get_p99_ms: round(bareP99, 1),
        edits_per_s: round(edits.requests / DURATION_S),
      },
    };
  } finally {
    await board.close();
  }
}
