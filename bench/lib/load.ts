import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { teamMembers } from '../../apps/server/src/db/schema/teams';
import { quickUser } from '../../apps/server/src/test/quick-user';
import type { BenchBoard } from './board-fixture';

/** The value of a percentile (0-100) of a non-empty list, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The app of a bench board listening on loopback; answers its base URL. */
export async function listenOnLoopback(board: BenchBoard): Promise<string> {
  await board.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(board.app.server.address() as AddressInfo).port}`;
}

/** An editor: a full member of the bench's workspace with an item of their own in the folder. */
export interface Editor {
  token: string;
  itemId: string;
  rowVersion: number;
}

/** `count` members of the workspace, each with an item in `folderId` (created through the API). */
export async function createEditors(board: BenchBoard, baseUrl: string, count: number, folderId: string) {
  const editors: Editor[] = [];
  for (let n = 0; n < count; n++) {
    const user = await quickUser(board.app.ctx, { name: `Editor ${n}` });
    await board.app.ctx.db
      .insert(teamMembers)
      .values({ teamId: board.teamId, userId: user.id, role: 'full-member' });
    const itemId = randomUUID();
    const res = await fetch(`${baseUrl}/api/${board.teamId}/items/${itemId}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        folder_id: folderId,
        values: { [board.attributeIds.text!]: { data: `Editor ${n}` } },
        row_version: 1,
      }),
    });
    if (res.status !== 200) throw new Error(`editor item: ${res.status} ${await res.text()}`);
    editors.push({ token: user.token, itemId, rowVersion: 1 });
  }
  return editors;
}

export interface LoadResult {
  latencies: number[];
  errors: number;
  requests: number;
}

/**
 * What a client thread runs (load-worker.ts): one kind of request in `concurrency` loops, for
 * `warmupMs` unmeasured (a new thread's HTTP client and connections warm up) then `durationMs`.
 */
export type LoadJob = { durationMs: number; warmupMs?: number } & (
  | {
      kind: 'edit';
      baseUrl: string;
      target: EditTarget;
      editors: Editor[];
      /** The first of the numbers the edits write. */
      first: number;
    }
  | {
      kind: 'get';
      url: string;
      /** One loop per token. */
      tokens: string[];
      headers?: Record<string, string>;
    }
);

/** What editors change: the bench board's workspace and its number and checkbox attributes. */
export interface EditTarget {
  teamId: number;
  numberId: string;
  checkboxId: string;
}

const editTarget = (board: BenchBoard): EditTarget => ({
  teamId: board.teamId,
  numberId: board.attributeIds.number!,
  checkboxId: board.attributeIds.checkbox!,
});

/**
 * The editors' job: each changes its own item in a loop, numbering its edits from `first`, for
 * `warmupMs` unmeasured and then `durationMs`.
 */
export function editJob(
  baseUrl: string,
  board: BenchBoard,
  editors: Editor[],
  times: { first: number; warmupMs: number; durationMs: number },
): LoadJob {
  return { kind: 'edit', baseUrl, target: editTarget(board), editors, ...times };
}

/** A job's result; an edit job also answers its editors' row versions after it. */
export interface LoadOutcome extends LoadResult {
  editors?: Editor[];
  /** The bytes of the last answer read. */
  lastBytes: number;
}

/**
 * Runs a load job in a thread of its own: the clients' work (fetch, JSON) takes the machine's
 * other core, as clients on other machines would, instead of the server's event loop. Edit jobs
 * update the editors' row versions.
 */
export function runInThread(job: LoadJob): Promise<LoadOutcome> {
  const worker = new Worker(new URL('./load-worker-entry.mjs', import.meta.url), {
    workerData: job,
    execArgv: [],
  });
  return new Promise((resolve, reject) => {
    worker.once('message', (outcome: LoadOutcome) => {
      if (job.kind === 'edit' && outcome.editors)
        for (const [at, editor] of outcome.editors.entries()) Object.assign(job.editors[at]!, editor);
      resolve(outcome);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`load thread exited with ${code}`));
    });
  });
}
