import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { expandEvents } from '../../events/value-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

/** The workspace's events as subscribers receive them (an item's values after it), oldest first. */
const eventsOf = async (teamId: number) =>
  expandEvents(
    await t.app.ctx.db.select().from(events).where(eq(events.teamId, teamId)).orderBy(events.id),
  ).map((row) => ({
    type: row.type,
    channel: row.channel,
    payload: row.payload as { id: string; data?: Record<string, unknown> },
  }));

describe('items', () => {
  test('create, list, update with compare-and-set, conflict with the current copy, delete', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const id = uuid();
    const created = await api.putItem(s, s['full-member'].token, id, {
      folder_id: folder.id,
      sort_order: 'a0',
      values: { [name.id]: { data: 'Write the plan' } },
      row_version: 1,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(created.body).toMatchObject({
      id,
      object: 'item',
      team_id: s.team.id,
      board_id: board.id,
      folder_id: folder.id,
      parent_id: null,
      sort_order: 'a0',
      created_by: s['full-member'].id,
      deleted: false,
      row_version: 1,
    });
    const value = created.body.values[name.id];
    expect(value).toEqual({ id: expect.any(String), attribute_id: name.id, data: 'Write the plan' });

    const list = await api.listItems(s, s.guest.token, folder.id);
    expect(list.body).toEqual([created.body]);

    const updated = await api.putItem(s, s.admin.token, id, {
      values: { [name.id]: { data: 'Write the final plan' } },
      row_version: 2,
    });
    expect(updated.status).toBe(200);
    // The value keeps its id; fields left out keep theirs.
    expect(updated.body).toMatchObject({ sort_order: 'a0', folder_id: folder.id, row_version: 2 });
    expect(updated.body.values[name.id]).toEqual({ ...value, data: 'Write the final plan' });

    const stale = await api.putItem(s, s.owner.token, id, { sort_order: 'b0', row_version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual(updated.body);
    expect((await api.putItem(s, s.owner.token, id, { row_version: 4 })).status).toBe(409);
    expect((await api.putItem(s, s.owner.token, id, { folder_id: folder.id, row_version: 1 })).status).toBe(
      409,
    );

    expect((await api.send('DELETE', `/api/${s.team.id}/items/${id}`, s.owner.token)).status).toBe(200);
    expect((await api.listItems(s, s.owner.token, folder.id)).body).toEqual([]);
    expect((await api.putItem(s, s.owner.token, id, { row_version: 4 })).status).toBe(404);
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${id}`, s.owner.token)).status).toBe(404);
  });

  test("a save's values upsert only the attributes sent; null or null data clears one", async () => {
    const s = await seedWorkspace(t);
    const { folder, name } = await api.newPlace(s);
    const board = (await api.listAttributes(s, s.owner.token, name.board_id)).body[0].board_id;
    const cost = await api.newAttribute(s, board, 'number');
    const done = await api.newAttribute(s, board, 'checkbox');
    const item = await api.newItem(s, folder.id, {
      values: { [name.id]: { data: 'A' }, [cost.id]: { data: 3 }, [done.id]: { data: true } },
    });
    const next = await api.putItem(s, s.owner.token, item.id, {
      values: { [cost.id]: { data: 4 }, [done.id]: null },
      row_version: 2,
    });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(Object.keys(next.body.values).sort()).toEqual([name.id, cost.id].sort());
    expect(next.body.values[cost.id].data).toBe(4);
    const cleared = await api.putItem(s, s.owner.token, item.id, {
      values: { [cost.id]: { data: null } },
      row_version: 3,
    });
    expect(Object.keys(cleared.body.values)).toEqual([name.id]);
  });

  test('a new item gets the default data of attributes it does not set', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const stage = await api.newAttribute(s, board.id, 'number', { default_data: 1 });
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'X' } } });
    expect(item.values[stage.id]?.data).toBe(1);
    const sent = await api.newItem(s, folder.id, { values: { [stage.id]: { data: null } } });
    expect(sent.values[stage.id]).toBeUndefined();
  });

  test('limit: the first top-level items in the folder order, for the first rows of a view', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const keys = ['a3', 'a1', 'a4', 'a2'];
    const items = [];
    for (const sort_order of keys) items.push(await api.newItem(s, folder.id, { sort_order }));
    const child = await api.newItem(s, folder.id, { parent_id: items[1]!.id, sort_order: 'a0' });
    const deleted = await api.newItem(s, folder.id, { sort_order: 'a0' });
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${deleted.id}`, s.owner.token)).status).toBe(
      200,
    );
    const sorted = [...items].sort((a, b) => ((a.sort_order ?? '') < (b.sort_order ?? '') ? -1 : 1));
    const list = (query: string, token = s.guest.token) =>
      api.send('GET', `/api/${s.team.id}/folders/${folder.id}/items${query}`, token);

    const all = await list('');
    expect(all.body.map((item: { id: string }) => item.id).sort()).toEqual(
      [...items, child].map((item) => item.id).sort(),
    );
    // Five live items (four top-level, one subitem): a page of fewer leaves items out; a page
    // of five or more is the whole folder, as the list answers it, and says so.
    for (const [query, expected] of [
      ['?limit=2', sorted.slice(0, 2)],
      ['?limit=4', sorted],
      ['?limit=5', 'whole'],
      ['?limit=500', 'whole'],
    ] as const) {
      const page = await list(query);
      expect(page.status, query).toBe(200);
      if (expected === 'whole') {
        expect(page.body, query).toEqual(all.body);
        expect(page.headers['x-complete-list'], query).toBe('true');
        expect(page.headers['x-change-seq'], query).toBe(all.headers['x-change-seq']);
        continue;
      }
      // The same shape as the whole list's copies, subitems and deleted items left out.
      expect(page.body, query).toEqual(
        expected.map((item) => all.body.find((one: { id: string }) => one.id === item.id)),
      );
      expect(page.headers['x-complete-list'], query).toBeUndefined();
    }
    expect(all.headers['x-complete-list']).toBe('true');
    for (const query of ['?limit=0', '?limit=501', '?limit=-1', '?limit=two']) {
      expect((await list(query)).status, query).toBe(422);
    }
    const other = await seedWorkspace(t);
    expect((await list('?limit=2', other.owner.token)).status).toBe(404);
  });

  test('subitems: a live item of the same folder as parent, never itself or one under it', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const other = await api.newFolder(s, board.id);
    const parent = await api.newItem(s, folder.id);
    const child = await api.newItem(s, folder.id, { parent_id: parent.id });
    const grandchild = await api.newItem(s, folder.id, { parent_id: child.id });
    expect(child.parent_id).toBe(parent.id);
    const listed = (await api.listItems(s, s.owner.token, folder.id)).body.map((i: { id: string }) => i.id);
    expect(listed.sort()).toEqual([parent.id, child.id, grandchild.id].sort());

    // Each refusal carries a code the web app words in the reader's language.
    const refused = async (id: string, body: Record<string, unknown>, code = 'PARENT_NOT_IN_FOLDER') => {
      const res = await api.putItem(s, s.owner.token, id, body);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[0]).toMatchObject({ path: 'parent_id', code });
    };
    await refused(parent.id, { parent_id: parent.id, row_version: 2 }, 'ITEM_OWN_PARENT');
    await refused(parent.id, { parent_id: grandchild.id, row_version: 2 }, 'ITEM_UNDER_OWN_SUBITEM');
    await refused(uuid(), { folder_id: other.id, parent_id: parent.id, row_version: 1 });
    await refused(uuid(), { folder_id: folder.id, parent_id: uuid(), row_version: 1 });

    // Deleting the parent takes its subitems to the trash with it.
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${parent.id}`, s.owner.token)).status).toBe(
      200,
    );
    expect((await api.listItems(s, s.owner.token, folder.id)).body).toEqual([]);
    await refused(uuid(), { folder_id: folder.id, parent_id: child.id, row_version: 1 });
    const deleted = (await eventsOf(s.team.id)).filter((e) => e.type === 'item.deleted');
    expect(deleted.map((e) => e.payload.id).sort()).toEqual([parent.id, child.id, grandchild.id].sort());
  });

  test('an item moves to another folder of its board with its subitems; never to another board', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const target = await api.newFolder(s, board.id);
    const parent = await api.newItem(s, folder.id);
    const child = await api.newItem(s, folder.id, { parent_id: parent.id });
    // A subitem cannot leave its parent's folder alone.
    const alone = await api.putItem(s, s.owner.token, child.id, { folder_id: target.id, row_version: 2 });
    expect(alone.status).toBe(422);
    const moved = await api.putItem(s, s.owner.token, parent.id, { folder_id: target.id, row_version: 2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const there = (await api.listItems(s, s.owner.token, target.id)).body;
    expect(there.map((i: { id: string }) => i.id).sort()).toEqual([parent.id, child.id].sort());
    expect(there.find((i: { id: string }) => i.id === child.id)).toMatchObject({ row_version: 2 });
    const elsewhere = await api.newFolder(s, (await api.newBoard(s)).id);
    const across = await api.putItem(s, s.owner.token, parent.id, {
      folder_id: elsewhere.id,
      row_version: 3,
    });
    expect(across.status).toBe(422);
    expect(across.body.errors[0]).toEqual({
      path: 'folder_id',
      code: 'ITEM_FOLDER_INVALID',
      message: 'An item can move only to a live folder of the same board.',
    });
  });

  test('the folder read is ordered by sort_order by code unit, items without one last, then by id', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const keys = ['a1', 'Zz', 'a0V', null, 'a0'];
    for (const key of keys) await api.newItem(s, folder.id, { sort_order: key });
    const listed = (await api.listItems(s, s.owner.token, folder.id)).body.map(
      (i: { sort_order: string | null }) => i.sort_order,
    );
    expect(listed).toEqual(['Zz', 'a0', 'a0V', 'a1', null]);
  });

  test('the folder read sends X-Content-Hash and X-Last-Modified and answers 304 to a matching If-None-Match', async () => {
    const s = await seedWorkspace(t);
    const { folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'One' } } });
    const first = await api.listItems(s, s.owner.token, folder.id);
    const hash = first.headers['x-content-hash'] as string;
    expect(hash).toMatch(/^[\w-]{20,}$/);
    expect(first.headers['x-last-modified']).toBe(item.updated_at);
    const again = await api.listItems(s, s.owner.token, folder.id, { 'if-none-match': `"${hash}"` });
    expect(again.status).toBe(304);
    expect(again.body).toBeNull();
    await api.putItem(s, s.owner.token, item.id, { values: { [name.id]: { data: 'Two' } }, row_version: 2 });
    const changed = await api.listItems(s, s.owner.token, folder.id, { 'if-none-match': `"${hash}"` });
    expect(changed.status).toBe(200);
    expect(changed.headers['x-content-hash']).not.toBe(hash);
    expect(changed.body[0].values[name.id].data).toBe('Two');
  });

  test('events go on the board channel with full data, with one value event per value changed', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s, { is_private: true });
    const cost = await api.newAttribute(s, board.id, 'number');
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Secret item' } } });
    await api.putItem(s, s.owner.token, item.id, {
      values: { [name.id]: { data: 'Secret item' }, [cost.id]: { data: 5 } },
      row_version: 2,
    });
    await api.putItem(s, s.owner.token, item.id, { values: { [name.id]: null }, row_version: 3 });
    const all = await eventsOf(s.team.id);
    const mine = all.filter((e) => /^(attribute|item|value)\./.test(e.type));
    expect(new Set(mine.map((e) => e.channel))).toEqual(new Set([`team.${s.team.id}.board.${board.id}`]));
    expect(mine.map((e) => e.type)).toEqual([
      'attribute.created',
      'attribute.created',
      'item.created',
      'value.created',
      'item.updated',
      'value.created',
      'item.updated',
      'value.updated',
    ]);
    expect(mine[2]!.payload.data).toMatchObject({
      id: item.id,
      values: { [name.id]: { data: 'Secret item' } },
    });
    const valueEvents = mine.filter((e) => e.type.startsWith('value.'));
    expect(valueEvents.map((e) => e.payload.data)).toEqual([
      { id: item.values[name.id]!.id, item_id: item.id, attribute_id: name.id, data: 'Secret item' },
      { id: expect.any(String), item_id: item.id, attribute_id: cost.id, data: 5 },
      { id: item.values[name.id]!.id, item_id: item.id, attribute_id: name.id, data: null },
    ]);
    // The workspace-wide channel hears nothing of this private board's contents.
    expect(
      all.filter((e) => e.channel === `team.${s.team.id}.records` && JSON.stringify(e).includes('Secret')),
    ).toEqual([]);
  });

  test('an item’s outbox row names the values its data holds instead of repeating them; a cleared value keeps its data', async () => {
    const s = await seedWorkspace(t);
    const { folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Named once' } } });
    await api.putItem(s, s.owner.token, item.id, { values: { [name.id]: null }, row_version: 2 });
    const rows = await t.app.ctx.db
      .select()
      .from(events)
      .where(eq(events.teamId, s.team.id))
      .orderBy(events.id);
    const ofItem = rows.filter((row) => row.payload.id === item.id);
    expect(ofItem.map((row) => [row.type, row.payload.value_changes])).toEqual([
      ['item.created', [{ type: 'value.created', id: item.values[name.id]!.id, attribute_id: name.id }]],
      [
        'item.updated',
        [
          {
            type: 'value.updated',
            id: item.values[name.id]!.id,
            data: { id: item.values[name.id]!.id, item_id: item.id, attribute_id: name.id, data: null },
            // The data before, for subscribers only (automations' "from").
            before: 'Named once',
          },
        ],
      ],
    ]);
    expect(
      expandEvents(ofItem)
        .filter((event) => event.type.startsWith('value.'))
        .map((event) => event.valueBefore),
    ).toEqual([undefined, 'Named once']);
    expect(
      expandEvents(ofItem)
        .filter((event) => event.type.startsWith('value.'))
        .map((event) => event.payload),
    ).toEqual([
      {
        type: 'value.created',
        id: item.values[name.id]!.id,
        row_version: 1,
        data: { id: item.values[name.id]!.id, item_id: item.id, attribute_id: name.id, data: 'Named once' },
      },
      {
        type: 'value.updated',
        id: item.values[name.id]!.id,
        row_version: 2,
        data: { id: item.values[name.id]!.id, item_id: item.id, attribute_id: name.id, data: null },
      },
    ]);
  });

  test('ids of other workspaces, deleted folders and bad ids answer 404 or 422', async () => {
    const s = await seedWorkspace(t);
    const other = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const theirs = await api.newPlace(other);
    const theirItem = await api.newItem(other, theirs.folder.id);
    expect(
      (await api.putItem(s, s.owner.token, uuid(), { folder_id: theirs.folder.id, row_version: 1 })).status,
    ).toBe(404);
    expect(
      (await api.putItem(s, s.owner.token, theirItem.id, { folder_id: folder.id, row_version: 1 })).status,
    ).toBe(404);
    expect((await api.listItems(s, s.owner.token, theirs.folder.id)).status).toBe(404);
    expect(
      (await api.putItem(s, s.owner.token, 'not-a-uuid', { folder_id: folder.id, row_version: 1 })).status,
    ).toBe(422);
    expect((await api.putItem(s, s.owner.token, uuid(), { row_version: 1 })).status).toBe(422);
    await api.send('DELETE', `/api/${s.team.id}/folders/${folder.id}`, s.owner.token);
    expect((await api.listItems(s, s.owner.token, folder.id)).status).toBe(404);
    expect(
      (await api.putItem(s, s.owner.token, uuid(), { folder_id: folder.id, row_version: 1 })).status,
    ).toBe(404);
  });
});
