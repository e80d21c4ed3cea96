import type { ActivityPage } from '@strata/contracts/activity';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../db/schema/activity';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { base62, itemApi, ROLES, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

const activityUrl = (s: Seeded, boardId: string, query = '') =>
  `/api/${s.team.id}/boards/${boardId}/activity${query}`;

/** A page of a board's (or an item's) activity, which must be a 200. */
async function activity(
  s: Seeded,
  boardId: string,
  query = '',
  token = s.owner.token,
): Promise<ActivityPage> {
  const res = await api.send('GET', activityUrl(s, boardId, query), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** `event record-id` of each entry, oldest first: what a write recorded, in order. */
const eventsOf = (page: ActivityPage) => page.data.map((entry) => entry.event).reverse();

/** A board with a folder, a name attribute and a single-label Status (To do, Done). */
async function statusPlace(s: Seeded) {
  const place = await api.newPlace(s);
  const label = { todo: uuid(), done: uuid() };
  const status = await api.newAttribute(s, place.board.id, 'label', {
    name: 'Status',
    settings: {
      labels: [
        { id: label.todo, name: 'To do' },
        { id: label.done, name: 'Done' },
      ],
    },
  });
  return { ...place, status, label };
}

describe('recording', () => {
  test('a value change records the data before and after, and who changed it', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name, status, label } = await statusPlace(s);
    const item = await api.newItem(
      s,
      folder.id,
      { values: { [name.id]: { data: 'Write the plan' }, [status.id]: { data: [label.todo] } } },
      s['full-member'].token,
    );
    const saved = await api.putItem(s, s.admin.token, item.id, {
      values: { [status.id]: { data: [label.done] } },
      row_version: 2,
    });
    expect(saved.status).toBe(200);

    const page = await activity(s, board.id, `?item_id=${item.id}`);
    expect(page.data).toHaveLength(2);
    const [change, created] = page.data;
    expect(change).toMatchObject({
      event: 'value.updated',
      user: { id: s.admin.id, name: 'A admin', photo_url: expect.any(String) },
      record: { type: 'value', id: item.values[status.id]!.id, folder_id: folder.id, item_id: item.id },
      changes: { attribute_id: status.id, before: [label.todo], after: [label.done] },
    });
    // The values a create sets belong to the creation: no value rows of their own.
    expect(created).toMatchObject({
      event: 'item.created',
      user: { id: s['full-member'].id, name: 'A full-member' },
      record: { type: 'item', id: item.id, folder_id: folder.id, item_id: item.id },
      changes: { folder_id: folder.id, parent_id: null },
    });
    expect(new Date(change!.created_at).getTime()).toBeGreaterThanOrEqual(
      new Date(created!.created_at).getTime(),
    );
    // What the entries name comes with the page: the attribute to show the labels with, the item's name.
    expect(page.attributes).toEqual([
      expect.objectContaining({ id: status.id, name: 'Status', type: 'label', deleted: false }),
    ]);
    expect(page.names.items).toEqual({ [item.id]: 'Write the plan' });
    expect(page.names.folders).toEqual({ [folder.id]: 'Folder' });
  });

  test('a value set for the first time is value.created; a cleared one value.updated with after null', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    await api.putItem(s, s.owner.token, item.id, {
      values: { [name.id]: { data: 'First' } },
      row_version: 2,
    });
    await api.putItem(s, s.owner.token, item.id, { values: { [name.id]: null }, row_version: 3 });
    const page = await activity(s, board.id, `?item_id=${item.id}`);
    expect(page.data.map((entry) => [entry.event, entry.changes])).toEqual([
      ['value.updated', { attribute_id: name.id, before: 'First', after: null }],
      ['value.created', { attribute_id: name.id, before: null, after: 'First' }],
      ['item.created', { folder_id: folder.id, parent_id: null }],
    ]);
  });

  test('a long text is clipped in the log, not stored whole', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    // A text column other than the name, which has a limit of its own (255).
    const notes = await api.newAttribute(s, board.id, 'text', { name: 'Notes' });
    const item = await api.newItem(s, folder.id);
    await api.putItem(s, s.owner.token, item.id, {
      values: { [notes.id]: { data: 'x'.repeat(900) } },
      row_version: 2,
    });
    const [entry] = (await activity(s, board.id, `?item_id=${item.id}&limit=1`)).data;
    expect(entry!.changes).toMatchObject({ clipped: true, before: null });
    expect((entry!.changes.after as string).length).toBeLessThan(600);
  });

  test('creates through save-multiple are recorded in their transaction, and a failed batch records none', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const ids = [uuid(), uuid(), uuid()];
    const batch = await api.send(
      'POST',
      `/api/${s.team.id}/save-multiple`,
      s.admin.token,
      ids.map((id, n) => ({
        type: 'item',
        op: 'put',
        id,
        body: { folder_id: folder.id, values: { [name.id]: { data: `Task ${n}` } }, row_version: 1 },
      })),
    );
    expect(batch.status, JSON.stringify(batch.body)).toBe(200);
    const page = await activity(s, board.id);
    const creates = page.data.filter((entry) => entry.event === 'item.created');
    expect(creates.map((entry) => entry.record.id).sort()).toEqual([...ids].sort());
    expect(creates.every((entry) => entry.user?.id === s.admin.id)).toBe(true);
    expect(page.names.items).toMatchObject({ [ids[0]!]: 'Task 0', [ids[2]!]: 'Task 2' });

    const before = page.data.length;
    const failed = await api.send('POST', `/api/${s.team.id}/save-multiple`, s.admin.token, [
      { type: 'item', op: 'put', id: uuid(), body: { folder_id: folder.id, row_version: 1 } },
      { type: 'item', op: 'put', id: uuid(), body: { folder_id: base62(), row_version: 1 } },
    ]);
    expect(failed.status).toBe(404);
    expect((await activity(s, board.id)).data).toHaveLength(before);
  });

  test('a save that loses its compare-and-set records nothing', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    const stale = await api.putItem(s, s.owner.token, item.id, {
      values: { [name.id]: { data: 'Late' } },
      row_version: 5,
    });
    expect(stale.status).toBe(409);
    expect(eventsOf(await activity(s, board.id, `?item_id=${item.id}`))).toEqual(['item.created']);
  });

  test('an item moved to another folder and made a subitem records the move with both sides', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const other = await api.newFolder(s, board.id, { name: 'Later' });
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Moving' } } });
    const parent = await api.newItem(s, other.id, { values: { [name.id]: { data: 'Parent' } } });
    const moved = await api.putItem(s, s.owner.token, item.id, { folder_id: other.id, row_version: 2 });
    expect(moved.status).toBe(200);
    // A reorder alone is not recorded.
    await api.putItem(s, s.owner.token, item.id, { sort_order: 'b0', row_version: 3 });
    await api.putItem(s, s.owner.token, item.id, { parent_id: parent.id, row_version: 4 });

    const page = await activity(s, board.id, `?item_id=${item.id}`);
    expect(page.data.map((entry) => [entry.event, entry.changes])).toEqual([
      ['item.updated', { parent_id: { before: null, after: parent.id } }],
      ['item.updated', { folder_id: { before: folder.id, after: other.id } }],
      ['item.created', { folder_id: folder.id, parent_id: null }],
    ]);
    expect(page.names.folders).toEqual({ [folder.id]: 'Folder', [other.id]: 'Later' });
    expect(page.names.items).toEqual({ [item.id]: 'Moving', [parent.id]: 'Parent' });
  });

  test('an item’s log tells of subitems created under it, but not of their later changes', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Parent' } } });
    const sub = await api.newItem(s, folder.id, {
      parent_id: item.id,
      values: { [name.id]: { data: 'Child' } },
    });
    await api.putItem(s, s.owner.token, sub.id, {
      values: { [name.id]: { data: 'Renamed child' } },
      row_version: 2,
    });

    const page = await activity(s, board.id, `?item_id=${item.id}`);
    expect(page.data.map((entry) => [entry.event, entry.record.id, entry.changes])).toEqual([
      ['item.created', sub.id, { folder_id: folder.id, parent_id: item.id }],
      ['item.created', item.id, { folder_id: folder.id, parent_id: null }],
    ]);
    expect(page.names.items).toMatchObject({ [item.id]: 'Parent', [sub.id]: 'Renamed child' });
    expect(eventsOf(await activity(s, board.id, `?item_id=${sub.id}`))).toEqual([
      'item.created',
      'value.updated',
    ]);
  });

  test('a deleted item and its subitems are recorded; the item log of the deleted item stays readable', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    const sub = await api.newItem(s, folder.id, { parent_id: item.id });
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${item.id}`, s.owner.token)).status).toBe(200);
    const page = await activity(s, board.id);
    const deleted = page.data.filter((entry) => entry.event === 'item.deleted');
    expect(deleted.map((entry) => entry.record.id).sort()).toEqual([item.id, sub.id].sort());
    expect(eventsOf(await activity(s, board.id, `?item_id=${sub.id}`))).toEqual([
      'item.created',
      'item.deleted',
    ]);
  });

  test('folder created, renamed, moved and deleted; a reorder alone is not recorded', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const parent = await api.newFolder(s, board.id, { name: 'Parent' });
    const id = base62();
    const put = (body: Record<string, unknown>) =>
      api.send('PUT', `/api/${s.team.id}/folders/${id}`, s['full-member'].token, {
        board_id: board.id,
        ...body,
      });
    expect((await put({ name: 'Drafts', row_version: 1 })).status).toBe(200);
    expect((await put({ name: 'Ideas', row_version: 2 })).status).toBe(200);
    expect((await put({ name: 'Ideas', sort_order: 'z', row_version: 3 })).status).toBe(200);
    expect((await put({ name: 'Ideas', parent_id: parent.id, row_version: 4 })).status).toBe(200);
    expect((await api.send('DELETE', `/api/${s.team.id}/folders/${id}`, s['full-member'].token)).status).toBe(
      200,
    );

    const page = await activity(s, board.id);
    const mine = page.data.filter((entry) => entry.record.id === id).reverse();
    expect(mine.map((entry) => [entry.event, entry.changes])).toEqual([
      ['folder.created', { name: 'Drafts', parent_id: null }],
      ['folder.updated', { name: { before: 'Drafts', after: 'Ideas' } }],
      ['folder.updated', { parent_id: { before: null, after: parent.id } }],
      ['folder.deleted', { name: 'Ideas' }],
    ]);
    expect(mine.every((entry) => entry.user?.id === s['full-member'].id)).toBe(true);
    expect(mine[0]!.record).toEqual({ type: 'folder', id, folder_id: id, item_id: null });
    // Deleted folders keep their names in the log.
    expect(page.names.folders).toMatchObject({ [id]: 'Ideas', [parent.id]: 'Parent' });
  });

  test('attributes created, renamed and deleted; the page carries the deleted attribute', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const attribute = await api.newAttribute(s, board.id, 'number', { name: 'Cost' });
    const renamed = await api.putAttribute(s, s.admin.token, attribute.id, {
      board_id: board.id,
      name: 'Price',
      type: 'number',
      row_version: 2,
    });
    expect(renamed.status).toBe(200);
    // A settings change is named without its values; a reorder alone is not recorded.
    const formatted = await api.putAttribute(s, s.admin.token, attribute.id, {
      board_id: board.id,
      name: 'Price',
      type: 'number',
      settings: { decimals: 2 },
      row_version: 3,
    });
    expect(formatted.status).toBe(200);
    const moved = await api.putAttribute(s, s.admin.token, attribute.id, {
      board_id: board.id,
      name: 'Price',
      type: 'number',
      sort_order: 'zz',
      row_version: 4,
    });
    expect(moved.status).toBe(200);
    expect(
      (await api.send('DELETE', `/api/${s.team.id}/attributes/${attribute.id}`, s.admin.token)).status,
    ).toBe(200);
    const page = await activity(s, board.id);
    const mine = page.data.filter((entry) => entry.record.id === attribute.id).reverse();
    expect(mine.map((entry) => [entry.event, entry.changes])).toEqual([
      ['attribute.created', { name: 'Cost', type: 'number' }],
      ['attribute.updated', { name: { before: 'Cost', after: 'Price' } }],
      ['attribute.updated', { changed: ['settings'] }],
      ['attribute.deleted', { name: 'Price' }],
    ]);
    expect(page.attributes).toContainEqual(
      expect.objectContaining({ id: attribute.id, name: 'Price', type: 'number', deleted: true }),
    );
  });

  test('board details and members changed are recorded with what changed', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const saved = await api.send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: 'Roadmap',
      user_ids: [s.owner.id, s.guest.id],
      row_version: 2,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const [entry] = (await activity(s, board.id)).data;
    expect(entry).toMatchObject({
      event: 'board.updated',
      record: { type: 'board', id: board.id, folder_id: null, item_id: null },
      changes: {
        name: { before: 'Board', after: 'Roadmap' },
        user_ids: { added: [s.guest.id], removed: [] },
      },
    });
    // Only the board's own log: another board's entries are not in it.
    const other = await api.newBoard(s, { name: 'Other' });
    expect((await activity(s, board.id)).data.some((row) => row.record.id === other.id)).toBe(false);
  });

  test('every row carries the workspace and board of its record', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    await api.newItem(s, folder.id);
    const rows = await t.app.ctx.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.teamId, s.team.id), eq(activityLog.boardId, board.id)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.teamId === s.team.id && row.boardId === board.id)).toBe(true);
  });
});

describe('who may read it', () => {
  const BOARD_LOG = { owner: 200, admin: 200, 'full-member': 200, 'restricted-member': 403, guest: 403 };

  test.each(ROLES)("the board's log: %s", async (role) => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    await api.newItem(s, folder.id);
    const res = await api.send('GET', activityUrl(s, board.id), s[role].token);
    expect(res.status, JSON.stringify(res.body)).toBe(BOARD_LOG[role]);
    if (res.status === 200) expect(res.body.data.length).toBeGreaterThan(0);
    else expect(res.body.code).toBe('FORBIDDEN');
  });

  test.each(ROLES)("an item's log is open to whoever sees the item: %s", async (role) => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    const page = await activity(s, board.id, `?item_id=${item.id}`, s[role].token);
    expect(eventsOf(page)).toEqual(['item.created']);
  });

  test('a deleted item: only VIEW_ACTIVITY_LOG still opens its log', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    await api.send('DELETE', `/api/${s.team.id}/items/${item.id}`, s.owner.token);
    const url = activityUrl(s, board.id, `?item_id=${item.id}`);
    expect((await api.send('GET', url, s['full-member'].token)).status).toBe(200);
    expect((await api.send('GET', url, s.guest.token)).status).toBe(404);
  });

  test('VIEW_ACTIVITY_LOG granted on the board opens it to a restricted member; denied, it closes it to a full member', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const record = await api.send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
      resource_type: 'board',
      resource_id: board.id,
      permissions: [
        'VIEW_ACTIVITY_LOG:allow:role:restricted-member',
        'VIEW_ACTIVITY_LOG:deny:role:full-member',
      ],
      final_permissions: [],
      row_version: 1,
    });
    expect(record.status, JSON.stringify(record.body)).toBe(200);
    expect((await api.send('GET', activityUrl(s, board.id), s['restricted-member'].token)).status).toBe(200);
    expect((await api.send('GET', activityUrl(s, board.id), s['full-member'].token)).status).toBe(403);
  });

  test('ids are hostile: a private board, another board, another workspace are all 404', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    const other = await api.newPlace(s);
    const otherItem = await api.newItem(s, other.folder.id);
    // Another board's item through this board's address.
    expect(
      (await api.send('GET', activityUrl(s, board.id, `?item_id=${otherItem.id}`), s.owner.token)).status,
    ).toBe(404);
    // An id that is no item.
    expect(
      (await api.send('GET', activityUrl(s, board.id, `?item_id=${uuid()}`), s.owner.token)).status,
    ).toBe(404);
    // A private board of which the full member is not a member.
    const secret = await api.newBoard(s, { name: 'Secret', is_private: true });
    expect((await api.send('GET', activityUrl(s, secret.id), s['full-member'].token)).status).toBe(404);
    // Another workspace: its board through our workspace id, and our board through theirs.
    const theirs = await seedWorkspace(t);
    const their = await api.newPlace(theirs);
    expect((await api.send('GET', activityUrl(s, their.board.id), s.owner.token)).status).toBe(404);
    expect((await api.send('GET', activityUrl(theirs, board.id), s.owner.token)).status).toBe(404);
    expect(
      (await api.send('GET', activityUrl(theirs, their.board.id, `?item_id=${item.id}`), theirs.owner.token))
        .status,
    ).toBe(404);
    expect((await api.send('GET', activityUrl(s, board.id), s.outsider.token)).status).toBe(404);
  });
});

describe('pages', () => {
  test('keyset pages, newest first, cover every entry once', async () => {
    const s = await seedWorkspace(t);
    const { board, folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    for (let version = 2; version <= 8; version++)
      await api.putItem(s, s.owner.token, item.id, {
        values: { [name.id]: { data: `Name ${version}` } },
        row_version: version,
      });
    const all = await activity(s, board.id, `?item_id=${item.id}`);
    expect(all.data).toHaveLength(8);
    expect(all.has_more).toBe(false);
    expect(all.before).toBeNull();

    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const page: ActivityPage = await activity(
        s,
        board.id,
        `?item_id=${item.id}&limit=3${cursor === null ? '' : `&before=${cursor}`}`,
      );
      expect(page.data.length).toBeLessThanOrEqual(3);
      seen.push(...page.data.map((entry) => entry.id));
      cursor = page.before;
      expect(page.has_more).toBe(cursor !== null);
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen).toEqual(all.data.map((entry) => entry.id));
    expect([...seen].sort((a, b) => b - a)).toEqual(seen);
  });

  test('limit and before are checked', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?before=-1', '?item_id=nope'])
      expect((await api.send('GET', activityUrl(s, board.id, query), s.owner.token)).status, query).toBe(422);
    expect((await activity(s, board.id, '?limit=100')).data.length).toBeGreaterThan(0);
  });
});
