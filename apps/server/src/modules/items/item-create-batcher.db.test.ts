import { and, asc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { activityLog } from '../../db/schema/activity';
import { events } from '../../db/schema/events';
import { idempotencyKeys } from '../../db/schema/platform';
import { expandEvents } from '../../events/value-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, pull, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

test('concurrent creates are answered one by one: refused, taken and good ones each get their own answer', async () => {
  const s = await seedWorkspace(t);
  const { board, folder, name } = await api.newPlace(s);
  const ticket = await api.newAttribute(s, board.id, 'custom_id');
  const taken = await api.newItem(s, folder.id);
  const start = await pull(t, s.owner.token, s.team.id);
  const good = Array.from({ length: 12 }, () => uuid());
  const bad = uuid();
  const answers = await Promise.all([
    ...good.map((id, n) =>
      api.putItem(s, n % 2 === 0 ? s.owner.token : s['full-member'].token, id, {
        folder_id: folder.id,
        values: { [name.id]: { data: `Item ${n}` } },
        row_version: 1,
      }),
    ),
    api.putItem(s, s.owner.token, bad, {
      folder_id: folder.id,
      values: { [name.id]: { data: 5 } },
      row_version: 1,
    }),
    api.putItem(s, s.owner.token, taken.id, { folder_id: folder.id, row_version: 1 }),
    api.putItem(s, s.guest.token, uuid(), { folder_id: folder.id, row_version: 1 }),
  ]);
  const statuses = answers.map((answer) => answer.status);
  expect(statuses).toEqual([...good.map(() => 200), 422, 409, 403]);
  expect(answers[good.length + 1]!.body.current).toMatchObject({ id: taken.id });
  for (const [n, answer] of answers.slice(0, good.length).entries())
    expect(answer.body).toMatchObject({
      id: good[n],
      row_version: 1,
      values: { [name.id]: { data: `Item ${n}` } },
    });

  // Custom IDs stay unique and gapless among the items written.
  const numbers = answers.slice(0, good.length).map((answer) => answer.body.values[ticket.id].data as number);
  expect([...numbers].sort((a, b) => a - b)).toEqual(Array.from({ length: good.length }, (_, i) => i + 2));

  const listed = (await api.listItems(s, s.owner.token, folder.id)).body.map(
    (item: { id: string }) => item.id,
  );
  expect(listed.sort()).toEqual([taken.id, ...good].sort());
  const page = await pull(t, s.owner.token, s.team.id, start.cursor);
  expect(keysOf(page.changes)).toEqual(keysOf(good.map((id) => ({ type: 'item', id }))));
  const created = (
    await t.app.ctx.db
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(eq(events.teamId, s.team.id))
  ).filter((event) => event.type === 'item.created');
  expect(created.map((event) => (event.payload as { id: string }).id).sort()).toEqual(
    [taken.id, ...good].sort(),
  );
});

test('a batch writes only its good creates: one refused value fails that item alone, with nothing of it kept', async () => {
  const s = await seedWorkspace(t);
  const { board, folder, name } = await api.newPlace(s);
  const score = await api.newAttribute(s, board.id, 'number');
  const start = await pull(t, s.owner.token, s.team.id);
  const ids = Array.from({ length: 8 }, () => uuid());
  const bad = 3;
  const answers = await Promise.all(
    ids.map((id, n) =>
      api.putItem(s, s.owner.token, id, {
        folder_id: folder.id,
        values: { [name.id]: { data: `Item ${n}` }, [score.id]: { data: n === bad ? 'many' : n } },
        row_version: 1,
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual(ids.map((_, n) => (n === bad ? 422 : 200)));
  expect(answers[bad]!.body.errors[0].path).toBe(`values.${score.id}`);
  const good = ids.filter((_, n) => n !== bad);

  const listed = (await api.listItems(s, s.owner.token, folder.id)).body.map(
    (item: { id: string }) => item.id,
  );
  expect(listed.sort()).toEqual([...good].sort());
  const page = await pull(t, s.owner.token, s.team.id, start.cursor);
  expect(keysOf(page.changes)).toEqual(keysOf(good.map((id) => ({ type: 'item', id }))));
  const logged = await t.app.ctx.db
    .select({ itemId: activityLog.itemId, event: activityLog.event, changes: activityLog.changes })
    .from(activityLog)
    .where(and(eq(activityLog.teamId, s.team.id), eq(activityLog.boardId, board.id)));
  const created = logged.filter((row) => row.event === 'item.created');
  expect(created.map((row) => row.itemId).sort()).toEqual([...good].sort());
  for (const row of created) expect(row.changes).toEqual({ folder_id: folder.id, parent_id: null });

  // The outbox holds each written item's events in the order the write gave them: each item, then
  // its values (one row per item, handed out as the item's event and one per value).
  const written = expandEvents(
    await t.app.ctx.db.select().from(events).where(eq(events.teamId, s.team.id)).orderBy(asc(events.id)),
  );
  expect(
    (
      await t.app.ctx.db.select({ type: events.type }).from(events).where(eq(events.teamId, s.team.id))
    ).filter((row) => row.type.startsWith('value.')),
  ).toEqual([]);
  const batchIds = new Set<string>(ids);
  const ofBatch = written.filter((event) => {
    const payload = event.payload as { id: string; data?: { item_id?: string } };
    return batchIds.has(payload.id) || batchIds.has(payload.data?.item_id ?? '');
  });
  const types = ofBatch.map((event) => event.type);
  expect(types).toEqual(good.flatMap(() => ['item.created', 'value.created', 'value.created']));
  expect(JSON.stringify(ofBatch)).not.toContain(ids[bad]);
});

test('permissions are checked per create: one person creating in a board they see and one they do not', async () => {
  const s = await seedWorkspace(t);
  const open = await api.newPlace(s);
  const hidden = await api.newPlace(s, { is_private: true, user_ids: [s.owner.id] });
  const token = s['full-member'].token;
  const answers = await Promise.all(
    Array.from({ length: 6 }, (_, n) =>
      api.putItem(s, token, uuid(), {
        folder_id: n % 2 === 0 ? open.folder.id : hidden.folder.id,
        values: { [(n % 2 === 0 ? open : hidden).name.id]: { data: `Item ${n}` } },
        row_version: 1,
      }),
    ),
  );
  expect(answers.map((answer) => answer.status)).toEqual([200, 404, 200, 404, 200, 404]);
  expect((await api.listItems(s, s.owner.token, hidden.folder.id)).body).toEqual([]);
  expect((await api.listItems(s, s.owner.token, open.folder.id)).body).toHaveLength(3);
});

test('custom IDs run on per board across a batch, and the same new id twice in a batch is one create and one 409', async () => {
  const s = await seedWorkspace(t);
  const first = await api.newPlace(s);
  const second = await api.newPlace(s);
  const firstTicket = await api.newAttribute(s, first.board.id, 'custom_id');
  const secondTicket = await api.newAttribute(s, second.board.id, 'custom_id');
  await api.newItem(s, second.folder.id);
  const twice = uuid();
  const places = [first, second, first, second, first, second, first];
  const answers = await Promise.all([
    ...places.map((place) =>
      api.putItem(s, s.owner.token, uuid(), { folder_id: place.folder.id, row_version: 1 }),
    ),
    api.putItem(s, s.owner.token, twice, { folder_id: first.folder.id, row_version: 1 }),
    api.putItem(s, s.owner.token, twice, { folder_id: first.folder.id, row_version: 1 }),
  ]);
  expect(answers.map((answer) => answer.status).slice(0, places.length)).toEqual(places.map(() => 200));
  const numbers = (place: typeof first, ticket: { id: string }) =>
    answers
      .filter((answer) => answer.status === 200 && answer.body.folder_id === place.folder.id)
      .map((answer) => answer.body.values[ticket.id].data as number)
      .sort((a, b) => a - b);
  // Gapless and unique on each board: the first board from 1, the second after its first item.
  expect(numbers(first, firstTicket)).toEqual([1, 2, 3, 4, 5]);
  expect(numbers(second, secondTicket)).toEqual([2, 3, 4]);
  const [a, b] = answers.slice(places.length).map((answer) => answer.status);
  expect([a, b].sort()).toEqual([200, 409]);
  const conflict = answers.slice(places.length).find((answer) => answer.status === 409)!;
  const created = answers.slice(places.length).find((answer) => answer.status === 200)!;
  expect(conflict.body.current).toEqual(created.body);
});

test('a create answers its values in the order the database keeps them, as a read back would', async () => {
  const s = await seedWorkspace(t);
  const { board, folder, name } = await api.newPlace(s);
  const checklist = await api.newAttribute(s, board.id, 'checklist');
  const span = await api.newAttribute(s, board.id, 'date_range');
  const links = await api.newAttribute(s, board.id, 'links');
  await api.newAttribute(s, board.id, 'custom_id');
  const answers = await Promise.all(
    Array.from({ length: 4 }, (_, n) =>
      api.putItem(s, s.owner.token, uuid(), {
        folder_id: folder.id,
        values: {
          [span.id]: { data: { start: '2026-03-20', end: '2026-03-22' } },
          [name.id]: { data: `Item ${n}` },
          [checklist.id]: { data: [{ name: 'Ünïcode ✓', id: uuid(), done: n % 2 === 0 }] },
          [links.id]: { data: [{ name: 'Site', url: 'example.com', id: uuid(), favicon: null }] },
        },
        row_version: 1,
      }),
    ),
  );
  const listed = await t.request({
    method: 'GET',
    url: `/api/${s.team.id}/folders/${folder.id}/items`,
    token: s.owner.token,
  });
  const byId = new Map(
    (JSON.parse(listed.body) as { id: string; values: Record<string, { data: unknown }> }[]).map((item) => [
      item.id,
      item,
    ]),
  );
  for (const answer of answers) {
    expect(answer.status).toBe(200);
    const stored = byId.get(answer.body.id)!;
    expect(answer.body).toEqual(stored);
    // jsonb's order (by key length, then bytes), of the attributes and inside each value's data;
    // the value objects themselves are shaped by the response schema, as any item answer is.
    expect(Object.keys(answer.body.values)).toEqual(Object.keys(stored.values));
    for (const [attributeId, value] of Object.entries(stored.values))
      expect(JSON.stringify(answer.body.values[attributeId].data)).toBe(JSON.stringify(value.data));
  }
});

test('a batch writes each create’s idempotency key with its answer in its transaction; a retry replays it and another body under the key is refused', async () => {
  const s = await seedWorkspace(t);
  const { folder, name } = await api.newPlace(s);
  const ids = Array.from({ length: 6 }, () => uuid());
  const send = (id: string, key: string, data: string) =>
    t.request({
      method: 'PUT',
      url: `/api/${s.team.id}/items/${id}`,
      token: s.owner.token,
      headers: { 'x-idempotency-key': key },
      json: { folder_id: folder.id, values: { [name.id]: { data } }, row_version: 1 },
    });
  const first = await Promise.all(ids.map((id, n) => send(id, `create-${id}`, `Item ${n}`)));
  expect(first.map((res) => res.statusCode)).toEqual(ids.map(() => 200));
  const stored = await t.app.ctx.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, s.owner.id), like(idempotencyKeys.key, 'create-%')));
  const mine = stored.filter((row) => ids.some((id) => row.key === `create-${id}`));
  expect(mine.map((row) => row.statusCode)).toEqual(ids.map(() => 200));
  for (const [n, id] of ids.entries())
    expect(mine.find((row) => row.key === `create-${id}`)!.responseBody).toBe(first[n]!.body);

  const again = await Promise.all(ids.map((id, n) => send(id, `create-${id}`, `Item ${n}`)));
  for (const [n, res] of again.entries()) {
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(res.body).toBe(first[n]!.body);
  }
  const reused = await send(ids[0]!, `create-${ids[0]}`, 'Another body');
  expect(reused.statusCode).toBe(422);
  expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');

  // A refused create keeps its answer too: the retry gets the same 422 without running.
  const refusedId = uuid();
  const refused = await send(refusedId, 'refused-create', 5 as unknown as string);
  expect(refused.statusCode).toBe(422);
  const retried = await send(refusedId, 'refused-create', 5 as unknown as string);
  expect(retried.statusCode).toBe(422);
  expect(retried.headers['idempotent-replayed']).toBe('true');
});
