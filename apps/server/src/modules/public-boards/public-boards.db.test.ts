import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { base62, itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;

beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
});
afterAll(() => t?.close());

const PASSWORD = 'open sesame';
/** The seeded people's names (changes.fixtures.ts). */
const nameOf = (role: string) => (role === 'owner' ? 'Owner' : `A ${role}`);

/** An anonymous request (no token), answered as JSON. */
async function visit(method: 'GET' | 'POST', url: string, json?: unknown, headers?: Record<string, string>) {
  const res = await t.request({ method, url, headers, ...(json === undefined ? {} : { json }) });
  return { status: res.statusCode, body: res.body === '' ? null : res.json(), headers: res.headers };
}

const sharing = (boardId: string, token = s.owner.token) =>
  api.send('GET', `/api/${s.team.id}/boards/${boardId}/sharing`, token);
const share = (boardId: string, body: Record<string, unknown>, token = s.owner.token) =>
  api.send('PUT', `/api/${s.team.id}/boards/${boardId}/sharing`, token, body);

/**
 * A board with an open folder (items, a members column, views of several kinds), a private folder,
 * a hidden folder and a subfolder of the open one.
 */
async function boardWithFolders() {
  const { board, folder, name } = await api.newPlace(s, { name: 'Roadmap' });
  const owners = await api.newAttribute(s, board.id, 'members', { name: 'Owner' });
  const item = await api.newItem(s, folder.id, {
    values: { [name.id]: { data: 'Dark mode' }, [owners.id]: { data: [s.admin.id] } },
  });
  const sub = await api.newItem(s, folder.id, {
    parent_id: item.id,
    values: { [name.id]: { data: 'Contrast check' } },
  });
  const view = async (type: string, visibility = 'shared') => {
    const res = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
      folder_id: folder.id,
      type,
      name: `A ${type} ${visibility}`,
      visibility,
      row_version: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.id as string;
  };
  const views = {
    table: await view('table'),
    columns: await view('columns'),
    personal: await view('list', 'personal'),
    form: await view('form'),
  };
  const privateFolder = await api.newFolder(s, board.id, { name: 'Salaries', settings: { private: true } });
  const hidden = await api.newFolder(s, board.id, { name: 'Drafts', settings: { hidden: true } });
  const child = await api.newFolder(s, board.id, { name: 'Later', parent_id: folder.id });
  await api.newItem(s, privateFolder.id, { values: { [name.id]: { data: 'hunter2-salary' } } });
  return { board, folder, name, owners, item, sub, views, privateFolder, hidden, child };
}
type Place = Awaited<ReturnType<typeof boardWithFolders>>;

describe('board sharing settings', () => {
  let p: Place;
  beforeAll(async () => {
    p = await boardWithFolders();
  });

  test('a new board is not public; its sharing names no one', async () => {
    const res = await sharing(p.board.id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      board_id: p.board.id,
      is_public: false,
      show_folders: true,
      feature_image: null,
      visitor_rights: 'view',
      visitor_comments: false,
      path: `/b/${p.board.id}`,
      shared_by: null,
      shared_at: null,
    });
  });

  test.each([
    { role: 'owner', status: 200 },
    { role: 'admin', status: 200 },
    { role: 'full-member', status: 200 },
    { role: 'restricted-member', status: 403 },
    { role: 'guest', status: 403 },
    { role: 'outsider', status: 404 },
  ] as const)('$role making the board public answers $status', async ({ role, status }) => {
    const board = await api.newBoard(s);
    const res = await share(board.id, { is_public: true }, s[role].token);
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    const after = await visit('GET', `/api/public/boards/${board.id}`);
    expect(after.status).toBe(status === 200 ? 200 : 404);
    if (status === 200) expect(res.body.shared_by).toEqual({ id: s[role].id, name: nameOf(role) });
  });

  test('sharing keeps the rest of the board record, and stopping takes out only the guest keys', async () => {
    const board = await api.newBoard(s);
    const record = `/api/${s.team.id}/permissions/boards/${board.id}`;
    const userKey = `EDIT_ALL_ITEMS:deny:user:${s['full-member'].id}`;
    const saved = await api.send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
      resource_type: 'board',
      resource_id: board.id,
      permissions: [userKey],
      final_permissions: [],
      row_version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await share(board.id, { is_public: true, show_folders: false })).body).toMatchObject({
      is_public: true,
      show_folders: false,
    });
    let keys = (await api.send('GET', record, s.owner.token)).body.permissions;
    expect(keys).toEqual(
      expect.arrayContaining([
        userKey,
        'VIEW_BOARD:allow:tag:guest_user',
        'VIEW_FOLDER:allow:tag:guest_user',
      ]),
    );
    const stopped = await share(board.id, { is_public: false });
    expect(stopped.body).toMatchObject({ is_public: false, show_folders: false, shared_by: null });
    keys = (await api.send('GET', record, s.owner.token)).body.permissions;
    expect(keys).toEqual([userKey]);
    expect((await visit('GET', `/api/public/boards/${board.id}`)).status).toBe(404);
  });

  test.each([
    { case: 'no is_public', body: {} },
    { case: 'a string for is_public', body: { is_public: 'yes' } },
    { case: 'a number for show_folders', body: { is_public: true, show_folders: 1 } },
  ])('bad input ($case) is 422 and changes nothing', async ({ body }) => {
    const board = await api.newBoard(s);
    const res = await share(board.id, body);
    expect(res.status).toBe(422);
    expect((await sharing(board.id)).body.is_public).toBe(false);
  });

  test('a feature image (https only) shows to visitors; null removes it, leaving it out keeps it', async () => {
    const board = await api.newBoard(s);
    const image = 'https://images.example.test/roadmap.png';
    expect((await share(board.id, { is_public: true, feature_image: image })).body.feature_image).toBe(image);
    expect((await visit('GET', `/api/public/boards/${board.id}`)).body.feature_image).toBe(image);
    expect((await share(board.id, { is_public: true, show_folders: false })).body.feature_image).toBe(image);
    for (const bad of ['http://images.example.test/a.png', 'javascript:alert(1)', 'not a url']) {
      const res = await share(board.id, { is_public: true, feature_image: bad });
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('Not a valid URL format');
    }
    expect((await sharing(board.id)).body.feature_image).toBe(image);
    expect((await share(board.id, { is_public: true, feature_image: null })).body.feature_image).toBeNull();
  });

  test('another workspace cannot read or change the sharing of a board by its id', async () => {
    const other = await seedWorkspace(t);
    const res = await api.send(
      'PUT',
      `/api/${other.team.id}/boards/${p.board.id}/sharing`,
      other.owner.token,
      {
        is_public: true,
      },
    );
    expect(res.status).toBe(404);
    expect(
      (await api.send('GET', `/api/${other.team.id}/boards/${p.board.id}/sharing`, other.owner.token)).status,
    ).toBe(404);
    expect((await visit('GET', `/api/public/boards/${p.board.id}`)).status).toBe(404);
  });
});

describe('a public board for anonymous visitors', () => {
  let p: Place;
  beforeAll(async () => {
    p = await boardWithFolders();
    expect((await share(p.board.id, { is_public: true })).status).toBe(200);
  });

  test('the board lists only the folders a visitor may see: not private, not hidden', async () => {
    const res = await visit('GET', `/api/public/boards/${p.board.id}`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.board).toEqual({ id: p.board.id, name: 'Roadmap', description: null, color: null });
    expect(res.body.workspace).toEqual({ name: 'Synced' });
    expect(res.body.is_locked).toBe(false);
    expect(res.body.folders.map((folder: { name: string }) => folder.name).sort()).toEqual([
      'Folder',
      'Later',
    ]);
  });

  test('a folder answers its attributes, shared views of public kinds, items and the members they name, and nothing else', async () => {
    const res = await visit('GET', `/api/public/boards/${p.board.id}/folders/${p.folder.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body;
    expect(body.attributes.map((a: { id: string }) => a.id).sort()).toEqual([p.name.id, p.owners.id].sort());
    expect(body.views.map((v: { id: string }) => v.id).sort()).toEqual(
      [p.views.table, p.views.columns].sort(),
    );
    expect(body.items.map((i: { id: string }) => i.id).sort()).toEqual([p.item.id, p.sub.id].sort());
    const item = body.items.find((i: { id: string }) => i.id === p.item.id);
    expect(Object.keys(item).sort()).toEqual(
      [
        'comments_count',
        'created_at',
        'created_by',
        'folder_id',
        'id',
        'parent_id',
        'sort_order',
        'updated_at',
        'values',
      ].sort(),
    );
    expect(item.values[p.owners.id].data).toEqual([s.admin.id]);
    expect(body.members.sort((a: { id: number }, b: { id: number }) => a.id - b.id)).toEqual(
      [
        { id: s.owner.id, name: nameOf('owner') },
        { id: s.admin.id, name: nameOf('admin') },
      ].sort((a, b) => a.id - b.id),
    );
    const text = JSON.stringify(body);
    for (const secret of [s.owner.email, s.admin.email, 'hunter2-salary', '"team_id"', '"row_version"'])
      expect(text).not.toContain(secret);
  });

  test.each([
    { case: 'a private folder', folder: () => p.privateFolder.id },
    { case: 'a hidden folder', folder: () => p.hidden.id },
    { case: 'a folder of another board', folder: () => 'x' },
    { case: 'a folder that does not exist', folder: () => base62() },
  ])('$case is 404', async ({ folder }) => {
    const id = folder() === 'x' ? (await api.newPlace(s)).folder.id : folder();
    const res = await visit('GET', `/api/public/boards/${p.board.id}/folders/${id}`);
    expect(res.status).toBe(404);
  });

  test.each([
    { case: 'a board id that is not base62', url: '/api/public/boards/not-an-id!', status: 422 },
    { case: 'a board that does not exist', url: `/api/public/boards/${base62()}`, status: 404 },
  ])('$case answers $status', async ({ url, status }) => {
    expect((await visit('GET', url)).status).toBe(status);
  });

  test('a board made private again, or deleted, closes at once', async () => {
    const q = await boardWithFolders();
    expect((await share(q.board.id, { is_public: true })).status).toBe(200);
    const url = `/api/public/boards/${q.board.id}/folders/${q.folder.id}`;
    expect((await visit('GET', url)).status).toBe(200);
    expect((await share(q.board.id, { is_public: false })).status).toBe(200);
    expect((await visit('GET', url)).status).toBe(404);
    expect((await share(q.board.id, { is_public: true })).status).toBe(200);
    expect((await visit('GET', url)).status).toBe(200);
    const deleted = await api.send('DELETE', `/api/${s.team.id}/boards/${q.board.id}`, s.owner.token);
    expect(deleted.status).toBeLessThan(300);
    expect((await visit('GET', url)).status).toBe(404);
    expect((await visit('GET', `/api/public/boards/${q.board.id}`)).status).toBe(404);
  });

  test('a private board made public opens to visitors, not to locked-out members', async () => {
    const q = await boardWithFolders();
    const privateSave = await api.send('PUT', `/api/${s.team.id}/boards/${q.board.id}`, s.owner.token, {
      name: 'Roadmap',
      is_private: true,
      row_version: q.board.row_version + 1,
    });
    expect(privateSave.status, JSON.stringify(privateSave.body)).toBe(200);
    expect((await share(q.board.id, { is_public: true })).status).toBe(200);
    expect((await visit('GET', `/api/public/boards/${q.board.id}/folders/${q.folder.id}`)).status).toBe(200);
    expect((await api.listItems(s, s['full-member'].token, q.folder.id)).status).toBe(404);
  });
});

describe('a password-protected public board', () => {
  test('asks visitors for the password; a token from the right one opens it until the password changes', async () => {
    const p = await boardWithFolders();
    expect((await share(p.board.id, { is_public: true })).status).toBe(200);
    const board = { body: p.board };
    const protect = (password: string | null, rowVersion: number) =>
      api.send('PUT', `/api/${s.team.id}/boards/${p.board.id}`, s.owner.token, {
        name: 'Roadmap',
        password,
        row_version: rowVersion,
      });
    expect((await protect(PASSWORD, board.body.row_version + 1)).status).toBe(200);
    const boardUrl = `/api/public/boards/${p.board.id}`;
    const folderUrl = `${boardUrl}/folders/${p.folder.id}`;

    const locked = await visit('GET', boardUrl);
    expect(locked.body).toMatchObject({ is_locked: true, folders: [] });
    expect((await visit('GET', folderUrl)).body).toMatchObject({ code: 'BOARD_LOCKED' });
    expect((await visit('GET', folderUrl)).status).toBe(403);

    const wrong = await visit('POST', `${boardUrl}/unlock`, { password: 'guess' });
    expect(wrong.status).toBe(422);
    expect(wrong.body.code).toBe('INVALID_PASSWORD');
    expect((await visit('POST', `${boardUrl}/unlock`, {})).status).toBe(422);

    const right = await visit('POST', `${boardUrl}/unlock`, { password: PASSWORD });
    expect(right.status).toBe(200);
    const headers = { 'x-board-unlock': right.body.token };
    expect((await visit('GET', boardUrl, undefined, headers)).body.is_locked).toBe(false);
    expect((await visit('GET', folderUrl, undefined, headers)).status).toBe(200);

    // Forged, expired or another board's tokens open nothing.
    const [expires, signature] = String(right.body.token).split('.');
    for (const token of [
      `${Number(expires) + 1}.${signature}`,
      `${expires}.${signature}x`,
      'nonsense',
      `1.${signature}`,
    ])
      expect((await visit('GET', folderUrl, undefined, { 'x-board-unlock': token })).status).toBe(403);
    const other = await boardWithFolders();
    expect((await share(other.board.id, { is_public: true })).status).toBe(200);
    const otherSaved = await api.send('PUT', `/api/${s.team.id}/boards/${other.board.id}`, s.owner.token, {
      name: 'Roadmap',
      password: PASSWORD,
      row_version: other.board.row_version + 1,
    });
    expect(otherSaved.status).toBe(200);
    expect(
      (
        await visit(
          'GET',
          `/api/public/boards/${other.board.id}/folders/${other.folder.id}`,
          undefined,
          headers,
        )
      ).status,
    ).toBe(403);

    // A new password closes every token given before.
    expect((await protect('another secret', board.body.row_version + 2)).status).toBe(200);
    expect((await visit('GET', folderUrl, undefined, headers)).status).toBe(403);
  });
});
