/**
 * Edit latency: 50 editors changing values of their own items on one board at once, over HTTP on
 * loopback, for 30 s (PGlite). Goal: p99 <= 50 ms and no error (issue 12).
 *
 * Method:
 * - One app as in production (bench board: 8 attributes) listening on 127.0.0.1; 50 members, each
 *   with an item in the board's folder. Clients run in a thread of their own (fetch, keep-alive),
 *   so the server's event loop does only the server's work, as with clients on other machines;
 *   each side first runs WARMUP_S unmeasured in that thread (its HTTP client and connections warm).
 * - Candidate: each editor in a loop PUTs a change of two values of its item (compare-and-set on
 *   row_version, a fresh idempotency key each), for DURATION_S.
 * - Baseline, in the same run: the same 50 clients in a loop GET /api/me (authenticated, nothing
 *   to read once the token is known) for BASELINE_S.
 * - Ratio = edit p99 / bare GET p99 (latency, lower is better).
 */
import { type BenchBoard, openBenchBoard } from './lib/board-fixture';
import { createEditors, editJob, listenOnLoopback, percentile, runInThread } from './lib/load';
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
    const warmupMs = WARMUP_S * 1000;
    const bare = await runInThread({
      kind: 'get',
      url: `${baseUrl}/api/me`,
      tokens: editors.map((editor) => editor.token),
      warmupMs,
      durationMs: BASELINE_S * 1000,
    });
    const edits = await runInThread(
      editJob(baseUrl, board, editors, { first: 0, warmupMs, durationMs: DURATION_S * 1000 }),
    );
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
