import { MAX_VIEWS_PER_FOLDER } from '@strata/domain/views/view-settings';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
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

const putView = (s: Seeded, token: string, id: string, body: Record<string, unknown>) =>
  api.send('PUT', `/api/${s.team.id}/views/${id}`, token, body);
const listViews = (s: Seeded, token: string, folderId: string) =>
  api.send('GET', `/api/${s.team.id}/folders/${folderId}/views`, token);

async function newView(
  s: Seeded,
  folderId: string,
  body: Record<string, unknown> = {},
  token = s.owner.token,
) {
  const res = await putView(s, token, uuid(), {
    folder_id: folderId,
    type: 'table',
    name: 'Table',
    row_version: 1,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; row_version: number; settings: Record<string, unknown> };
}

describe('views of a folder', () => {
  test('create, list in tab order, update with compare-and-set, conflict with the server copy, delete', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const second = await newView(s, folder.id, { type: 'columns', name: 'Board', sort_order: 'a2' });
    const first = await newView(s, folder.id, { name: 'Table', sort_order: 'a1' });
    expect(first.settings).toMatchObject({ group_by: null, sort: [], filters: [], hidden_attribute_ids: [] });

    const list = await listViews(s, s.owner.token, folder.id);
    expect(list.body.map((v: { id: string }) => v.id)).toEqual([first.id, second.id]);
    expect(list.body[1]).toMatchObject({
      object: 'folderview',
      type: 'columns',
      visibility: 'shared',
      locked: false,
    });

    const saved = await putView(s, s.owner.token, first.id, {
      folder_id: folder.id,
      type: 'table',
      name: 'Main table',
      settings: { sort: [{ attribute_id: uuid(), direction: 'desc' }] },
      row_version: 2,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.row_version).toBe(2);

    const stale = await putView(s, s.owner.token, first.id, {
      folder_id: folder.id,
      type: 'table',
      name: 'Old',
      row_version: 2,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id: first.id, name: 'Main table', row_version: 2 });

    const before = await pull(t, s.owner.token, s.team.id);
    expect(keysOf(before.changes)).toEqual(expect.arrayContaining([`view:${first.id}`, `view:${second.id}`]));
    expect((await api.send('DELETE', `/api/${s.team.id}/views/${second.id}`, s.owner.token)).status).toBe(
      200,
    );
    const after = await listViews(s, s.owner.token, folder.id);
    expect(after.body.map((v: { id: string }) => v.id)).toEqual([first.id]);
    const page = await pull(t, s.owner.token, s.team.id, before.cursor);
    expect(keysOf(page.deleted)).toEqual([`view:${second.id}`]);
  });

  const BAD: [string, Record<string, unknown>, string][] = [
    ['an empty name', { name: '  ' }, 'name'],
    ['an unknown type', { type: 'spreadsheet' }, 'type'],
    [
      'a bad sort direction',
      { settings: { sort: [{ attribute_id: 'x', direction: 'up' }] } },
      'settings.sort.0.direction',
    ],
    ['too narrow a column', { settings: { column_widths: { x: 10 } } }, 'settings.column_widths.x'],
    ['an unknown visibility', { visibility: 'secret' }, 'visibility'],
  ];
  test.each(BAD)('%s is refused with 422 and changes nothing', async (_case, change, path) => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const res = await putView(s, s.owner.token, uuid(), {
      folder_id: folder.id,
      type: 'table',
      name: 'Table',
      row_version: 1,
      ...change,
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.map((e: { path: string }) => e.path)).toContain(path);
    expect((await listViews(s, s.owner.token, folder.id)).body).toEqual([]);
  });

  test('a view cannot change folder or type', async () => {
    const s = await seedWorkspace(t);
    const { board, folder } = await api.newPlace(s);
    const other = await api.newFolder(s, board.id);
    const view = await newView(s, folder.id);
    const moved = await putView(s, s.owner.token, view.id, {
      folder_id: other.id,
      type: 'table',
      name: 'T',
      row_version: 2,
    });
    expect(moved.status).toBe(422);
    const retyped = await putView(s, s.owner.token, view.id, {
      folder_id: folder.id,
      type: 'list',
      name: 'T',
      row_version: 2,
    });
    expect(retyped.status).toBe(422);
  });

  test(`a tab set holds at most ${MAX_VIEWS_PER_FOLDER} views; others' personal views do not count`, async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    await newView(s, folder.id, { visibility: 'personal' }, s.admin.token);
    for (let i = 0; i < MAX_VIEWS_PER_FOLDER; i++) await newView(s, folder.id, { name: `View ${i}` });
    const ninth = await putView(s, s.owner.token, uuid(), {
      folder_id: folder.id,
      type: 'list',
      name: 'One more',
      row_version: 1,
    });
    expect(ninth.status).toBe(422);
    expect(ninth.body).toMatchObject({
      code: 'VIEW_LIMIT_REACHED',
      message: `A folder has at most ${MAX_VIEWS_PER_FOLDER} views.`,
    });
  });
});

describe('personal and locked views', () => {
  test('a personal view is seen by its creator and the workspace owner only', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const mine = await newView(
      s,
      folder.id,
      { name: 'Mine', visibility: 'personal' },
      s['full-member'].token,
    );
    const SEES: Record<RoleName, boolean> = {
      owner: true,
      admin: false,
      'full-member': true,
      'restricted-member': false,
      guest: false,
    };
    for (const role of ROLES) {
      const list = await listViews(s, s[role].token, folder.id);
      expect(
        list.body.some((v: { id: string }) => v.id === mine.id),
        role,
      ).toBe(SEES[role]);
      const page = await pull(t, s[role].token, s.team.id);
      const change = page.changes.find((c) => c.type === 'view' && c.id === mine.id);
      expect(Boolean(change?.data), role).toBe(SEES[role]);
      if (!SEES[role]) {
        const edit = await putView(s, s[role].token, mine.id, {
          folder_id: folder.id,
          type: 'table',
          name: 'Taken',
          row_version: 2,
        });
        expect(edit.status, role).toBe(404);
      }
    }
  });

  test('only the creator makes a view personal', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const view = await newView(s, folder.id, {}, s.admin.token);
    const body = {
      folder_id: folder.id,
      type: 'table',
      name: 'Table',
      visibility: 'personal',
      row_version: 2,
    };
    const byOwner = await putView(s, s.owner.token, view.id, body);
    expect(byOwner.status).toBe(403);
    expect(byOwner.body.code).toBe('VIEW_PERSONAL_OWNER_ONLY');
    expect((await putView(s, s.admin.token, view.id, body)).status).toBe(200);
  });

  test('a locked view changes only with EDIT_LOCKED_VIEWS', async () => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const view = await newView(s, folder.id, { locked: true });
    const rename = { folder_id: folder.id, type: 'table', name: 'Renamed', row_version: 2 };
    const byMember = await putView(s, s['full-member'].token, view.id, rename);
    expect(byMember.status).toBe(403);
    expect(byMember.body.code).toBe('VIEW_LOCKED');
    const deleted = await api.send('DELETE', `/api/${s.team.id}/views/${view.id}`, s['full-member'].token);
    expect(deleted.status).toBe(403);
    expect((await putView(s, s.admin.token, view.id, rename)).status).toBe(200);
  });
});

describe('who may do what with views (role defaults)', () => {
  const ALLOWED: Record<string, readonly RoleName[]> = {
    'create shared': ['owner', 'admin', 'full-member'],
    'create personal': ['owner', 'admin', 'full-member', 'restricted-member'],
    customise: ['owner', 'admin', 'full-member'],
    delete: ['owner', 'admin', 'full-member'],
    list: ROLES,
  };
  const ACTIONS: [string, (s: Seeded, role: RoleName, folderId: string) => Promise<{ status: number }>][] = [
    [
      'create shared',
      (s, role, folderId) =>
        putView(s, s[role].token, uuid(), { folder_id: folderId, type: 'table', name: 'T', row_version: 1 }),
    ],
    [
      'create personal',
      (s, role, folderId) =>
        putView(s, s[role].token, uuid(), {
          folder_id: folderId,
          type: 'list',
          name: 'T',
          visibility: 'personal',
          row_version: 1,
        }),
    ],
    [
      'customise',
      async (s, role, folderId) => {
        const view = await newView(s, folderId);
        return putView(s, s[role].token, view.id, {
          folder_id: folderId,
          type: 'table',
          name: 'Renamed',
          row_version: 2,
        });
      },
    ],
    [
      'delete',
      async (s, role, folderId) => {
        const view = await newView(s, folderId);
        return api.send('DELETE', `/api/${s.team.id}/views/${view.id}`, s[role].token);
      },
    ],
    ['list', (s, role, folderId) => listViews(s, s[role].token, folderId)],
  ];
  test.each(
    ACTIONS.flatMap(([action, act]) =>
      ROLES.map((role) => [action, role, ALLOWED[action]!.includes(role), act] as const),
    ),
  )('view %s as %s: allowed %s', async (_action, role, allowed, act) => {
    const s = await seedWorkspace(t);
    const { folder } = await api.newPlace(s);
    const res = await act(s, role, folder.id);
    expect(res.status, JSON.stringify(res)).toBe(allowed ? 200 : 403);
  });
});

test('save-multiple writes views with the rest, in one transaction', async () => {
  const s = await seedWorkspace(t);
  const { folder } = await api.newPlace(s);
  const id = uuid();
  const res = await api.send('POST', `/api/${s.team.id}/save-multiple`, s.owner.token, [
    {
      type: 'view',
      op: 'put',
      id,
      body: { folder_id: folder.id, type: 'columns', name: 'Kanban', row_version: 1 },
    },
    {
      type: 'view',
      op: 'put',
      id: uuid(),
      body: { folder_id: folder.id, type: 'table', name: '', row_version: 1 },
    },
  ]);
  expect(res.status).toBe(422);
  expect((await listViews(s, s.owner.token, folder.id)).body).toEqual([]);
});
