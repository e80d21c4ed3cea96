import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, ownCopy, pull, type Seeded, seedWorkspace } from '../changes/changes.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = () => Array.from({ length: 11 }, () => BASE62[randomInt(62)]).join('');
const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;
const PRIVATE_RULES = ['VIEW_BOARD:allow:tag:board_member', 'VIEW_BOARD:deny:tag:board_locked_out'];

const send = async (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token: string,
  json?: unknown,
) => {
  const res = await t.request({ method, url, token, ...(json === undefined ? {} : { json }) });
  return { status: res.statusCode, body: res.json() };
};

async function newBoard(s: Seeded, body: Record<string, unknown> = {}, token = s.owner.token) {
  const res = await send('PUT', `/api/${s.team.id}/boards/${newId()}`, token, {
    name: 'Roadmap',
    row_version: 1,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; row_version: number; user_ids: number[] };
}

async function newFolder(s: Seeded, boardId: string) {
  const res = await send('PUT', `/api/${s.team.id}/folders/${newId()}`, s.owner.token, {
    board_id: boardId,
    name: 'Q1',
    row_version: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string };
}

const saveRecord = (s: Seeded, token: string, boardId: string, body: Record<string, unknown> = {}) =>
  send('POST', `/api/${s.team.id}/permissions`, token, {
    resource_type: 'board',
    resource_id: boardId,
    permissions: [],
    final_permissions: [],
    row_version: 1,
    ...body,
  });

const getRecord = (s: Seeded, token: string, boardId: string) =>
  send('GET', `/api/${s.team.id}/permissions/boards/${boardId}`, token);

const boardAccess = async (s: Seeded, token: string, boardId: string) => {
  const res = await send(
    'GET',
    `/api/${s.team.id}/permissions/access?resource_type=board&resource_id=${boardId}`,
    token,
  );
  expect(res.status).toBe(200);
  return res.body.permissions as string[];
};

const listed = async (s: Seeded, token: string) =>
  (await send('GET', `/api/${s.team.id}/boards`, token)).body.map((b: { id: string }) => b.id) as string[];

describe('a board without a saved record', () => {
  test('answers an empty record at row_version 0; a private board inherits the private rules from its privacy', async () => {
    const s = await seedWorkspace(t);
    const secret = await newBoard(s, { is_private: true });
    const open = await newBoard(s);
    const record = (await getRecord(s, s.owner.token, secret.id)).body;
    expect(record).toMatchObject({
      resource_type: 'board',
      resource_id: secret.id,
      permissions: [],
      final_permissions: [],
      row_version: 0,
      team_id: s.team.id,
    });
    expect(record.inherited_permissions).toEqual(expect.arrayContaining(PRIVATE_RULES));
    expect(record.inherited_permissions).toContain('DELETE_WORKSPACE:deny:role:admin');
    const plain = (await getRecord(s, s.guest.token, open.id)).body;
    expect(plain.permissions).toEqual([]);
    expect(plain.inherited_permissions.some((key: string) => key.includes(':tag:'))).toBe(false);
  });
});

describe('saving a board record', () => {
  // MANAGE_PERMISSIONS by the role defaults: the owner and admins.
  const MAY_SAVE = { owner: 200, admin: 200, 'full-member': 403, 'restricted-member': 403, guest: 403 };
  test.each(ROLES)('as %s', async (role) => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const res = await saveRecord(s, s[role].token, board.id, { permissions: ['EXPORT:deny:role:guest'] });
    expect(res.status, JSON.stringify(res.body)).toBe(MAY_SAVE[role]);
    if (res.status === 200) {
      expect(res.body).toMatchObject({ resource_type: 'board', resource_id: board.id, row_version: 1 });
      expect((await getRecord(s, s.guest.token, board.id)).body).toEqual(res.body);
    }
  });

  test.each([
    { case: 'an outsider', status: 404 },
    { case: 'a board of another workspace', status: 404 },
    { case: 'a board that does not exist', status: 404 },
    { case: 'a deleted board', status: 404 },
    { case: 'a private board the admin is not on', status: 404 },
    { case: 'a key that does not parse', status: 422 },
  ])('$case: $status', async ({ case: which }) => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    let token = s.admin.token;
    let boardId = board.id;
    let body: Record<string, unknown> = {};
    if (which === 'an outsider') token = s.outsider.token;
    if (which === 'a board of another workspace') boardId = (await newBoard(await seedWorkspace(t))).id;
    if (which === 'a board that does not exist') boardId = newId();
    if (which === 'a deleted board')
      expect((await send('DELETE', `/api/${s.team.id}/boards/${board.id}`, s.owner.token)).status).toBe(200);
    if (which === 'a private board the admin is not on')
      boardId = (await newBoard(s, { is_private: true })).id;
    if (which === 'a key that does not parse') body = { permissions: ['EXPORT:maybe:role:guest'] };
    const res = await saveRecord(s, token, boardId, body);
    expect(res.status, JSON.stringify(res.body)).toBe(which === 'a key that does not parse' ? 422 : 404);
  });

  test('compare-and-set: a stale save is answered 409 with the server copy and changes nothing', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    expect(
      (await saveRecord(s, s.owner.token, board.id, { permissions: ['EXPORT:deny:role:guest'] })).status,
    ).toBe(200);
    const stale = await saveRecord(s, s.admin.token, board.id, { permissions: ['EXPORT:allow:role:guest'] });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({
      resource_type: 'board',
      resource_id: board.id,
      row_version: 1,
      permissions: ['EXPORT:deny:role:guest'],
    });
    const ahead = await saveRecord(s, s.admin.token, board.id, { row_version: 3 });
    expect(ahead.status).toBe(409);
    const next = await saveRecord(s, s.admin.token, board.id, { row_version: 2 });
    expect(next.status).toBe(200);
    expect((await getRecord(s, s.owner.token, board.id)).body).toMatchObject({
      permissions: [],
      row_version: 2,
    });
  });

  test('a board record may hand MANAGE_PERMISSIONS to one person, on that board only', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const other = await newBoard(s);
    const fm = s['full-member'];
    await saveRecord(s, s.owner.token, board.id, { permissions: [`MANAGE_PERMISSIONS:allow:user:${fm.id}`] });
    expect((await saveRecord(s, fm.token, board.id, { row_version: 2 })).status).toBe(200);
    expect((await saveRecord(s, fm.token, other.id)).status).toBe(403);
  });

  test('the save is announced on team.{id}.permissions without data, and refused saves record nothing', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s, { name: 'Quiet plans' });
    expect((await saveRecord(s, s['full-member'].token, board.id)).status).toBe(403);
    expect(
      (await saveRecord(s, s.owner.token, board.id, { permissions: ['EXPORT:deny:user:77'] })).status,
    ).toBe(200);
    expect((await saveRecord(s, s.owner.token, board.id)).status).toBe(409);
    const rows = await t.app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.teamId, s.team.id), eq(events.type, 'permissions.updated')));
    expect(rows.map((row) => [row.channel, row.payload])).toEqual([
      [
        `team.${s.team.id}.permissions`,
        { type: 'permissions.updated', id: `board:${board.id}`, row_version: 1 },
      ],
    ]);
  });
});

describe('what a board record does', () => {
  test('a restricted member granted DELETE_ITEMS and DELETE_FOLDERS on one board has them there only', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const other = await newBoard(s);
    const rm = s['restricted-member'];
    const saved = await saveRecord(s, s.owner.token, board.id, {
      permissions: [`DELETE_ITEMS:allow:user:${rm.id}`, `DELETE_FOLDERS:allow:user:${rm.id}`],
    });
    expect(saved.status).toBe(200);
    expect(await boardAccess(s, rm.token, board.id)).toEqual(
      expect.arrayContaining(['DELETE_ITEMS', 'DELETE_FOLDERS']),
    );
    expect(await boardAccess(s, rm.token, other.id)).not.toContain('DELETE_ITEMS');
    const here = await newFolder(s, board.id);
    const there = await newFolder(s, other.id);
    expect((await send('DELETE', `/api/${s.team.id}/folders/${here.id}`, rm.token)).status).toBe(200);
    expect((await send('DELETE', `/api/${s.team.id}/folders/${there.id}`, rm.token)).status).toBe(403);
    // Another restricted member is not concerned by the exception.
    expect(await boardAccess(s, s.guest.token, board.id)).not.toContain('DELETE_ITEMS');
  });

  test('a full member denied VIEW_BOARD on one board loses it everywhere; the other board stays', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const other = await newBoard(s);
    const folder = await newFolder(s, board.id);
    const fm = s['full-member'];
    const before = await pull(t, fm.token, s.team.id);
    expect(keysOf(before.changes)).toEqual(
      expect.arrayContaining([`board:${board.id}`, `folder:${folder.id}`]),
    );
    expect(
      (await saveRecord(s, s.owner.token, board.id, { permissions: [`VIEW_BOARD:deny:user:${fm.id}`] }))
        .status,
    ).toBe(200);
    expect(await listed(s, fm.token)).toEqual([other.id]);
    expect((await send('GET', `/api/${s.team.id}/boards/${board.id}/folders`, fm.token)).status).toBe(404);
    expect((await getRecord(s, fm.token, board.id)).status).toBe(404);
    expect((await send('DELETE', `/api/${s.team.id}/folders/${folder.id}`, fm.token)).status).toBe(404);
    const after = await pull(t, fm.token, s.team.id, before.cursor);
    // A permission record changed: delta sync starts over, without the board, its folder or its record.
    expect(after.reset).toBe(true);
    const keys = keysOf(after.changes);
    expect(keys).not.toContain(`board:${board.id}`);
    expect(keys).not.toContain(`folder:${folder.id}`);
    expect(keys).not.toContain(`permission_record:board:${board.id}`);
    expect(keys).toContain(`board:${other.id}`);
    // The others still see it.
    expect(await listed(s, s['restricted-member'].token)).toEqual([board.id, other.id]);
  });

  test('final_permissions on a board keep only its own rules (and the owner)', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const saved = await saveRecord(s, s.owner.token, board.id, {
      permissions: [`VIEW_BOARD:allow:user:${s.guest.id}`],
      final_permissions: ['VIEW_BOARD'],
    });
    expect(saved.status).toBe(200);
    const sees = Object.fromEntries(
      await Promise.all(
        ROLES.map(async (role) => [role, (await listed(s, s[role].token)).includes(board.id)]),
      ),
    );
    expect(sees).toEqual({
      owner: true,
      admin: false,
      'full-member': false,
      'restricted-member': false,
      guest: true,
    });
  });

  test('privacy and the record combine: the record overrides the private rules, and toggling privacy keeps the record', async () => {
    const s = await seedWorkspace(t);
    const fm = s['full-member'];
    const rm = s['restricted-member'];
    const board = await newBoard(s, { is_private: true });
    expect(await listed(s, fm.token)).toEqual([]);
    // Sam (the full member) is let in by name without becoming a board member.
    await saveRecord(s, s.owner.token, board.id, {
      permissions: [`VIEW_BOARD:allow:user:${fm.id}`, 'EXPORT:deny:role:full-member'],
    });
    expect(await listed(s, fm.token)).toEqual([board.id]);
    expect(await listed(s, rm.token)).toEqual([]);
    expect(await boardAccess(s, fm.token, board.id)).not.toContain('EXPORT');

    // Made public: the private rules go, the record stays as it was.
    const opened = await send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: 'Roadmap',
      is_private: false,
      row_version: 2,
    });
    expect(opened.status).toBe(200);
    expect(await listed(s, rm.token)).toEqual([board.id]);
    const record = (await getRecord(s, s.owner.token, board.id)).body;
    expect(record).toMatchObject({
      row_version: 1,
      permissions: [`VIEW_BOARD:allow:user:${fm.id}`, 'EXPORT:deny:role:full-member'],
    });
    expect(record.inherited_permissions).not.toEqual(expect.arrayContaining(PRIVATE_RULES));
    expect(await boardAccess(s, fm.token, board.id)).not.toContain('EXPORT');
  });
});

describe('reading board records', () => {
  test('GET /api/{teamId}/permissions lists the saved board records of the boards the caller sees', async () => {
    const s = await seedWorkspace(t);
    const open = await newBoard(s);
    const secret = await newBoard(s, { is_private: true, user_ids: [s.guest.id] });
    await newBoard(s); // No record saved: not listed.
    await saveRecord(s, s.owner.token, open.id, { permissions: ['EXPORT:deny:role:guest'] });
    await saveRecord(s, s.owner.token, secret.id, { permissions: ['EXPORT:deny:role:guest'] });
    const ids = async (token: string) =>
      (await send('GET', `/api/${s.team.id}/permissions`, token)).body.map(
        (r: { resource_type: string; resource_id: string }) => `${r.resource_type}:${r.resource_id}`,
      );
    const workspace = `workspace:${s.team.id}`;
    expect(await ids(s.owner.token)).toEqual([workspace, `board:${open.id}`, `board:${secret.id}`]);
    expect(await ids(s.guest.token)).toEqual([workspace, `board:${open.id}`, `board:${secret.id}`]);
    expect(await ids(s['full-member'].token)).toEqual([workspace, `board:${open.id}`]);
  });

  test('delta sync carries a board record only to those who see the board, as GET lists it', async () => {
    const s = await seedWorkspace(t);
    const secret = await newBoard(s, { is_private: true, user_ids: [s['restricted-member'].id] });
    await saveRecord(s, s.owner.token, secret.id, { permissions: ['EXPORT:deny:role:guest'] });
    const key = `permission_record:board:${secret.id}`;
    for (const role of ROLES) {
      const page = await pull(t, s[role].token, s.team.id);
      const sees = role === 'owner' || role === 'restricted-member';
      expect(keysOf(page.changes).includes(key), role).toBe(sees);
      if (sees) {
        const carried = page.changes.find((c) => `${c.type}:${c.id}` === key);
        expect(carried?.data).toEqual(
          await ownCopy(t, s[role].token, s.team.id, 'permission_record', `board:${secret.id}`),
        );
      }
    }
  });
});
