/**
 * Public form answers: 32 concurrent anonymous submissions to a shared form against 32 concurrent
 * item creates by a member through the API, with the same eight values (issue 15).
 *
 * Method:
 * - One app as in production on a PGlite data directory, the benches' board of eight attributes
 *   and a shared form view asking all eight.
 * - Candidate: CONCURRENCY `POST /api/public/forms/{id}/submissions` without a session, started
 *   together; the sample is the wall time until all answered (each checked: 201). Each carries a
 *   challenge read and solved before the clock starts (the page's work, not the server's); the
 *   server's check is one hash whatever the difficulty, so the bench asks for 4 bits.
 * - Baseline: CONCURRENCY `PUT /api/{teamId}/items/{id}` creates by the board's owner, started
 *   together (each checked: 200).
 * - After each side, the server's work after the commit (the answers' notifications, both sides'
 *   search indexing and live messages) is let finish before the next side starts, so that neither
 *   is charged with the other's; its median time is printed as `submit_after_ms` and
 *   `create_after_ms`.
 * - Warm-up of WARMUP rounds per side, then ROUNDS rounds alternating which side goes first.
 *   Ratio = median create time / median submission time (answers per second, relative). Goal >= 0.8.
 */
import { randomUUID } from 'node:crypto';
import type { PublicForm } from '@strata/contracts/forms';
import { solveChallenge } from '@strata/domain/forms/form-challenge';
import { type BenchBoard, benchValues, createItemsTogether, openBenchBoard } from './lib/board-fixture';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const CONCURRENCY = 32;
const WARMUP = 3;
const ROUNDS = 21;

let counter = 0;

async function createForm(board: BenchBoard): Promise<string> {
  const id = randomUUID();
  const res = await board.app.inject({
    method: 'PUT',
    url: `/api/${board.teamId}/views/${id}`,
    headers: { authorization: `Bearer ${board.token}` },
    payload: {
      folder_id: board.folderId,
      type: 'form',
      name: 'Requests',
      settings: {
        shared: true,
        fields: Object.values(board.attributeIds).map((attribute_id) => ({ attribute_id })),
      },
      row_version: 1,
    },
  });
  if (res.statusCode !== 200) throw new Error(`form: ${res.statusCode} ${res.body}`);
  return id;
}

/** Each visitor from an address of their own: the per-address limits are not what is measured. */
let visitors = 0;
const visitorAddress = () => {
  visitors++;
  return `10.${Math.floor(visitors / 62_500) % 250}.${Math.floor(visitors / 250) % 250}.${visitors % 250}`;
};

/** A challenge of the form, read and solved as the page does before it sends. */
async function solvedChallenge(board: BenchBoard, formId: string) {
  const res = await board.app.inject({
    method: 'GET',
    url: `/api/public/forms/${formId}`,
    remoteAddress: visitorAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`read: ${res.statusCode} ${res.body}`);
  const { challenge } = res.json() as PublicForm;
  return { token: challenge.token, nonce: await solveChallenge(challenge.token, challenge.difficulty) };
}

/** The form's answers are plain data, not `{ data }` wrappers. */
const answerValues = (board: BenchBoard, n: number) =>
  Object.fromEntries(Object.entries(benchValues(board, n)).map(([id, { data }]) => [id, data]));

async function submitAnswers(board: BenchBoard, formId: string): Promise<number> {
  const bodies = await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => ({
      values: answerValues(board, counter++),
      challenge: await solvedChallenge(board, formId),
    })),
  );
  const start = performance.now();
  const answers = await Promise.all(
    bodies.map((payload) =>
      board.app.inject({
        method: 'POST',
        url: `/api/public/forms/${formId}/submissions`,
        remoteAddress: visitorAddress(),
        payload,
      }),
    ),
  );
  const elapsed = performance.now() - start;
  for (const res of answers)
    if (res.statusCode !== 201) throw new Error(`answer: ${res.statusCode} ${res.body}`);
  return elapsed;
}

const createItems = (board: BenchBoard) => createItemsTogether(board, CONCURRENCY, () => counter++);

export async function run(): Promise<BenchResult> {
  // The per-form limit is a guard against floods, not part of an answer's cost: out of the way.
  const board = await openBenchBoard({ FORM_CHALLENGE_BITS: '4', FORM_ANSWERS_PER_MINUTE: '1000000' });
  try {
    const formId = await createForm(board);
    /** A side's time, then the time its work after the commit takes (notifications, indexing). */
    const measure = async (side: () => Promise<number>, into: number[], after: number[]) => {
      into.push(await side());
      const start = performance.now();
      await board.app.dispatcher.settled();
      after.push(performance.now() - start);
    };
    const submitted: number[] = [];
    const created: number[] = [];
    const submitAfter: number[] = [];
    const createAfter: number[] = [];
    for (let i = 0; i < WARMUP; i++) {
      await measure(() => submitAnswers(board, formId), [], []);
      await measure(() => createItems(board), [], []);
    }
    for (let i = 0; i < ROUNDS; i++) {
      const pair = [
        () => measure(() => submitAnswers(board, formId), submitted, submitAfter),
        () => measure(() => createItems(board), created, createAfter),
      ];
      for (const step of i % 2 === 0 ? pair : pair.reverse()) await step();
    }
    const submitMs = median(submitted);
    const createMs = median(created);
    return {
      name: 'form-submit',
      ratio: createMs / submitMs,
      goal: '>=0.8',
      details: {
        concurrency: CONCURRENCY,
        submit_ms: round(submitMs, 1),
        create_ms: round(createMs, 1),
        submits_per_s: round((CONCURRENCY / submitMs) * 1000),
        creates_per_s: round((CONCURRENCY / createMs) * 1000),
        submit_after_ms: round(median(submitAfter), 1),
        create_after_ms: round(median(createAfter), 1),
      },
    };
  } finally {
    await board.close();
  }
}
