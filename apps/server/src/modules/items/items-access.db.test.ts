import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { items } from '../../db/schema/items';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, pull, type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName, uuid } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

/** An item of a fresh folder, recorded as created by `creatorId`. */
async function itemBy(s: Seeded, creatorId: number) {
  const { folder } = await api.newPlace(s);
  const item = await api.newItem(s, folder.id);
  await t.app.ctx.db
    .update(items)
    .set({ createdBy: creatorId })
    .where(and(eq(items.teamId, s.team.id), eq(items.id, item.id)));
  return { item, folder };
}

describe('who may do what with items (role defaults)', () => {
  const ALLOWED: Record<string, readonly RoleName[]> = {
    create: ['owner', 'admin', 'full-member', 'restricted-member'],
    'edit own': ['owner', 'admin', 'full-member', 'restricted-member'],
    "edit another's": ['owner', 'admin', 'full-member'],
    delete: ['owner', 'admin', 'full-member'],
    list: ROLES,
  };
  const ACTIONS: [string, (s: Seeded, role: RoleName) => Promise<{ status: number }>][] = [
    [
      'create',
      async (s, role) => {
        const { folder } = await api.newPlace(s);
        return api.putItem(s, s[role].token, uuid(), { folder_id: folder.id, row_version: 1 });
      },
    ],
    [
      'edit own',
      async (s, role) => {
        const { item } = await itemBy(s, s[role].id);
        return api.putItem(s, s[role].token, item.id, { sort_order: 'a5', row_version: 2 });
      },
    ],
    [
      "edit another's",
      async (s, role) => {
        const { item } = await itemBy(s, role === 'owner' ? s.admin.id : s.owner.id);
        return api.putItem(s, s[role].token, item.id, { sort_order: 'a5', row_version: 2 });
      },
    ],
    [
      'delete',
      async (s, role) => {
        const { item } = await itemBy(s, s[role].id);
        return api.send('DELETE', `/api/${s.team.id}/items/${item.id}`, s[role].token);
      },
    ],
    [
      'list',
      async (s, role) => {
        const { folder } = await api.newPlace(s);
        return api.listItems(s, s[role].token, folder.id);
      },
    ],
  ];
  test.each(
    ACTIONS.flatMap(([action, act]) =>
      ROLES.map((role) => [action, role, ALLOWED[action]!.includes(role), act] as const),
    ),
  )('item %s as %s: allowed %s', async (_action, role, allowed, act) => {
    const s = await seedWorkspace(t);
    const res = await act(s, role);
    expect(res.status, JSON.stringify(res)).toBe(allowed ? 200 : 403);
  });
});

describe('private boards', () => {
  // Created by the admin, who is therefore a member; the owner always sees it.
  const SEES: Record<RoleName, boolean> = {
    owner: true,
    admin: true,
    'full-member': false,
    'restricted-member': false,
    guest: false,
  };
  test.each(ROLES)(
    "a private board's items are hidden from %s unless a member or the owner",
    async (role) => {
      const s = await seedWorkspace(t);
      const board = await api.newBoard(s, { is_private: true, user_ids: [s.admin.id] });
      const folder = await api.newFolder(s, board.id);
      const name = await api.newAttribute(s, board.id, 'text', { name: 'Name', settings: { primary: true } });
      const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Secret plan' } } });
      const token = s[role].token;
      const sees = SEES[role];
      const list = await api.listItems(s, token, folder.id);
      expect(list.status).toBe(sees ? 200 : 404);
      const page = await pull(t, token, s.team.id);
      expect(keysOf(page.changes).includes(`item:${item.id}`)).toBe(sees);
      expect(keysOf(page.changes).includes(`attribute:${name.id}`)).toBe(sees);
      if (sees) return;
      expect(JSON.stringify(list.body)).not.toContain('Secret');
      const edit = await api.putItem(s, token, item.id, { sort_order: 'a1', row_version: 2 });
      expect(edit.status).toBe(404);
      expect(JSON.stringify(edit.body)).not.toContain('Secret');
      expect((await api.putItem(s, token, uuid(), { folder_id: folder.id, row_version: 1 })).status).toBe(
        404,
      );
      expect((await api.send('DELETE', `/api/${s.team.id}/items/${item.id}`, token)).status).toBe(404);
    },
  );

  test('a person who is not a member of the workspace sees nothing of it', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id);
    const token = s.outsider.token;
    expect((await api.listItems(s, token, folder.id)).status).toBe(404);
    expect((await api.putItem(s, token, item.id, { row_version: 2 })).status).toBe(404);
    expect((await api.send('DELETE', `/api/${s.team.id}/items/${item.id}`, token)).status).toBe(404);
  });
});

describe('delta sync', () => {
  test('attributes and items come through changes as their GETs show them, deletions as tombstones', async () => {
    const s = await seedWorkspace(t);
    const start = await pull(t, s.guest.token, s.team.id);
    const { board, folder, name } = await api.newPlace(s);
    const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Synced' } } });
    const page = await pull(t, s.guest.token, s.team.id, start.cursor);
    expect(keysOf(page.changes)).toEqual(
      keysOf([
        { type: 'board', id: board.id },
        { type: 'folder', id: folder.id },
        { type: 'attribute', id: name.id },
        { type: 'item', id: item.id },
      ]),
    );
    const attributes = (await api.listAttributes(s, s.guest.token, board.id)).body;
    expect(page.changes.find((c) => c.type === 'attribute')?.data).toEqual(attributes[0]);
    const listed = (await api.listItems(s, s.guest.token, folder.id)).body;
    expect(page.changes.find((c) => c.type === 'item')?.data).toEqual(listed[0]);

    expect((await api.send('DELETE', `/api/${s.team.id}/items/${item.id}`, s.owner.token)).status).toBe(200);
    const gone = await pull(t, s.guest.token, s.team.id, page.cursor);
    expect(gone.changes).toEqual([]);
    expect(keysOf(gone.deleted)).toEqual(keysOf([{ type: 'item', id: item.id }]));
  });

  test('a member added to a private board gets its attributes and items; one taken off loses them', async () => {
    const s = await seedWorkspace(t);
    const board = await api.newBoard(s, { is_private: true });
    const folder = await api.newFolder(s, board.id);
    const attribute = await api.newAttribute(s, board.id, 'number');
    const item = await api.newItem(s, folder.id);
    const before = await pull(t, s.guest.token, s.team.id);
    expect(keysOf(before.changes).some((k) => k.startsWith('item') || k.startsWith('attribute'))).toBe(false);

    const added = await api.send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: 'Board',
      user_ids: [s.owner.id, s.guest.id],
      row_version: 2,
    });
    expect(added.status).toBe(200);
    const gained = await pull(t, s.guest.token, s.team.id, before.cursor);
    expect(keysOf(gained.changes)).toEqual(
      expect.arrayContaining([`attribute:${attribute.id}`, `item:${item.id}`, `folder:${folder.id}`]),
    );

    await api.send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: 'Board',
      user_ids: [s.owner.id],
      row_version: 3,
    });
    const lost = await pull(t, s.guest.token, s.team.id, gained.cursor);
    expect(keysOf(lost.deleted)).toEqual(
      expect.arrayContaining([`attribute:${attribute.id}`, `item:${item.id}`]),
    );
  });
});
