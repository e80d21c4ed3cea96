/**
 * A client thread of the load benches (load.ts runInThread): runs one job's request loops and
 * posts the outcome back.
 */
import { randomUUID } from 'node:crypto';
import { parentPort, workerData } from 'node:worker_threads';
import type { Editor, EditTarget, LoadJob, LoadOutcome } from './load';

/**
 * Runs `request` in `concurrency` loops until `durationMs` passed; each call is one request whose
 * latency is kept (an answer other than the expected status counts as an error).
 */
async function runLoops(
  concurrency: number,
  durationMs: number,
  request: (slot: number) => Promise<boolean>,
) {
  const outcome: LoadOutcome = { latencies: [], errors: 0, requests: 0, lastBytes: 0 };
  const until = performance.now() + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async (_, slot) => {
      while (performance.now() < until) {
        const started = performance.now();
        let ok = false;
        try {
          ok = await request(slot);
        } catch {
          ok = false;
        }
        outcome.latencies.push(performance.now() - started);
        outcome.requests++;
        if (!ok) outcome.errors++;
      }
    }),
  );
  return outcome;
}

/** One value change of the editor's own item (number and checkbox), compare-and-set. */
async function editOnce(baseUrl: string, target: EditTarget, editor: Editor, n: number): Promise<boolean> {
  const next = editor.rowVersion + 1;
  const res = await fetch(`${baseUrl}/api/${target.teamId}/items/${editor.itemId}`, {
    method: 'PUT',
    headers: {
      authorization: `Bearer ${editor.token}`,
      'content-type': 'application/json',
      'x-idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      values: { [target.numberId]: { data: n }, [target.checkboxId]: { data: n % 2 === 0 } },
      row_version: next,
    }),
  });
  await res.arrayBuffer();
  if (res.status !== 200) return false;
  editor.rowVersion = next;
  return true;
}

async function run(job: LoadJob): Promise<LoadOutcome> {
  if (job.kind === 'edit') {
    let n = job.first;
    const outcome = await runLoops(job.editors.length, job.durationMs, (slot) =>
      editOnce(job.baseUrl, job.target, job.editors[slot]!, n++),
    );
    return { ...outcome, editors: job.editors };
  }
  let lastBytes = 0;
  const outcome = await runLoops(job.tokens.length, job.durationMs, async (slot) => {
    const res = await fetch(job.url, {
      headers: { authorization: `Bearer ${job.tokens[slot]}`, ...job.headers },
    });
    lastBytes = (await res.arrayBuffer()).byteLength;
    return res.status === 200;
  });
  return { ...outcome, lastBytes };
}

parentPort?.postMessage(await run(workerData as LoadJob));
