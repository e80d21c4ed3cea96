import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, pull, type Seeded, seedWorkspace } from '../changes/changes.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = () => Array.from({ length: 11 }, () => BASE62[randomInt(62)]).join('');

const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;
type RoleName = (typeof ROLES)[number];

const send = async (method: 'GET' | 'PUT' | 'DELETE', url: string, token: string, json?: unknown) => {
  const res = await t.request({ method, url, token, ...(json === undefined ? {} : { json }) });
  return { status: res.statusCode, body: res.json() };
};

const putBoard = (s: Seeded, token: string, id: string, body: Record<string, unknown>) =>
  send('PUT', `/api/${s.team.id}/boards/${id}`, token, body);
const putFolder = (s: Seeded, token: string, id: string, body: Record<string, unknown>) =>
  send('PUT', `/api/${s.team.id}/folders/${id}`, token, body);

async function newBoard(s: Seeded, body: Record<string, unknown> = {}) {
  const id = newId();
  const res = await putBoard(s, s.owner.token, id, { name: 'Roadmap', row_version: 1, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; row_version: number; user_ids: number[] };
}

async function newFolder(s: Seeded, boardId: string, body: Record<string, unknown> = {}) {
  const id = newId();
  const res = await putFolder(s, s.owner.token, id, {
    board_id: boardId,
    name: 'Q1',
    row_version: 1,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; row_version: number };
}

describe('boards', () => {
  test('create, list, update with compare-and-set, conflict with the current copy, delete', async () => {
    const s = await seedWorkspace(t);
    const id = newId();
    const created = await putBoard(s, s['full-member'].token, id, {
      name: '  Roadmap  ',
      color: '#ff0000',
      row_version: 1,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id,
      object: 'board',
      team_id: s.team.id,
      name: 'Roadmap',
      color: '#ff0000',
      description: null,
      user_ids: [s['full-member'].id],
      is_private: false,
      created_by: s['full-member'].id,
      deleted: false,
      row_version: 1,
    });

    const list = await send('GET', `/api/${s.team.id}/boards`, s.guest.token);
    expect(list.body.map((b: { id: string }) => b.id)).toEqual([id]);

    const updated = await putBoard(s, s.admin.token, id, { name: 'Plan', row_version: 2 });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Plan', color: '#ff0000', row_version: 2 });

    // A save based on an old copy: 409 with the server's copy, nothing written.
    const stale = await putBoard(s, s.owner.token, id, { name: 'Stale', row_version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id, name: 'Plan', row_version: 2 });
    const skipped = await putBoard(s, s.owner.token, id, { name: 'Ahead', row_version: 4 });
    expect(skipped.status).toBe(409);

    // Creating again under a taken id is a conflict as well.
    const again = await putBoard(s, s.owner.token, id, { name: 'Again', row_version: 1 });
    expect(again.status).toBe(409);

    const deleted = await send('DELETE', `/api/${s.team.id}/boards/${id}`, s.owner.token);
    expect(deleted.status).toBe(200);
    expect((await send('GET', `/api/${s.team.id}/boards`, s.owner.token)).body).toEqual([]);
    expect((await putBoard(s, s.owner.token, id, { name: 'Back', row_version: 4 })).status).toBe(404);
    expect((await send('DELETE', `/api/${s.team.id}/boards/${id}`, s.owner.token)).status).toBe(404);

    const types = await t.app.ctx.db
      .select({ type: events.type, channel: events.channel })
      .from(events)
      .where(and(eq(events.teamId, s.team.id)));
    const boardEvents = types.filter((e) => e.type.startsWith('board.'));
    expect(boardEvents.map((e) => e.type)).toEqual(['board.created', 'board.updated', 'board.deleted']);
    expect(new Set(boardEvents.map((e) => e.channel))).toEqual(new Set([`team.${s.team.id}.records`]));
  });

  const INVALID: [label: string, id: string, body: Record<string, unknown>, status: number][] = [
    ['a short id', 'abc', { name: 'X', row_version: 1 }, 422],
    ['an id with a dash', 'abcde-12345', { name: 'X', row_version: 1 }, 422],
    ['a 12-character id', 'abcdefghijkl', { name: 'X', row_version: 1 }, 422],
    ['no name', newId(), { row_version: 1 }, 422],
    ['a blank name', newId(), { name: '   ', row_version: 1 }, 422],
    ['a name too long', newId(), { name: 'x'.repeat(256), row_version: 1 }, 422],
    ['no row_version', newId(), { name: 'X' }, 422],
    ['row_version 0', newId(), { name: 'X', row_version: 0 }, 422],
    ['a new id at row_version 2', newId(), { name: 'X', row_version: 2 }, 404],
    [
      'a board member from outside the workspace',
      newId(),
      { name: 'X', row_version: 1, user_ids: [2_000_000] },
      422,
    ],
  ];
  test.each(INVALID)('refuses %s', async (_label, id, body, status) => {
    const s = await seedWorkspace(t);
    const res = await putBoard(s, s.owner.token, id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    expect((await send('GET', `/api/${s.team.id}/boards`, s.owner.token)).body).toEqual([]);
  });

  // The role defaults: [action, who may].
  const ALLOWED: Record<string, readonly RoleName[]> = {
    create: ['owner', 'admin', 'full-member'],
    details: ['owner', 'admin', 'full-member'],
    members: ['owner', 'admin'],
    privacy: ['owner', 'admin'],
    delete: ['owner', 'admin'],
  };
  const BOARD_ACTIONS: [action: string, act: (s: Seeded, token: string) => Promise<{ status: number }>][] = [
    ['create', (s, token) => putBoard(s, token, newId(), { name: 'Mine', row_version: 1 })],
    [
      'details',
      async (s, token) => {
        const board = await newBoard(s);
        return putBoard(s, token, board.id, { name: 'Renamed', row_version: 2 });
      },
    ],
    [
      'members',
      async (s, token) => {
        const board = await newBoard(s);
        return putBoard(s, token, board.id, {
          name: 'Roadmap',
          user_ids: [s.owner.id, s.guest.id],
          row_version: 2,
        });
      },
    ],
    [
      'privacy',
      async (s, token) => {
        const board = await newBoard(s);
        return putBoard(s, token, board.id, { name: 'Roadmap', is_private: true, row_version: 2 });
      },
    ],
    [
      'delete',
      async (s, token) => {
        const board = await newBoard(s);
        return send('DELETE', `/api/${s.team.id}/boards/${board.id}`, token);
      },
    ],
  ];
  const cases = BOARD_ACTIONS.flatMap(([action, act]) =>
    ROLES.map((role) => [action, role, ALLOWED[action]!.includes(role), act] as const),
  );
  test.each(cases)('%s as %s: allowed %s', async (_action, role, allowed, act) => {
    const s = await seedWorkspace(t);
    const res = await act(s, s[role].token);
    expect(res.status, JSON.stringify(res)).toBe(allowed ? 200 : 403);
  });

  test('a save that changes nothing guarded needs no right beyond seeing the board', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const res = await putBoard(s, s.guest.token, board.id, { name: 'Roadmap', row_version: 2 });
    expect(res.status).toBe(200);
  });
});

describe('private boards', () => {
  // The admin creates the board, so is its member; the owner always sees it.
  const SEES: Record<RoleName, boolean> = {
    owner: true,
    admin: true,
    'full-member': false,
    'restricted-member': false,
    guest: false,
  };
  test.each(ROLES)('a private board is hidden from %s unless a member or the owner', async (role) => {
    const s = await seedWorkspace(t);
    // Created by the admin, so the owner is not among its members.
    const id = newId();
    const created = await putBoard(s, s.admin.token, id, {
      name: 'Secret',
      is_private: true,
      row_version: 1,
    });
    expect(created.status).toBe(200);
    const folder = await putFolder(s, s.admin.token, newId(), { board_id: id, name: 'F', row_version: 1 });
    expect(folder.status).toBe(200);
    const token = s[role].token;
    const sees = SEES[role];
    const list = await send('GET', `/api/${s.team.id}/boards`, token);
    expect(list.body.some((b: { id: string }) => b.id === id)).toBe(sees);
    const expected = sees ? 200 : 404;
    expect((await send('GET', `/api/${s.team.id}/boards/${id}/folders`, token)).status).toBe(expected);
    expect((await send('GET', `/api/${s.team.id}/permissions/boards/${id}`, token)).status).toBe(expected);
    const page = await pull(t, token, s.team.id);
    expect(keysOf(page.changes).includes(`board:${id}`)).toBe(sees);
    expect(keysOf(page.changes).includes(`folder:${folder.body.id}`)).toBe(sees);
    if (!sees) {
      const rename = await putBoard(s, token, id, { name: 'Found', row_version: 2 });
      expect(rename.status).toBe(404);
      expect(JSON.stringify(rename.body)).not.toContain('Secret');
      expect((await send('DELETE', `/api/${s.team.id}/boards/${id}`, token)).status).toBe(404);
      const put = await putFolder(s, token, newId(), { board_id: id, name: 'In', row_version: 1 });
      expect(put.status).toBe(404);
    }
  });

  test('members see it; taking one off hides it and its folders from them in delta sync', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s, { is_private: true, user_ids: [s.guest.id] });
    const folder = await newFolder(s, board.id);
    const first = await pull(t, s.guest.token, s.team.id);
    expect(keysOf(first.changes)).toEqual(
      expect.arrayContaining([`board:${board.id}`, `folder:${folder.id}`]),
    );

    const off = await putBoard(s, s.owner.token, board.id, { name: 'Roadmap', user_ids: [], row_version: 2 });
    expect(off.status).toBe(200);
    expect((await send('GET', `/api/${s.team.id}/boards`, s.guest.token)).body).toEqual([]);
    const next = await pull(t, s.guest.token, s.team.id, first.cursor);
    expect(keysOf(next.changes).filter((k) => k.startsWith('board') || k.startsWith('folder'))).toEqual([]);
    expect(keysOf(next.deleted)).toEqual(
      keysOf([
        { type: 'board', id: board.id },
        { type: 'folder', id: folder.id },
      ]),
    );
  });

  test("its events on the workspace channel carry no data; a public board's do", async () => {
    const s = await seedWorkspace(t);
    const secret = await newBoard(s, { name: 'Hidden plans', is_private: true });
    await newFolder(s, secret.id, { name: 'Hidden folder' });
    const open = await newBoard(s, { name: 'Open plans' });
    const rows = await t.app.ctx.db
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(eq(events.teamId, s.team.id));
    const of = (id: string) => rows.filter((r) => (r.payload as { id: string }).id === id);
    expect(of(secret.id).map((r) => r.type)).toEqual(['board.created']);
    const text = JSON.stringify(rows);
    expect(text).not.toContain('Hidden');
    expect(text).toContain('Open plans');
    expect(of(open.id)[0]!.payload).toMatchObject({ data: { name: 'Open plans' } });
  });

  test.each([
    { isPrivate: false, carriesData: true },
    { isPrivate: true, carriesData: false },
  ])(
    'deleting a board (private: $isPrivate) announces each of its folders as deleted; data: $carriesData',
    async ({ isPrivate, carriesData }) => {
      const s = await seedWorkspace(t);
      const board = await newBoard(s, { name: 'Going', is_private: isPrivate });
      const folderIds = [
        (await newFolder(s, board.id, { name: 'First' })).id,
        (await newFolder(s, board.id, { name: 'Second' })).id,
      ];
      expect((await send('DELETE', `/api/${s.team.id}/boards/${board.id}`, s.owner.token)).status).toBe(200);
      const deleted = (
        await t.app.ctx.db
          .select({ type: events.type, channel: events.channel, payload: events.payload })
          .from(events)
          .where(eq(events.teamId, s.team.id))
      ).filter((row) => row.type === 'folder.deleted');
      expect(deleted.map((row) => (row.payload as { id: string }).id).sort()).toEqual([...folderIds].sort());
      for (const row of deleted) {
        expect(row.channel).toBe(`team.${s.team.id}.records`);
        expect('data' in (row.payload as object)).toBe(carriesData);
      }
    },
  );

  test("its permission record inherits the private rules from its privacy; a public board's does not", async () => {
    const s = await seedWorkspace(t);
    const secret = await newBoard(s, { is_private: true });
    const open = await newBoard(s);
    const record = (await send('GET', `/api/${s.team.id}/permissions/boards/${secret.id}`, s.owner.token))
      .body;
    // Nothing saved for the board yet (board-permissions.db.test.ts covers saved records).
    expect(record).toMatchObject({
      resource_type: 'board',
      resource_id: secret.id,
      team_id: s.team.id,
      permissions: [],
      final_permissions: [],
      row_version: 0,
    });
    expect(record.inherited_permissions).toEqual(
      expect.arrayContaining(['VIEW_BOARD:allow:tag:board_member', 'VIEW_BOARD:deny:tag:board_locked_out']),
    );
    expect(record.inherited_permissions).toContain('DELETE_WORKSPACE:deny:role:admin');
    const plain = (await send('GET', `/api/${s.team.id}/permissions/boards/${open.id}`, s.guest.token)).body;
    expect(plain.permissions).toEqual([]);
    expect(plain.inherited_permissions).not.toContain('VIEW_BOARD:deny:tag:board_locked_out');
  });
});

describe('folders', () => {
  test('create, update, conflict, nest, delete with subfolders', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const id = newId();
    const created = await putFolder(s, s['full-member'].token, id, {
      board_id: board.id,
      name: ' Q1 ',
      attribute_ids: ['a1'],
      settings: { collapsed: true },
      row_version: 1,
    });
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({
      id,
      object: 'folder',
      team_id: s.team.id,
      board_id: board.id,
      parent_id: null,
      name: 'Q1',
      attribute_ids: ['a1'],
      settings: { collapsed: true },
      row_version: 1,
      deleted: false,
    });
    const updated = await putFolder(s, s.owner.token, id, { board_id: board.id, name: 'Q2', row_version: 2 });
    expect(updated.body).toMatchObject({ name: 'Q2', attribute_ids: ['a1'], row_version: 2 });
    const stale = await putFolder(s, s.owner.token, id, { board_id: board.id, name: 'Old', row_version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ id, name: 'Q2', row_version: 2 });

    const child = await newFolder(s, board.id, { parent_id: id });
    const grandchild = await newFolder(s, board.id, { parent_id: child.id });
    const sibling = await newFolder(s, board.id);
    const list = await send('GET', `/api/${s.team.id}/boards/${board.id}/folders`, s.guest.token);
    expect(list.body.map((f: { id: string }) => f.id).sort()).toEqual(
      [id, child.id, grandchild.id, sibling.id].sort(),
    );

    expect((await send('DELETE', `/api/${s.team.id}/folders/${id}`, s.owner.token)).status).toBe(200);
    const after = await send('GET', `/api/${s.team.id}/boards/${board.id}/folders`, s.owner.token);
    expect(after.body.map((f: { id: string }) => f.id)).toEqual([sibling.id]);
    expect((await send('DELETE', `/api/${s.team.id}/folders/${child.id}`, s.owner.token)).status).toBe(404);
  });

  const INVALID: [
    label: string,
    make: (s: Seeded) => Promise<[id: string, body: Record<string, unknown>]>,
    status: number,
  ][] = [
    ['a bad id', async (s) => ['bad', { board_id: (await newBoard(s)).id, name: 'X', row_version: 1 }], 422],
    ['a missing name', async (s) => [newId(), { board_id: (await newBoard(s)).id, row_version: 1 }], 422],
    ['a bad board id', async () => [newId(), { board_id: 'x', name: 'X', row_version: 1 }], 422],
    [
      'a board that does not exist',
      async () => [newId(), { board_id: newId(), name: 'X', row_version: 1 }],
      404,
    ],
    [
      'a parent in another board',
      async (s) => {
        const other = await newFolder(s, (await newBoard(s)).id);
        return [
          newId(),
          { board_id: (await newBoard(s)).id, parent_id: other.id, name: 'X', row_version: 1 },
        ];
      },
      422,
    ],
    [
      'a parent that does not exist',
      async (s) => [
        newId(),
        { board_id: (await newBoard(s)).id, parent_id: newId(), name: 'X', row_version: 1 },
      ],
      422,
    ],
    [
      'itself as parent',
      async (s) => {
        const board = await newBoard(s);
        const folder = await newFolder(s, board.id);
        return [folder.id, { board_id: board.id, parent_id: folder.id, name: 'X', row_version: 2 }];
      },
      422,
    ],
    [
      'a cycle through a child',
      async (s) => {
        const board = await newBoard(s);
        const top = await newFolder(s, board.id);
        const middle = await newFolder(s, board.id, { parent_id: top.id });
        const bottom = await newFolder(s, board.id, { parent_id: middle.id });
        return [top.id, { board_id: board.id, parent_id: bottom.id, name: 'X', row_version: 2 }];
      },
      422,
    ],
    [
      'a move to another board',
      async (s) => {
        const folder = await newFolder(s, (await newBoard(s)).id);
        return [folder.id, { board_id: (await newBoard(s)).id, name: 'X', row_version: 2 }];
      },
      422,
    ],
  ];
  test.each(INVALID)('refuses %s', async (_label, make, status) => {
    const s = await seedWorkspace(t);
    const [id, body] = await make(s);
    const res = await putFolder(s, s.owner.token, id, body);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
  });

  const ALLOWED: Record<string, readonly RoleName[]> = {
    create: ['owner', 'admin', 'full-member'],
    edit: ['owner', 'admin', 'full-member'],
    delete: ['owner', 'admin', 'full-member'],
    list: ROLES,
  };
  const FOLDER_ACTIONS: [action: string, act: (s: Seeded, token: string) => Promise<{ status: number }>][] = [
    [
      'create',
      async (s, token) =>
        putFolder(s, token, newId(), { board_id: (await newBoard(s)).id, name: 'F', row_version: 1 }),
    ],
    [
      'edit',
      async (s, token) => {
        const board = await newBoard(s);
        const folder = await newFolder(s, board.id);
        return putFolder(s, token, folder.id, { board_id: board.id, name: 'G', row_version: 2 });
      },
    ],
    [
      'delete',
      async (s, token) => {
        const folder = await newFolder(s, (await newBoard(s)).id);
        return send('DELETE', `/api/${s.team.id}/folders/${folder.id}`, token);
      },
    ],
    [
      'list',
      async (s, token) => send('GET', `/api/${s.team.id}/boards/${(await newBoard(s)).id}/folders`, token),
    ],
  ];
  const cases = FOLDER_ACTIONS.flatMap(([action, act]) =>
    ROLES.map((role) => [action, role, ALLOWED[action]!.includes(role), act] as const),
  );
  test.each(cases)('folder %s as %s: allowed %s', async (_action, role, allowed, act) => {
    const s = await seedWorkspace(t);
    const res = await act(s, s[role].token);
    expect(res.status, JSON.stringify(res)).toBe(allowed ? 200 : 403);
  });
});

describe('delta sync', () => {
  test('boards and folders come through changes as their GETs show them, deletions as tombstones', async () => {
    const s = await seedWorkspace(t);
    const start = await pull(t, s.guest.token, s.team.id);
    const board = await newBoard(s);
    const folder = await newFolder(s, board.id);
    const page = await pull(t, s.guest.token, s.team.id, start.cursor);
    expect(keysOf(page.changes)).toEqual(
      keysOf([
        { type: 'board', id: board.id },
        { type: 'folder', id: folder.id },
      ]),
    );
    const listed = (await send('GET', `/api/${s.team.id}/boards`, s.guest.token)).body[0];
    expect(page.changes.find((c) => c.type === 'board')?.data).toEqual(listed);
    const folders = (await send('GET', `/api/${s.team.id}/boards/${board.id}/folders`, s.guest.token)).body;
    expect(page.changes.find((c) => c.type === 'folder')?.data).toEqual(folders[0]);

    expect((await send('DELETE', `/api/${s.team.id}/boards/${board.id}`, s.owner.token)).status).toBe(200);
    const gone = await pull(t, s.guest.token, s.team.id, page.cursor);
    expect(gone.changes).toEqual([]);
    expect(keysOf(gone.deleted)).toEqual(
      keysOf([
        { type: 'board', id: board.id },
        { type: 'folder', id: folder.id },
      ]),
    );
  });
});
