import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
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
 * Runs `worker` in `concurrency` loops until `durationMs` passed; each call is one request whose
 * latency is kept (an answer other than the expected status counts as an error).
 */
export async function runLoops(
  concurrency: number,
  durationMs: number,
  worker: (slot: number) => Promise<boolean>,
): Promise<LoadResult> {
  const result: LoadResult = { latencies: [], errors: 0, requests: 0 };
  const until = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, slot) => {
      while (performance.now() < until) {
        const started = performance.now();
        let ok = false;
        try {
          ok = await worker(slot);
        } catch {
          ok = false;
        }
        result.latencies.push(performance.now() - started);
        result.requests++;
        if (!ok) result.errors++;
      }
    }),
  );
  return result;
}

/** One value change of the editor's own item (number and checkbox), compare-and-set. */
export async function editOnce(
  board: BenchBoard,
  baseUrl: string,
  editor: Editor,
  n: number,
): Promise<boolean> {
  const next = editor.rowVersion + 1;
  const res = await fetch(`${baseUrl}/api/${board.teamId}/items/${editor.itemId}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${editor.token}`,
      'content-type': 'application/json',
      'x-idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      values: {
        [board.attributeIds.number!]: { data: n },
        [board.attributeIds.checkbox!]: { data: n % 2 === 0 },
      },
      row_version: next,
    }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) return false;
  editor.rowVersion = next;
  return true;
}

/** An authenticated GET that reads nothing the caches do not hold (the caller's profile). */
export async function bareGet(baseUrl: string, token: string): Promise<boolean> {
  const res = await fetch(`${baseUrl}/api/me`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  return res.status === 200;
}
