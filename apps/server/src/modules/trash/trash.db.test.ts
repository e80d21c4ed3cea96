import type { TrashEntry } from '@strata/contracts/trash';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { ROLES, type RoleName, uuid } from '../items/items.fixtures';
import {
  changeFlags,
  changeSeqOf,
  eventKeys,
  lastEventId,
  rowsOf,
  steppingClock,
  trashApi,
} from './trash.fixtures';

let t: TestApp;
let api: ReturnType<typeof trashApi>;
beforeAll(async () => {
  const clock = steppingClock();
  t = await createTestApp({ clock });
  api = trashApi(t, clock);
});
afterAll(() => t?.close());

/** A board with a folder, its name attribute and an item named `name` (with subitems if asked). */
async function boardWithItem(s: Seeded, name = 'Alpha') {
  const place = await api.newPlace(s);
  const item = await api.newItem(s, place.folder.id, { values: { [place.name.id]: { data: name } } });
  return { ...place, item };
}

describe('the list', () => {
  test('deleted items (by their name value), folders and attributes, newest deletion first; what went with a record is not an entry', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name, item } = await boardWithItem(s);
    const sub = await api.newItem(s, folder.id, { parent_id: item.id });
    await api.newItem(s, folder.id, { parent_id: sub.id });
    const other = await api.newFolder(s, board.id, { name: 'Archive' });
    await api.newFolder(s, board.id, { name: 'Inner', parent_id: other.id });
    const cost = await api.newAttribute(s, board.id, 'number', { name: 'Cost' });
    const live = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Stays' } } });
    const lone = await api.newItem(s, folder.id, { parent_id: live.id });

    await api.trash(s, { type: 'item', id: item.id });
    await api.trash(s, { type: 'folder', id: other.id });
    await api.trash(s, { type: 'attribute', id: cost.id });
    await api.trash(s, { type: 'item', id: lone.id });

    const res = await api.list(s, board.id);
    expect(res.status).toBe(200);
    expect(res.body.next_cursor).toBeNull();
    const entries = res.body.data as TrashEntry[];
    expect(entries.map((e) => `${e.type}:${e.id}`)).toEqual([
      `item:${lone.id}`,
      `attribute:${cost.id}`,
      `folder:${other.id}`,
      `item:${item.id}`,
    ]);
    expect(entries[0]).toMatchObject({ name: null, parent_id: live.id, subitem_count: 0 });
    expect(entries[1]).toMatchObject({ name: 'Cost', attribute_type: 'number', folder_id: null });
    expect(entries[2]).toMatchObject({ name: 'Archive', folder_id: null, folder_name: null });
    expect(entries[3]).toMatchObject({
      name: 'Alpha',
      folder_id: folder.id,
      folder_name: 'Folder',
      parent_id: null,
      subitem_count: 2,
    });
    expect(Date.parse(entries[0]!.deleted_at)).toBeGreaterThan(Date.parse(entries[1]!.deleted_at));
  });

  test('pages of `limit` follow each other by cursor to the end, with no entry twice', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await boardWithItem(s);
    const made = [];
    for (let n = 0; n < 5; n++) made.push(await api.newItem(s, folder.id));
    for (const item of made) await api.trash(s, { type: 'item', id: item.id });

    const seen: string[] = [];
    let query = '?limit=2';
    for (let page = 0; page < 3; page++) {
      const res = await api.list(s, board.id, s.owner.token, query);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      seen.push(...res.body.data.map((e: TrashEntry) => e.id));
      if (page < 2) query = `?limit=2&cursor=${encodeURIComponent(res.body.next_cursor)}`;
      else expect(res.body.next_cursor).toBeNull();
    }
    expect(seen).toEqual(made.map((item) => item.id).reverse());
  });

  test.each([
    ['a cursor this list did not give', '?cursor=bm9wZQ'],
    ['a limit above 100', '?limit=101'],
    ['a limit of 0', '?limit=0'],
  ])('%s is answered 422', async (_case, query) => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const res = await api.list(s, board.id, s.owner.token, query);
    expect(res.status).toBe(422);
  });
});

describe('restore', () => {
  test('an item comes back with the subitems deleted with it, announced and noted as a save is', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, item } = await boardWithItem(s);
    const sub = await api.newItem(s, folder.id, { parent_id: item.id });
    const subsub = await api.newItem(s, folder.id, { parent_id: sub.id });
    await api.trash(s, { type: 'item', id: item.id });
    const before = await lastEventId(t, s.team.id);

    const res = await api.restore(s, board.id, [{ type: 'item', id: item.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const ids = [item.id, sub.id, subsub.id];
    expect(res.body.records.map((r: { id: string }) => r.id).sort()).toEqual([...ids].sort());

    const listed = (await api.listItems(s, s.owner.token, folder.id)).body.map((i: { id: string }) => i.id);
    expect(listed.sort()).toEqual([...ids].sort());
    const rows = await rowsOf(t, s.team.id, { items: ids });
    for (const id of ids) expect(rows.item(id)).toMatchObject({ deletedAt: null, rowVersion: 3 });
    expect((await eventKeys(t, s.team.id, before)).sort()).toEqual(
      ids.map((id) => `item.updated:${id}`).sort(),
    );
    expect(await changeFlags(t, s.team.id, ids)).toEqual(
      Object.fromEntries(ids.map((id) => [`item:${id}`, false])),
    );
    expect(await api.keys(s, board.id)).toEqual([]);
  });

  test('a subitem deleted on its own brings back its deleted parent, not what was deleted with the parent', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, item } = await boardWithItem(s);
    const early = await api.newItem(s, folder.id, { parent_id: item.id });
    const sibling = await api.newItem(s, folder.id, { parent_id: item.id });
    await api.trash(s, { type: 'item', id: early.id });
    await api.trash(s, { type: 'item', id: item.id });
    expect(await api.keys(s, board.id)).toEqual([`item:${item.id}`, `item:${early.id}`]);

    const res = await api.restore(s, board.id, [{ type: 'item', id: early.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await rowsOf(t, s.team.id, { items: [item.id, early.id, sibling.id] });
    expect(rows.item(item.id)?.deletedAt).toBeNull();
    expect(rows.item(early.id)?.deletedAt).toBeNull();
    expect(rows.item(sibling.id)?.deletedAt).not.toBeNull();
    // The sibling's parent is back: it is an entry of its own now.
    expect(await api.keys(s, board.id)).toEqual([`item:${sibling.id}`]);
  });

  test('a subitem comes back into the folder its parent moved to meanwhile', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, item } = await boardWithItem(s);
    const sub = await api.newItem(s, folder.id, { parent_id: item.id });
    await api.trash(s, { type: 'item', id: sub.id });
    const elsewhere = await api.newFolder(s, board.id);
    const moved = await api.putItem(s, s.owner.token, item.id, { folder_id: elsewhere.id, row_version: 2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);

    expect((await api.restore(s, board.id, [{ type: 'item', id: sub.id }])).status).toBe(200);
    const listed = (await api.listItems(s, s.owner.token, elsewhere.id)).body.map(
      (i: { id: string }) => i.id,
    );
    expect(listed.sort()).toEqual([item.id, sub.id].sort());
  });

  test('an item whose folder was deleted brings the folder back (as monday.com does with a group)', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, item } = await boardWithItem(s);
    const stayed = await api.newItem(s, folder.id);
    await api.trash(s, { type: 'item', id: item.id });
    await api.trash(s, { type: 'folder', id: folder.id });
    const before = await lastEventId(t, s.team.id);
    const stayedSeq = await changeSeqOf(t, s.team.id, stayed.id);

    const res = await api.restore(s, board.id, [{ type: 'item', id: item.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // The item that stayed in the folder is noted again: clients catching up dropped it with the folder.
    expect(await changeSeqOf(t, s.team.id, stayed.id)).toBeGreaterThan(stayedSeq ?? 0);
    expect(await eventKeys(t, s.team.id, before)).toEqual([
      `folder.updated:${folder.id}`,
      `item.updated:${item.id}`,
    ]);
    const listed = (await api.listItems(s, s.owner.token, folder.id)).body.map((i: { id: string }) => i.id);
    expect(listed.sort()).toEqual([item.id, stayed.id].sort());
    expect(await api.keys(s, board.id)).toEqual([]);
  });

  test('a folder comes back with the subfolders deleted with it and its deleted parent folder', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const top = await api.newFolder(s, board.id, { name: 'Top' });
    const mid = await api.newFolder(s, board.id, { name: 'Mid', parent_id: top.id });
    const low = await api.newFolder(s, board.id, { name: 'Low', parent_id: mid.id });
    const side = await api.newFolder(s, board.id, { name: 'Side', parent_id: top.id });
    await api.trash(s, { type: 'folder', id: mid.id });
    await api.trash(s, { type: 'folder', id: top.id });

    const res = await api.restore(s, board.id, [{ type: 'folder', id: mid.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await rowsOf(t, s.team.id, { folders: [top.id, mid.id, low.id, side.id] });
    expect(rows.folder(top.id)).toMatchObject({ deletedAt: null, rowVersion: 3 });
    expect(rows.folder(mid.id)?.deletedAt).toBeNull();
    expect(rows.folder(low.id)?.deletedAt).toBeNull();
    expect(rows.folder(side.id)?.deletedAt).not.toBeNull();
    expect(await api.keys(s, board.id)).toEqual([`folder:${side.id}`]);
    expect(await changeFlags(t, s.team.id, [top.id, mid.id, low.id])).toEqual({
      [`folder:${top.id}`]: false,
      [`folder:${mid.id}`]: false,
      [`folder:${low.id}`]: false,
    });
  });

  test('an attribute comes back with the values items kept of it', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const cost = await api.newAttribute(s, board.id, 'number', { name: 'Cost' });
    const item = await api.newItem(s, folder.id, { values: { [cost.id]: { data: 7 } } });
    await api.trash(s, { type: 'attribute', id: cost.id });
    const before = await lastEventId(t, s.team.id);

    const res = await api.restore(s, board.id, [{ type: 'attribute', id: cost.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await eventKeys(t, s.team.id, before)).toEqual([`attribute.updated:${cost.id}`]);
    const restored = (await api.listAttributes(s, s.owner.token, board.id)).body.find(
      (a: { id: string }) => a.id === cost.id,
    );
    expect(restored).toMatchObject({ deleted: false, row_version: 3 });
    const listed = (await api.listItems(s, s.owner.token, folder.id)).body;
    expect(listed.find((i: { id: string }) => i.id === item.id).values[cost.id].data).toBe(7);
  });

  test('an attribute whose name a live one took meanwhile is a 422 that restores nothing', async () => {
    const s = await seedWorkspace(t);
    const { board, item } = await boardWithItem(s);
    const cost = await api.newAttribute(s, board.id, 'number', { name: 'Cost' });
    await api.trash(s, { type: 'attribute', id: cost.id });
    await api.trash(s, { type: 'item', id: item.id });
    await api.newAttribute(s, board.id, 'number', { name: 'Cost' });

    const res = await api.restore(s, board.id, [
      { type: 'item', id: item.id },
      { type: 'attribute', id: cost.id },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ path: 'records.1.name', code: 'ATTRIBUTE_NAME_TAKEN' });
    expect(await api.keys(s, board.id)).toEqual([`item:${item.id}`, `attribute:${cost.id}`]);
  });
});

describe('delete forever', () => {
  test('an item goes with its subitems: rows removed, delta sync notes them gone, no *.deleted announced', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, item } = await boardWithItem(s);
    const sub = await api.newItem(s, folder.id, { parent_id: item.id });
    await api.trash(s, { type: 'item', id: item.id });
    const before = await lastEventId(t, s.team.id);

    const res = await api.purge(s, board.id, [{ type: 'item', id: item.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await rowsOf(t, s.team.id, { items: [item.id, sub.id] });
    expect(rows.item(item.id)).toBeUndefined();
    expect(rows.item(sub.id)).toBeUndefined();
    expect(await eventKeys(t, s.team.id, before)).toEqual([`trash.purged:${board.id}`]);
    expect(await changeFlags(t, s.team.id, [item.id, sub.id])).toEqual({
      [`item:${item.id}`]: true,
      [`item:${sub.id}`]: true,
    });
    expect(await api.keys(s, board.id)).toEqual([]);
  });

  test('a folder goes with its subfolders and every item in them', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, item } = await boardWithItem(s);
    const inner = await api.newFolder(s, board.id, { parent_id: folder.id });
    const deep = await api.newItem(s, inner.id);
    await api.trash(s, { type: 'folder', id: folder.id });

    const res = await api.purge(s, board.id, [{ type: 'folder', id: folder.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await rowsOf(t, s.team.id, { items: [item.id, deep.id], folders: [folder.id, inner.id] });
    expect([rows.item(item.id), rows.item(deep.id), rows.folder(folder.id), rows.folder(inner.id)]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    expect(Object.values(await changeFlags(t, s.team.id, [item.id, deep.id, folder.id, inner.id]))).toEqual([
      true,
      true,
      true,
      true,
    ]);
  });

  test('a folder takes the trashed subitems of its items along, even from the folder they were left in', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, item } = await boardWithItem(s);
    const sub = await api.newItem(s, folder.id, { parent_id: item.id });
    await api.trash(s, { type: 'item', id: sub.id });
    const elsewhere = await api.newFolder(s, board.id);
    const moved = await api.putItem(s, s.owner.token, item.id, { folder_id: elsewhere.id, row_version: 2 });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await api.trash(s, { type: 'folder', id: elsewhere.id });

    expect((await api.purge(s, board.id, [{ type: 'folder', id: elsewhere.id }])).status).toBe(200);
    const rows = await rowsOf(t, s.team.id, { items: [item.id, sub.id] });
    expect([rows.item(item.id), rows.item(sub.id)]).toEqual([undefined, undefined]);
    expect(await api.keys(s, board.id)).toEqual([]);
  });

  test('an attribute goes with its values: live items that had one are saved and announced', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const cost = await api.newAttribute(s, board.id, 'number', { name: 'Cost' });
    const item = await api.newItem(s, folder.id, { values: { [cost.id]: { data: 7 } } });
    const without = await api.newItem(s, folder.id);
    await api.trash(s, { type: 'attribute', id: cost.id });
    const before = await lastEventId(t, s.team.id);

    const res = await api.purge(s, board.id, [{ type: 'attribute', id: cost.id }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const rows = await rowsOf(t, s.team.id, { items: [item.id, without.id], attributes: [cost.id] });
    expect(rows.attribute(cost.id)).toBeUndefined();
    expect(rows.item(item.id)?.values[cost.id]).toBeUndefined();
    expect(rows.item(item.id)?.rowVersion).toBe(2);
    expect(rows.item(without.id)?.rowVersion).toBe(1);
    expect(await eventKeys(t, s.team.id, before)).toEqual([
      `item.updated:${item.id}`,
      `trash.purged:${board.id}`,
    ]);
  });

  test('a record not in the trash is a 422 naming it, and nothing is deleted', async () => {
    const s = await seedWorkspace(t);
    const { board, item, name } = await boardWithItem(s);
    const gone = await api.newItem(s, (await api.newFolder(s, board.id)).id);
    await api.trash(s, { type: 'item', id: gone.id });

    const res = await api.purge(s, board.id, [
      { type: 'item', id: gone.id },
      { type: 'item', id: item.id },
      { type: 'attribute', id: name.id },
    ]);
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toEqual(['records.1.id', 'records.2.id']);
    const rows = await rowsOf(t, s.team.id, { items: [gone.id, item.id], attributes: [name.id] });
    expect([rows.item(gone.id)?.id, rows.item(item.id)?.id, rows.attribute(name.id)?.id]).toEqual([
      gone.id,
      item.id,
      name.id,
    ]);
    const restore = await api.restore(s, board.id, [{ type: 'item', id: item.id }]);
    expect(restore.status).toBe(422);
  });
});

describe('who may manage the trash (MANAGE_TRASH on the board)', () => {
  const ALLOWED: readonly RoleName[] = ['owner', 'admin'];
  const ACTS = {
    list: (s: Seeded, board: string, _ref: unknown, token: string) => api.list(s, board, token),
    restore: (s: Seeded, board: string, ref: unknown, token: string) => api.restore(s, board, [ref], token),
    'delete forever': (s: Seeded, board: string, ref: unknown, token: string) =>
      api.purge(s, board, [ref], token),
  };
  test.each(
    Object.entries(ACTS).flatMap(([action, act]) =>
      ROLES.map((role) => [action, role, ALLOWED.includes(role), act] as const),
    ),
  )('%s as %s: allowed %s', async (action, role, allowed, act) => {
    const s = await seedWorkspace(t);
    const { board, item } = await boardWithItem(s);
    await api.trash(s, { type: 'item', id: item.id });
    const res = await act(s, board.id, { type: 'item', id: item.id }, s[role].token);
    expect(res.status, JSON.stringify(res.body)).toBe(allowed ? 200 : 403);
    // Refused, the item is still in the trash; allowed, it left it (unless only listed).
    const stillThere = !allowed || action === 'list';
    expect(await api.keys(s, board.id)).toEqual(stillThere ? [`item:${item.id}`] : []);
  });

  test('someone outside the workspace is answered 404, as for a board they cannot see', async () => {
    const s = await seedWorkspace(t);
    const { board, item } = await boardWithItem(s);
    await api.trash(s, { type: 'item', id: item.id });
    const ref = { type: 'item', id: item.id };
    expect((await api.list(s, board.id, s.outsider.token)).status).toBe(404);
    expect((await api.restore(s, board.id, [ref], s.outsider.token)).status).toBe(404);
    expect((await api.purge(s, board.id, [ref], s.outsider.token)).status).toBe(404);
    expect(await api.keys(s, board.id)).toEqual([`item:${item.id}`]);
  });

  test('a board record can give a full member MANAGE_TRASH on that board only', async () => {
    const s = await seedWorkspace(t);
    const { board, item } = await boardWithItem(s);
    const { board: other } = await api.newPlace(s);
    const saved = await api.send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
      resource_type: 'board',
      resource_id: board.id,
      permissions: ['MANAGE_TRASH:allow:role:full-member'],
      final_permissions: [],
      row_version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await api.trash(s, { type: 'item', id: item.id });
    const token = s['full-member'].token;
    expect((await api.list(s, other.id, token)).status).toBe(403);
    expect((await api.restore(s, board.id, [{ type: 'item', id: item.id }], token)).status).toBe(200);
  });
});

describe('hostile or broken input changes nothing', () => {
  test("another board's record, or another workspace's, is a 404 even beside a valid one", async () => {
    const s = await seedWorkspace(t);
    const { board, item } = await boardWithItem(s);
    const { board: otherBoard, item: otherItem } = await boardWithItem(s, 'Other');
    const foreign = await seedWorkspace(t);
    const { board: foreignBoard, item: foreignItem } = await boardWithItem(foreign, 'Foreign');
    for (const [w, id] of [
      [s, item.id],
      [s, otherItem.id],
      [foreign, foreignItem.id],
    ] as const)
      await api.trash(w, { type: 'item', id });

    for (const stranger of [otherItem.id, foreignItem.id]) {
      const records = [
        { type: 'item', id: item.id },
        { type: 'item', id: stranger },
      ];
      expect((await api.restore(s, board.id, records)).status).toBe(404);
      expect((await api.purge(s, board.id, records)).status).toBe(404);
    }
    // Another workspace's board through this workspace's address, and the other way round.
    expect((await api.list(s, foreignBoard.id)).status).toBe(404);
    expect((await api.restore(s, foreignBoard.id, [{ type: 'item', id: foreignItem.id }])).status).toBe(404);
    expect((await api.purge(foreign, board.id, [{ type: 'item', id: item.id }], s.owner.token)).status).toBe(
      404,
    );
    expect(await api.keys(s, board.id)).toEqual([`item:${item.id}`]);
    expect(await api.keys(s, otherBoard.id)).toEqual([`item:${otherItem.id}`]);
    expect(await api.keys(foreign, foreignBoard.id)).toEqual([`item:${foreignItem.id}`]);
  });

  test.each([
    ['no records', []],
    ['an unknown type', [{ type: 'board', id: 'AAAAAAAAAAA' }]],
    ['an item id that is not a UUID', [{ type: 'item', id: "1' OR '1'='1" }]],
    ['a folder id that is not base62', [{ type: 'folder', id: uuid() }]],
    ['more than 500 records', Array.from({ length: 501 }, () => ({ type: 'item', id: uuid() }))],
  ])('%s is a 422 for restore and delete forever', async (_case, records) => {
    const s = await seedWorkspace(t);
    const { board, item } = await boardWithItem(s);
    await api.trash(s, { type: 'item', id: item.id });
    expect((await api.restore(s, board.id, records)).status).toBe(422);
    expect((await api.purge(s, board.id, records)).status).toBe(422);
    expect(await api.keys(s, board.id)).toEqual([`item:${item.id}`]);
  });
});
