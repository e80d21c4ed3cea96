import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { activityLog } from '../../db/schema/activity';
import { events } from '../../db/schema/events';
import { items } from '../../db/schema/items';
import { idempotencyKeys } from '../../db/schema/platform';
import { expandEvents } from '../../events/value-events';
import { queryCounter } from '../../test/query-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, pull, type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

/** A place with a number attribute, and `count` items of `token`'s making in its folder. */
async function place(s: Seeded, count: number, token = s.owner.token) {
  const { board, folder, name } = await api.newPlace(s);
  const score = await api.newAttribute(s, board.id, 'number');
  const made = [];
  for (let n = 0; n < count; n++)
    made.push(await api.newItem(s, folder.id, { values: { [name.id]: { data: `Item ${n}` } } }, token));
  return { board, folder, name, score, items: made };
}

const edit = (s: Seeded, token: string, id: string, body: Record<string, unknown>, key?: string) =>
  api.send('PUT', `/api/${s.team.id}/items/${id}`, token, body, key ? { 'x-idempotency-key': key } : {});

test('concurrent edits of different items by different people are each answered, written and announced as their own', async () => {
  const s = await seedWorkspace(t);
  const { board, score, items: made } = await place(s, 6);
  const start = await pull(t, s.owner.token, s.team.id);
  const editors = made.map((_, n) => (n % 2 === 0 ? s.owner : s['full-member']));
  const answers = await Promise.all(
    made.map((item, n) =>
      edit(
        s,
        editors[n]!.token,
        item.id,
        { values: { [score.id]: { data: n * 10 } }, row_version: 2 },
        uuid(),
      ),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(made.map(() => 200));
  for (const [n, answer] of answers.entries()) {
    expect(answer.body).toMatchObject({
      id: made[n]!.id,
      row_version: 2,
      values: { [score.id]: { data: n * 10 } },
    });
    // The answer is the stored item.
    const [stored] = await t.app.ctx.db.select().from(items).where(eq(items.id, made[n]!.id));
    expect(answer.body.values).toEqual(stored!.values);
    expect(answer.body.updated_at).toBe(stored!.updatedAt.toISOString());
  }

  const page = await pull(t, s.owner.token, s.team.id, start.cursor);
  expect(keysOf(page.changes)).toEqual(keysOf(made.map((item) => ({ type: 'item', id: item.id }))));
  const announced = expandEvents(
    await t.app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.teamId, s.team.id), eq(events.type, 'item.updated')))
      .orderBy(asc(events.id)),
  );
  for (const [n, item] of made.entries()) {
    const own = announced.filter(
      (event) =>
        (event.payload as { id: string }).id === item.id ||
        (event.payload as { data?: { item_id?: string } }).data?.item_id === item.id,
    );
    expect(own.map((event) => [event.type, event.actorId])).toEqual([
      ['item.updated', editors[n]!.id],
      ['value.created', editors[n]!.id],
    ]);
    expect(own[1]!.payload).toMatchObject({ row_version: 2, data: { item_id: item.id, data: n * 10 } });
  }
  const logged = await t.app.ctx.db
    .select({ itemId: activityLog.itemId, userId: activityLog.userId, changes: activityLog.changes })
    .from(activityLog)
    .where(and(eq(activityLog.boardId, board.id), eq(activityLog.event, 'value.created')));
  expect(logged.map((row) => [row.itemId, row.userId]).sort()).toEqual(
    made.map((item, n) => [item.id, editors[n]!.id]).sort(),
  );
});

test('concurrent edits are written in one transaction, not one each', async () => {
  const s = await seedWorkspace(t);
  const { score, items: made } = await place(s, 10);
  // Warm: the tokens, standings and attributes are kept after a first edit.
  await Promise.all(
    made.map((item) =>
      edit(s, s.owner.token, item.id, { values: { [score.id]: { data: 1 } }, row_version: 2 }),
    ),
  );
  const counter = queryCounter(t.app.ctx.db);
  const { result, queries } = await counter.fewest(async () => {
    const version = (await t.app.ctx.db.select().from(items).where(eq(items.id, made[0]!.id)))[0]!.rowVersion;
    return Promise.all(
      made.map((item, n) =>
        edit(
          s,
          s.owner.token,
          item.id,
          { values: { [score.id]: { data: n } }, row_version: version + 1 },
          uuid(),
        ),
      ),
    );
  });
  expect(result.map((answer) => answer.status)).toEqual(made.map(() => 200));
  // One read of the row_version above, one transaction for the ten edits and their keys, and the
  // dispatcher's claims of their events (before: a key claim, a transaction and a key update each).
  expect(queries).toBeLessThanOrEqual(5);
});

test('two concurrent edits of one item based on the same copy: one wins, the other gets 409 with the winner', async () => {
  const s = await seedWorkspace(t);
  const { score, items: made } = await place(s, 1);
  const [item] = made;
  const answers = await Promise.all([
    edit(s, s.owner.token, item!.id, { values: { [score.id]: { data: 1 } }, row_version: 2 }),
    edit(s, s['full-member'].token, item!.id, { values: { [score.id]: { data: 2 } }, row_version: 2 }),
  ]);
  const statuses = answers.map((answer) => answer.status).sort();
  expect(statuses).toEqual([200, 409]);
  const won = answers.find((answer) => answer.status === 200)!;
  const lost = answers.find((answer) => answer.status === 409)!;
  expect(lost.body.code).toBe('CONFLICT');
  expect(lost.body.current).toEqual(won.body);
  const [stored] = await t.app.ctx.db.select().from(items).where(eq(items.id, item!.id));
  expect(stored!.rowVersion).toBe(2);
  expect(stored!.values[score.id]!.data).toBe(won.body.values[score.id].data);

  // An edit based on the winner's copy goes through; one based on an older copy gets the newest.
  const next = await Promise.all([
    edit(s, s.owner.token, item!.id, { values: { [score.id]: { data: 3 } }, row_version: 3 }),
    edit(s, s.owner.token, item!.id, { values: { [score.id]: { data: 4 } }, row_version: 2 }),
  ]);
  expect(next.map((answer) => answer.status)).toEqual([200, 409]);
  expect(next[1]!.body.current).toEqual(next[0]!.body);
});

test('an idempotency key sent twice inside one batch writes once; both and any later retry get the first answer', async () => {
  const s = await seedWorkspace(t);
  const { score, items: made } = await place(s, 2);
  const key = uuid();
  const body = { values: { [score.id]: { data: 7 } }, row_version: 2 };
  const answers = await Promise.all([
    edit(s, s.owner.token, made[0]!.id, body, key),
    edit(s, s.owner.token, made[0]!.id, body, key),
    edit(s, s.owner.token, made[1]!.id, body, uuid()),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
  expect(answers[1]!.body).toEqual(answers[0]!.body);
  expect(answers[1]!.headers['idempotent-replayed']).toBe('true');
  expect(answers[0]!.body).toMatchObject({ row_version: 2, values: { [score.id]: { data: 7 } } });

  const retry = await edit(s, s.owner.token, made[0]!.id, body, key);
  expect(retry.status).toBe(200);
  expect(retry.headers['idempotent-replayed']).toBe('true');
  expect(retry.body).toEqual(answers[0]!.body);
  const [stored] = await t.app.ctx.db.select().from(items).where(eq(items.id, made[0]!.id));
  expect(stored!.rowVersion).toBe(2);
  const reused = await edit(s, s.owner.token, made[0]!.id, { ...body, row_version: 3 }, key);
  expect(reused.status).toBe(422);
  expect(reused.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  const updates = await t.app.ctx.db
    .select({ id: events.id })
    .from(events)
    .where(and(eq(events.teamId, s.team.id), eq(events.type, 'item.updated')));
  expect(updates).toHaveLength(2);
});

test('a refused edit in a batch fails alone: the others are written, and its key keeps its own answer', async () => {
  const s = await seedWorkspace(t);
  const { folder, score, items: made } = await place(s, 6);
  const other = await api.newFolder(s, (await api.newBoard(s)).id);
  const gone = made[5]!;
  expect((await api.send('DELETE', `/api/${s.team.id}/items/${gone.id}`, s.owner.token)).status).toBe(200);
  const start = await pull(t, s.owner.token, s.team.id);
  const badKey = uuid();
  const answers = await Promise.all([
    edit(s, s.owner.token, made[0]!.id, { values: { [score.id]: { data: 1 } }, row_version: 2 }, uuid()),
    // A value the attribute refuses.
    edit(s, s.owner.token, made[1]!.id, { values: { [score.id]: { data: 'many' } }, row_version: 2 }, badKey),
    // Another person's item, for one who may only edit their own.
    edit(s, s['restricted-member'].token, made[2]!.id, {
      values: { [score.id]: { data: 3 } },
      row_version: 2,
    }),
    // A stale copy.
    edit(s, s.owner.token, made[3]!.id, { values: { [score.id]: { data: 4 } }, row_version: 5 }),
    // A move to a folder of another board: refused by the single save.
    edit(s, s.owner.token, made[4]!.id, { folder_id: other.id, row_version: 2 }),
    // A deleted item.
    edit(s, s.owner.token, gone.id, { values: { [score.id]: { data: 6 } }, row_version: 3 }),
    edit(s, s['full-member'].token, made[4]!.id, { values: { [score.id]: { data: 5 } }, row_version: 2 }),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 422, 403, 409, 422, 404, 200]);
  expect(answers[1]!.body.errors[0].path).toBe(`values.${score.id}`);
  expect(answers[3]!.body.current).toMatchObject({ id: made[3]!.id, row_version: 1 });
  expect(answers[4]!.body.errors[0].path).toBe('folder_id');

  const stored = await t.app.ctx.db
    .select({ id: items.id, rowVersion: items.rowVersion, folderId: items.folderId })
    .from(items)
    .where(
      inArray(
        items.id,
        made.map((item) => item.id),
      ),
    );
  const versions = Object.fromEntries(stored.map((row) => [row.id, row.rowVersion]));
  expect(made.map((item) => versions[item.id])).toEqual([2, 1, 1, 1, 2, 2]);
  expect(stored.every((row) => row.folderId === folder.id)).toBe(true);
  const page = await pull(t, s.owner.token, s.team.id, start.cursor);
  expect(keysOf(page.changes)).toEqual(
    keysOf([made[0]!, made[4]!].map((item) => ({ type: 'item', id: item.id }))),
  );

  // The refused edit's key keeps its 422 for a retry, as on every route.
  const [kept] = await t.app.ctx.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, badKey));
  expect(kept!.statusCode).toBe(422);
  const retry = await edit(
    s,
    s.owner.token,
    made[1]!.id,
    { values: { [score.id]: { data: 'many' } }, row_version: 2 },
    badKey,
  );
  expect(retry.status).toBe(422);
  expect(retry.headers['idempotent-replayed']).toBe('true');
});

test('a move inside a batch of value edits runs alone, and its subitems follow it', async () => {
  const s = await seedWorkspace(t);
  const { board, folder, score, items: made } = await place(s, 2);
  const target = await api.newFolder(s, board.id);
  const child = await api.newItem(s, folder.id, { parent_id: made[0]!.id });
  const answers = await Promise.all([
    edit(s, s.owner.token, made[0]!.id, { folder_id: target.id, row_version: 2 }),
    edit(s, s.owner.token, made[1]!.id, { values: { [score.id]: { data: 2 } }, row_version: 2 }),
  ]);
  expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
  expect(answers[0]!.body).toMatchObject({ folder_id: target.id, row_version: 2 });
  const [moved] = await t.app.ctx.db.select().from(items).where(eq(items.id, child.id));
  expect(moved).toMatchObject({ folderId: target.id, rowVersion: 2 });
});
