import type { ActivityPage } from '@strata/contracts/activity';
import type { Item } from '@strata/contracts/items';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { items } from '../../db/schema/items';
import { expandEvents } from '../../events/value-events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, pull, type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

const refsUrl = (s: Seeded, boardId: string) => `/api/${s.team.id}/boards/${boardId}/references`;

interface Link {
  attribute_id: string;
  from_item_id: string;
  to_item_id: string;
}
const link = (s: Seeded, boardId: string, body: Link, token = s.owner.token) =>
  api.send('POST', refsUrl(s, boardId), token, body);
const unlink = (s: Seeded, boardId: string, body: Link, token = s.owner.token) =>
  api.send('DELETE', refsUrl(s, boardId), token, body);
const titles = (s: Seeded, ids: readonly string[], token = s.owner.token) =>
  api.send('GET', `/api/${s.team.id}/items/titles?ids=${ids.join(',')}`, token);

/** The item as the database holds it now. */
async function stored(s: Seeded, id: string) {
  const [row] = await t.app.ctx.db
    .select()
    .from(items)
    .where(and(eq(items.teamId, s.team.id), eq(items.id, id)));
  return row!;
}

/** The board's events after the given id, oldest first, as subscribers receive them. */
async function eventsSince(s: Seeded, afterId = 0) {
  const rows = await t.app.ctx.db
    .select()
    .from(events)
    .where(eq(events.teamId, s.team.id))
    .orderBy(events.id);
  return expandEvents(rows)
    .filter((row) => row.id > afterId)
    .map((row) => ({
      id: row.id,
      type: row.type,
      channel: row.channel,
      payload: row.payload as { id: string; row_version?: number; data?: Record<string, unknown> },
    }));
}
const lastEventId = async (s: Seeded) => (await eventsSince(s)).at(-1)?.id ?? 0;

/** A board with a name attribute and named items, and a reference attribute (this board by default). */
async function refPlace(
  s: Seeded,
  options: { settings?: Record<string, unknown>; board?: Record<string, unknown> } = {},
) {
  const place = await api.newPlace(s, options.board);
  const ref = await api.newAttribute(s, place.board.id, 'reference', {
    name: 'Blocks',
    settings: options.settings ?? {},
  });
  const named = (name: string, token?: string) =>
    api.newItem(s, place.folder.id, { values: { [place.name.id]: { data: name } } }, token);
  return { ...place, ref, named };
}

describe('links', () => {
  test('a link is added, added again without a change, and removed; the value and row_version follow', async () => {
    const s = await seedWorkspace(t);
    const { board, ref, named } = await refPlace(s);
    const from = await named('Write spec');
    const a = await named('Design');
    const b = await named('Review');

    const first = await link(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: a.id });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({
      object: 'reference',
      attribute_id: ref.id,
      from_item_id: from.id,
      to_item_id: a.id,
      deleted: false,
      item: { id: from.id, row_version: 2, values: { [ref.id]: { attribute_id: ref.id, data: [a.id] } } },
    });
    const valueId = first.body.item.values[ref.id].id;
    expect(valueId).toEqual(expect.any(String));

    const second = await link(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: b.id });
    expect(second.body.item).toMatchObject({
      row_version: 3,
      values: { [ref.id]: { id: valueId, attribute_id: ref.id, data: [a.id, b.id] } },
    });

    const before = await lastEventId(s);
    const again = await link(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: a.id });
    expect(again.status).toBe(200);
    expect(again.body.item.row_version).toBe(3);
    expect(await eventsSince(s, before)).toEqual([]);

    const removed = await unlink(s, board.id, {
      attribute_id: ref.id,
      from_item_id: from.id,
      to_item_id: a.id,
    });
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ deleted: true, item: { row_version: 4 } });
    expect((await stored(s, from.id)).values[ref.id]).toEqual({
      id: valueId,
      attribute_id: ref.id,
      data: [b.id],
    });

    // The last link gone, the value is cleared; removing a link that is not there is 404.
    await unlink(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: b.id });
    const cleared = await stored(s, from.id);
    expect(cleared.values[ref.id]).toBeUndefined();
    expect(cleared.rowVersion).toBe(5);
    const missing = await unlink(s, board.id, {
      attribute_id: ref.id,
      from_item_id: from.id,
      to_item_id: b.id,
    });
    expect(missing.status).toBe(404);
    expect((await stored(s, from.id)).rowVersion).toBe(5);
  });

  test('a single-reference attribute keeps one link: a new one replaces it', async () => {
    const s = await seedWorkspace(t);
    const { board, ref, named } = await refPlace(s, { settings: { multiple: false } });
    const from = await named('Task');
    const a = await named('Epic A');
    const b = await named('Epic B');
    await link(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: a.id });
    const replaced = await link(s, board.id, {
      attribute_id: ref.id,
      from_item_id: from.id,
      to_item_id: b.id,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.item.values[ref.id].data).toEqual([b.id]);
    expect((await stored(s, from.id)).values[ref.id]?.data).toEqual([b.id]);
  });

  test("an attribute referencing another board links to that board's items only", async () => {
    const s = await seedWorkspace(t);
    const target = await api.newPlace(s);
    const epic = await api.newItem(s, target.folder.id, { values: { [target.name.id]: { data: 'Epic' } } });
    const { board, ref, named } = await refPlace(s, { settings: { boardId: target.board.id } });
    const from = await named('Task');
    const sameBoard = await named('Neighbour');

    const ok = await link(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: epic.id });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.item.values[ref.id].data).toEqual([epic.id]);
    const refused = await link(s, board.id, {
      attribute_id: ref.id,
      from_item_id: from.id,
      to_item_id: sameBoard.id,
    });
    expect(refused.status).toBe(404);
    // The link is written on the referencing item's board: the path must name that board.
    const wrongPath = await link(s, target.board.id, {
      attribute_id: ref.id,
      from_item_id: from.id,
      to_item_id: epic.id,
    });
    expect(wrongPath.status).toBe(404);
    expect((await stored(s, from.id)).values[ref.id]?.data).toEqual([epic.id]);
  });

  test('the item values route still refuses reference data (422 NOT_EDITABLE)', async () => {
    const s = await seedWorkspace(t);
    const { ref, named } = await refPlace(s);
    const from = await named('Task');
    const to = await named('Other');
    const put = await api.putItem(s, s.owner.token, from.id, {
      values: { [ref.id]: { data: [to.id] } },
      row_version: 2,
    });
    expect(put.status).toBe(422);
    expect(put.body.errors).toEqual([
      expect.objectContaining({ path: `values.${ref.id}`, code: 'NOT_EDITABLE' }),
    ]);
    expect((await stored(s, from.id)).values[ref.id]).toBeUndefined();
  });

  test('hostile or wrong ids are 404 (a non-reference attribute 422) and change nothing', async () => {
    const s = await seedWorkspace(t);
    const other = await seedWorkspace(t);
    const { board, name, ref, named } = await refPlace(s);
    const from = await named('Task');
    const to = await named('Other');
    const foreign = await refPlace(other);
    const foreignItem = await foreign.named('Foreign');
    const elsewhere = await refPlace(s);
    const elsewhereItem = await elsewhere.named('Elsewhere');
    const gone = await named('Gone');
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${gone.id}`, s.owner.token)).status).toBe(200);
    const before = await lastEventId(s);

    const cases: [string, string, Link, number][] = [
      [
        'foreign to_item',
        board.id,
        { attribute_id: ref.id, from_item_id: from.id, to_item_id: foreignItem.id },
        404,
      ],
      [
        'foreign from_item',
        board.id,
        { attribute_id: ref.id, from_item_id: foreignItem.id, to_item_id: to.id },
        404,
      ],
      [
        'foreign attribute',
        board.id,
        { attribute_id: foreign.ref.id, from_item_id: from.id, to_item_id: to.id },
        404,
      ],
      [
        'foreign board',
        foreign.board.id,
        { attribute_id: ref.id, from_item_id: from.id, to_item_id: to.id },
        404,
      ],
      ['unknown to_item', board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: uuid() }, 404],
      [
        'deleted to_item',
        board.id,
        { attribute_id: ref.id, from_item_id: from.id, to_item_id: gone.id },
        404,
      ],
      [
        'deleted from_item',
        board.id,
        { attribute_id: ref.id, from_item_id: gone.id, to_item_id: to.id },
        404,
      ],
      [
        'another board as target',
        board.id,
        { attribute_id: ref.id, from_item_id: from.id, to_item_id: elsewhereItem.id },
        404,
      ],
      [
        "another board's attribute",
        board.id,
        { attribute_id: elsewhere.ref.id, from_item_id: from.id, to_item_id: to.id },
        404,
      ],
      [
        'a text attribute',
        board.id,
        { attribute_id: name.id, from_item_id: from.id, to_item_id: to.id },
        422,
      ],
    ];
    for (const [label, boardId, body, status] of cases) {
      const res = await link(s, boardId, body);
      expect(res.status, label).toBe(status);
      expect(JSON.stringify(res.body), label).not.toContain('Foreign');
    }
    const malformed = await link(s, board.id, {
      attribute_id: ref.id,
      from_item_id: from.id,
      to_item_id: 'x',
    });
    expect(malformed.status).toBe(422);
    // Across workspaces: the caller's own ids in another workspace's path.
    const crossTeam = await api.send(
      'POST',
      `/api/${other.team.id}/boards/${board.id}/references`,
      s.owner.token,
      {
        attribute_id: ref.id,
        from_item_id: from.id,
        to_item_id: to.id,
      },
    );
    expect(crossTeam.status).toBe(404);

    expect(await eventsSince(s, before)).toEqual([]);
    expect((await stored(s, from.id)).rowVersion).toBe(1);
  });
});

describe('announcing', () => {
  test('a link is announced like an item save: item.updated and the value event with the new value', async () => {
    const s = await seedWorkspace(t);
    const { board, ref, named } = await refPlace(s, { board: { is_private: true } });
    const from = await named('Task');
    const a = await named('Design');
    const b = await named('Review');
    const start = await pull(t, s.owner.token, s.team.id);
    const before = await lastEventId(s);

    const added = await link(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: a.id });
    await link(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: b.id });
    await unlink(s, board.id, { attribute_id: ref.id, from_item_id: from.id, to_item_id: a.id });
    const valueId = added.body.item.values[ref.id].id as string;

    const announced = await eventsSince(s, before);
    expect(new Set(announced.map((e) => e.channel))).toEqual(
      new Set([`team.${s.team.id}.board.${board.id}`]),
    );
    expect(announced.map((e) => e.type)).toEqual([
      'item.updated',
      'value.created',
      'item.updated',
      'value.updated',
      'item.updated',
      'value.updated',
    ]);
    expect(announced[0]!.payload).toMatchObject({
      id: from.id,
      row_version: 2,
      data: { id: from.id, values: { [ref.id]: { data: [a.id] } } },
    });
    expect(announced.filter((e) => e.type.startsWith('value.')).map((e) => e.payload)).toEqual([
      {
        type: 'value.created',
        id: valueId,
        row_version: 2,
        data: { id: valueId, item_id: from.id, attribute_id: ref.id, data: [a.id] },
      },
      {
        type: 'value.updated',
        id: valueId,
        row_version: 3,
        data: { id: valueId, item_id: from.id, attribute_id: ref.id, data: [a.id, b.id] },
      },
      {
        type: 'value.updated',
        id: valueId,
        row_version: 4,
        data: { id: valueId, item_id: from.id, attribute_id: ref.id, data: [b.id] },
      },
    ]);

    // The activity log records the value before and after; delta sync carries the item.
    const page = (
      await api.send('GET', `/api/${s.team.id}/boards/${board.id}/activity?item_id=${from.id}`, s.owner.token)
    ).body as ActivityPage;
    expect(page.data.slice(0, 3).map((entry) => [entry.event, entry.changes])).toEqual([
      ['value.updated', { attribute_id: ref.id, before: [a.id, b.id], after: [b.id] }],
      ['value.updated', { attribute_id: ref.id, before: [a.id], after: [a.id, b.id] }],
      ['value.created', { attribute_id: ref.id, before: null, after: [a.id] }],
    ]);
    const changed = await pull(t, s.owner.token, s.team.id, start.cursor);
    expect(keysOf(changed.changes)).toEqual([`item:${from.id}`]);
    expect((changed.changes[0]!.data as Item).values[ref.id]?.data).toEqual([b.id]);
  });
});

/** An item of the place, recorded as created by `creatorId`. */
async function itemBy(s: Seeded, place: Awaited<ReturnType<typeof refPlace>>, creatorId: number) {
  const item = await place.named('Someone’s task');
  await t.app.ctx.db
    .update(items)
    .set({ createdBy: creatorId })
    .where(and(eq(items.teamId, s.team.id), eq(items.id, item.id)));
  return item;
}

describe('who may link', () => {
  const ALLOWED: Record<string, readonly RoleName[]> = {
    'on their own item': ['owner', 'admin', 'full-member', 'restricted-member'],
    "on another's item": ['owner', 'admin', 'full-member'],
  };
  test.each(
    Object.entries(ALLOWED).flatMap(([whose, allowed]) =>
      ROLES.map((role) => [whose, role, allowed.includes(role)] as const),
    ),
  )('adding and removing a link %s as %s: allowed %s', async (whose, role, allowed) => {
    const s = await seedWorkspace(t);
    const place = await refPlace(s);
    const creator = whose === 'on their own item' ? s[role].id : role === 'owner' ? s.admin.id : s.owner.id;
    const from = await itemBy(s, place, creator);
    const to = await place.named('Target');
    const body = { attribute_id: place.ref.id, from_item_id: from.id, to_item_id: to.id };
    const added = await link(s, place.board.id, body, s[role].token);
    expect(added.status, JSON.stringify(added.body)).toBe(allowed ? 200 : 403);
    expect((await stored(s, from.id)).values[place.ref.id]?.data ?? null).toEqual(allowed ? [to.id] : null);
    // Removing asks the same right (the owner puts the link in place for the ones refused).
    if (!allowed) await link(s, place.board.id, body);
    const removed = await unlink(s, place.board.id, body, s[role].token);
    expect(removed.status).toBe(allowed ? 200 : 403);
    expect((await stored(s, from.id)).values[place.ref.id]?.data ?? null).toEqual(allowed ? null : [to.id]);
  });

  // The private board is created by the owner with the admin as its member.
  const SEES_PRIVATE: Record<RoleName, boolean> = {
    owner: true,
    admin: true,
    'full-member': false,
    'restricted-member': false,
    guest: false,
  };
  test.each(ROLES.filter((role) => role !== 'guest'))(
    "a private target board's items can be linked by %s only if they see the board",
    async (role) => {
      const s = await seedWorkspace(t);
      const secret = await api.newPlace(s, { is_private: true, user_ids: [s.owner.id, s.admin.id] });
      const plan = await api.newItem(s, secret.folder.id, {
        values: { [secret.name.id]: { data: 'Secret plan' } },
      });
      const place = await refPlace(s, { settings: { boardId: secret.board.id } });
      const from = await itemBy(s, place, s[role].id);
      const res = await link(
        s,
        place.board.id,
        { attribute_id: place.ref.id, from_item_id: from.id, to_item_id: plan.id },
        s[role].token,
      );
      expect(res.status).toBe(SEES_PRIVATE[role] ? 200 : 404);
      expect(JSON.stringify(res.body)).not.toContain('Secret');
      expect((await stored(s, from.id)).values[place.ref.id]?.data ?? null).toEqual(
        SEES_PRIVATE[role] ? [plan.id] : null,
      );
    },
  );

  test('items of a private board are not linked by those who do not see it, whoever created them', async () => {
    const s = await seedWorkspace(t);
    const place = await refPlace(s, { board: { is_private: true, user_ids: [s.owner.id] } });
    const from = await itemBy(s, place, s['full-member'].id);
    const to = await place.named('Target');
    const res = await link(
      s,
      place.board.id,
      { attribute_id: place.ref.id, from_item_id: from.id, to_item_id: to.id },
      s['full-member'].token,
    );
    expect(res.status).toBe(404);
    const outsider = await link(
      s,
      place.board.id,
      { attribute_id: place.ref.id, from_item_id: from.id, to_item_id: to.id },
      s.outsider.token,
    );
    expect(outsider.status).toBe(404);
  });
});

describe('titles', () => {
  test("titles of the items the caller sees, from each board's name attribute; the rest left out", async () => {
    const s = await seedWorkspace(t);
    const open = await api.newPlace(s);
    const task = await api.newItem(s, open.folder.id, { values: { [open.name.id]: { data: 'Open task' } } });
    const untitled = await api.newItem(s, open.folder.id);
    const secret = await api.newPlace(s, { is_private: true, user_ids: [s.owner.id] });
    const plan = await api.newItem(s, secret.folder.id, {
      values: { [secret.name.id]: { data: 'Secret plan' } },
    });
    const gone = await api.newItem(s, open.folder.id, { values: { [open.name.id]: { data: 'Gone' } } });
    await api.send('DELETE', `/api/${s.team.id}/items/${gone.id}`, s.owner.token);
    const other = await seedWorkspace(t);
    const foreignPlace = await api.newPlace(other);
    const foreign = await api.newItem(other, foreignPlace.folder.id, {
      values: { [foreignPlace.name.id]: { data: 'Foreign' } },
    });
    const ids = [task.id, untitled.id, plan.id, gone.id, foreign.id, uuid()];

    const owner = await titles(s, ids);
    expect(owner.status).toBe(200);
    expect(owner.body).toEqual({
      [task.id]: { title: 'Open task', board_id: open.board.id, folder_id: open.folder.id },
      [untitled.id]: { title: null, board_id: open.board.id, folder_id: open.folder.id },
      [plan.id]: { title: 'Secret plan', board_id: secret.board.id, folder_id: secret.folder.id },
    });
    const member = await titles(s, ids, s['full-member'].token);
    expect(member.body).toEqual({
      [task.id]: { title: 'Open task', board_id: open.board.id, folder_id: open.folder.id },
      [untitled.id]: { title: null, board_id: open.board.id, folder_id: open.folder.id },
    });
    expect(JSON.stringify(member.body)).not.toContain('Secret');
    expect((await titles(s, ids, s.outsider.token)).status).toBe(404);
  });

  test('a title follows a renamed item', async () => {
    const s = await seedWorkspace(t);
    const place = await api.newPlace(s);
    const item = await api.newItem(s, place.folder.id, { values: { [place.name.id]: { data: 'Before' } } });
    await api.putItem(s, s.owner.token, item.id, {
      values: { [place.name.id]: { data: 'After' } },
      row_version: 2,
    });
    expect((await titles(s, [item.id])).body[item.id].title).toBe('After');
  });

  test('more than 200 ids, none, or one that is not a UUID is 422', async () => {
    const s = await seedWorkspace(t);
    const many = Array.from({ length: 201 }, () => uuid());
    expect((await titles(s, many)).status).toBe(422);
    expect((await titles(s, many.slice(0, 200))).status).toBe(200);
    expect((await titles(s, ['not-an-id'])).status).toBe(422);
    expect((await api.send('GET', `/api/${s.team.id}/items/titles?ids=`, s.owner.token)).status).toBe(422);
  });
});

describe('search', () => {
  test("the picker's search: a board's items by title, any case, % and _ taken literally, at most limit", async () => {
    const s = await seedWorkspace(t);
    const place = await api.newPlace(s);
    const named = (name: string) =>
      api.newItem(s, place.folder.id, { values: { [place.name.id]: { data: name } } });
    const beta = await named('Beta launch');
    const alpha = await named('Alpha launch');
    await named('100% done');
    const untitled = await api.newItem(s, place.folder.id);
    const search = (query: string, token = s.owner.token) =>
      api.send('GET', `/api/${s.team.id}/boards/${place.board.id}/items${query}`, token);

    const found = await search('?q=LAUNCH');
    expect(found.status).toBe(200);
    expect(found.body).toEqual([
      { id: alpha.id, title: 'Alpha launch', folder_id: place.folder.id },
      { id: beta.id, title: 'Beta launch', folder_id: place.folder.id },
    ]);
    expect((await search('?q=%25')).body.map((hit: { title: string }) => hit.title)).toEqual(['100% done']);
    expect((await search('?q=_')).body).toEqual([]);
    const all = await search('?limit=3');
    expect(all.body.map((hit: { id: string }) => hit.id)).toHaveLength(3);
    expect((await search('')).body.at(-1)).toEqual({
      id: untitled.id,
      title: null,
      folder_id: place.folder.id,
    });
    expect((await search('?limit=51')).status).toBe(422);

    const secret = await api.newPlace(s, { is_private: true, user_ids: [s.owner.id] });
    const hidden = await api.send(
      'GET',
      `/api/${s.team.id}/boards/${secret.board.id}/items`,
      s['full-member'].token,
    );
    expect(hidden.status).toBe(404);
  });
});

describe('folders the caller does not see', () => {
  test("a private folder's items are left out of titles and search, and cannot be linked", async () => {
    const s = await seedWorkspace(t);
    const place = await refPlace(s);
    const from = await itemBy(s, place, s['full-member'].id);
    const secret = await api.newFolder(s, place.board.id, { name: 'Secret' });
    const made = await api.send('PUT', `/api/${s.team.id}/folders/${secret.id}`, s.owner.token, {
      board_id: place.board.id,
      name: 'Secret',
      settings: { private: true, member_ids: [] },
      row_version: 2,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const plan = await api.newItem(s, secret.id, { values: { [place.name.id]: { data: 'Secret plan' } } });
    const token = s['full-member'].token;

    expect((await titles(s, [plan.id, from.id], token)).body).toEqual({
      [from.id]: { title: 'Someone’s task', board_id: place.board.id, folder_id: place.folder.id },
    });
    const search = await api.send('GET', `/api/${s.team.id}/boards/${place.board.id}/items?q=plan`, token);
    expect(search.body).toEqual([]);
    const linked = await link(
      s,
      place.board.id,
      { attribute_id: place.ref.id, from_item_id: from.id, to_item_id: plan.id },
      token,
    );
    expect(linked.status).toBe(404);
    expect(JSON.stringify(linked.body)).not.toContain('Secret');
    // The owner sees the folder: the same requests find the item.
    expect((await titles(s, [plan.id])).body[plan.id]?.title).toBe('Secret plan');
  });
});
