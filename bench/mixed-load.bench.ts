/**
 * Mixed load: 10 clients reading a 1,000-item folder while 40 edit values of items in it, for 30 s
 * over HTTP on loopback (PGlite). Goals: no error, edit p99 <= 250 ms, read p99 <= 500 ms (issue 12:
 * reads used to hold the one connection while re-serialising the whole folder).
 *
 * Method:
 * - One app as in production (bench board: 8 attributes) listening on 127.0.0.1, the folder
 *   filled with 1,000 items of 8 values; 40 members each with an item of their own in it. The
 *   editors and the readers run in threads of their own (load-worker.ts).
 * - Alone (the baseline, same run): the 40 editors, no readers, for ALONE_S.
 * - Under load: the 40 editors and 10 readers (plain GETs of the whole folder, no If-None-Match,
 *   no compression: every answer is the full JSON), for DURATION_S.
 * - Ratio = edit p99 under load / edit p99 alone (lower is better).
 */
import { type BenchBoard, insertBenchItems, openBenchBoard } from './lib/board-fixture';
import { createEditors, editJob, listenOnLoopback, percentile, runInThread } from './lib/load';
import { round } from './lib/stats';
import type { BenchResult } from './lib/types';

const READERS = 10;
const EDITORS = 40;
const ITEMS = 1000;
const DURATION_S = 30;
const ALONE_S = 10;
const WARMUP_MS = 2000;

export async function run(): Promise<BenchResult> {
  const board: BenchBoard = await openBenchBoard();
  try {
    await insertBenchItems(board, board.folderId, ITEMS - EDITORS);
    const baseUrl = await listenOnLoopback(board);
    const editors = await createEditors(board, baseUrl, EDITORS, board.folderId);
    const edit = (durationMs: number, first: number) =>
      editJob(baseUrl, board, editors, { first, warmupMs: WARMUP_MS, durationMs });
    const alone = await runInThread(edit(ALONE_S * 1000, 0));
    // The readers warm up while the editors do: both measure the same 30 s afterwards.
    const [edits, reads] = await Promise.all([
      runInThread(edit(DURATION_S * 1000, 1_000_000)),
      runInThread({
        kind: 'get',
        url: `${baseUrl}/api/${board.teamId}/folders/${board.folderId}/items`,
        tokens: Array.from({ length: READERS }, () => board.token),
        headers: { 'accept-encoding': 'identity' },
        warmupMs: WARMUP_MS,
        durationMs: DURATION_S * 1000,
      }),
    ]);
    const editP99 = percentile(edits.latencies, 99);
    const aloneP99 = percentile(alone.latencies, 99);
    return {
      name: 'mixed-load',
      ratio: editP99 / aloneP99,
      goal: 'edit_p99_ms<=250,read_p99_ms<=500',
      details: {
        readers: READERS,
        editors: EDITORS,
        items: ITEMS,
        folder_kb: round(reads.lastBytes / 1024),
        errors: edits.errors + reads.errors + alone.errors,
        edit_p50_ms: round(percentile(edits.latencies, 50), 1),
        edit_p99_ms: round(editP99, 1),
        edit_alone_p99_ms: round(aloneP99, 1),
        read_p50_ms: round(percentile(reads.latencies, 50), 1),
        read_p99_ms: round(percentile(reads.latencies, 99), 1),
        edits_per_s: round(edits.requests / DURATION_S),
        reads_per_s: round(reads.requests / DURATION_S),
      },
    };
  } finally {
    await board.close();
  }
}
