import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { boardUnlocks } from '../../db/schema/board-unlocks';
import { boards } from '../../db/schema/boards';
import { teamChannels } from '../../events/outbox';
import { connectTestSocket, listenLocally, multiAuth, type TestSocket } from '../../realtime/test-clients';
import { multipart, PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, type Person, pull, type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { type Answer, itemApi, uuid } from '../items/items.fixtures';

let t: TestApp;
let port: number;
let api: ReturnType<typeof itemApi>;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  port = await listenLocally(t.app);
  api = itemApi(t);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

const PASSWORD = 'open sesame';
const LOCKED = { code: 'BOARD_LOCKED', message: 'This board is protected by a password.' };

/** A board with a folder, its name attribute, an item, a view and an attachment, all the owner's. */
async function protectedPlace(s: Seeded, password: string | null = PASSWORD) {
  const { board, folder, name } = await api.newPlace(s);
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Secret plan' } } });
  const view = await api.send('PUT', `/api/${s.team.id}/views/${uuid()}`, s.owner.token, {
    folder_id: folder.id,
    type: 'table',
    name: 'Plan table',
    row_version: 1,
  });
  expect(view.status, JSON.stringify(view.body)).toBe(200);
  const file = multipart('file', 'plan.png', PNG);
  const uploaded = await t.app.inject({
    method: 'POST',
    url: `/api/${s.team.id}/attachments?board_id=${board.id}`,
    headers: { authorization: `Bearer ${s.owner.token}`, ...file.headers },
    payload: file.payload,
  });
  expect(uploaded.statusCode, uploaded.body).toBe(201);
  const saved = await saveBoard(s, s.owner, board.id, { password });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  return {
    boardId: board.id,
    folderId: folder.id,
    attributeId: name.id,
    itemId: item.id,
    viewId: view.body.id as string,
    attachmentId: uploaded.json().id as string,
  };
}
type Place = Awaited<ReturnType<typeof protectedPlace>>;

/** A save of the board as the web app makes it: its current row_version + 1. */
async function saveBoard(s: Seeded, who: Person, boardId: string, fields: Record<string, unknown>) {
  const current = await api.send('GET', `/api/boards/${boardId}`, s.owner.token);
  return api.send('PUT', `/api/${s.team.id}/boards/${boardId}`, who.token, {
    name: current.body.name,
    row_version: current.body.row_version + 1,
    ...fields,
  });
}

const unlock = (s: Seeded, who: Person, boardId: string, password: string) =>
  api.send('POST', `/api/${s.team.id}/boards/${boardId}/unlock`, who.token, { password });

const listFolders = (s: Seeded, who: Person, boardId: string) =>
  api.send('GET', `/api/${s.team.id}/boards/${boardId}/folders`, who.token);

const storedHash = async (boardId: string) =>
  (await t.app.ctx.db.select({ hash: boards.passwordHash }).from(boards).where(eq(boards.id, boardId)))[0]!
    .hash;

/** Every route of a board's contents; `read` ones answer 200 to a restricted member who unlocked. */
const CONTENT_ROUTES: {
  name: string;
  read?: boolean;
  call(s: Seeded, who: Person, p: Place): Promise<Answer>;
}[] = [
  { name: 'GET its folders', read: true, call: (s, w, p) => listFolders(s, w, p.boardId) },
  {
    name: 'PUT a new folder',
    call: (s, w, p) =>
      api.send('PUT', `/api/${s.team.id}/folders/Newfolder01`, w.token, {
        board_id: p.boardId,
        name: 'Planted',
        row_version: 1,
      }),
  },
  { name: 'GET its attributes', read: true, call: (s, w, p) => api.listAttributes(s, w.token, p.boardId) },
  { name: 'GET a folder’s items', read: true, call: (s, w, p) => api.listItems(s, w.token, p.folderId) },
  {
    name: 'PUT a new item',
    call: (s, w, p) => api.putItem(s, w.token, uuid(), { folder_id: p.folderId, row_version: 1 }),
  },
  {
    name: 'PUT an item through save-multiple',
    call: (s, w, p) =>
      api.send('POST', `/api/${s.team.id}/save-multiple`, w.token, [
        { type: 'item', op: 'put', id: uuid(), body: { folder_id: p.folderId, row_version: 1 } },
      ]),
  },
  {
    name: 'GET a folder’s views',
    read: true,
    call: (s, w, p) => api.send('GET', `/api/${s.team.id}/folders/${p.folderId}/views`, w.token),
  },
  {
    name: 'GET its trash',
    call: (s, w, p) => api.send('GET', `/api/${s.team.id}/boards/${p.boardId}/trash`, w.token),
  },
  {
    name: 'GET an item’s activity',
    read: true,
    call: (s, w, p) =>
      api.send('GET', `/api/${s.team.id}/boards/${p.boardId}/activity?item_id=${p.itemId}`, w.token),
  },
  {
    name: 'GET an attachment',
    read: true,
    call: (s, w, p) => api.send('GET', `/api/${s.team.id}/attachments/${p.attachmentId}`, w.token),
  },
  {
    name: 'GET an attachment’s file',
    read: true,
    call: async (s, w, p) => {
      const res = await t.request({
        method: 'GET',
        url: `/api/${s.team.id}/attachments/${p.attachmentId}/file`,
        token: w.token,
      });
      return {
        status: res.statusCode,
        body: res.statusCode === 200 ? null : res.json(),
        headers: res.headers,
      };
    },
  },
  {
    name: 'POST an upload to the board',
    call: (s, w, p) => api.send('POST', `/api/${s.team.id}/attachments?board_id=${p.boardId}`, w.token),
  },
  {
    name: 'GET its items by title (reference picker)',
    read: true,
    call: (s, w, p) => api.send('GET', `/api/${s.team.id}/boards/${p.boardId}/items?q=Secret`, w.token),
  },
];

describe('setting the password', () => {
  test('a save sets, changes and removes it (argon2id as account passwords); no answer ever carries the hash', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const answers: unknown[] = [];

    const set = await saveBoard(s, s['full-member'], board.id, { password: PASSWORD });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.is_password_protected).toBe(true);
    expect(set.body).not.toHaveProperty('password');
    expect(set.body).not.toHaveProperty('password_hash');
    const first = await storedHash(board.id);
    // At the configured cost of account passwords: OWASP's minimum in every served build
    // (config.test.ts), the cheapest under test.
    const { memoryCost, timeCost, parallelism } = t.app.ctx.config.passwordHashing;
    expect(first).toMatch(
      new RegExp(`^\\$argon2id\\$v=19\\$m=${memoryCost},t=${timeCost},p=${parallelism}\\$`),
    );
    answers.push(set.body);

    const changed = await saveBoard(s, s.admin, board.id, { password: 'another secret' });
    expect(changed.body.is_password_protected).toBe(true);
    const second = await storedHash(board.id);
    expect(second).toMatch(/^\$argon2id\$/);
    expect(second).not.toBe(first);
    answers.push(changed.body);
    answers.push((await api.send('GET', `/api/${s.team.id}/boards`, s.guest.token)).body);
    answers.push((await api.send('GET', `/api/boards/${board.id}`, s.guest.token)).body);
    answers.push(await pull(t, s.guest.token, s.team.id));
    answers.push(
      (await api.send('GET', `/api/${s.team.id}/boards/${board.id}/activity`, s.owner.token)).body,
    );
    // A rename keeps the password.
    const renamed = await saveBoard(s, s.owner, board.id, { name: 'Renamed' });
    expect(renamed.body.is_password_protected).toBe(true);
    expect(await storedHash(board.id)).toBe(second);
    answers.push(renamed.body);

    const removed = await saveBoard(s, s.owner, board.id, { password: null });
    expect(removed.body.is_password_protected).toBe(false);
    expect(await storedHash(board.id)).toBeNull();
    for (const answer of answers) expect(JSON.stringify(answer)).not.toContain('$argon2');
  });

  test('a password under 8 characters is refused 422; a new board may be made with one', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    const short = await saveBoard(s, s.owner, board.id, { password: 'short' });
    expect(short.status).toBe(422);
    expect(JSON.stringify(short.body)).toContain('The password must be at least 8 characters.');
    expect(await storedHash(board.id)).toBeNull();

    const created = await api.newBoard(s, { password: PASSWORD });
    expect(created.is_password_protected).toBe(true);
    expect((await listFolders(s, s['restricted-member'], created.id)).body.code).toBe('BOARD_LOCKED');
  });

  test('setting or removing it takes UPDATE_BOARD_DETAILS: a restricted member and a guest are refused 403', async () => {
    const s = await seedWorkspace(t);
    const { board } = await api.newPlace(s);
    for (const who of [s['restricted-member'], s.guest]) {
      const res = await saveBoard(s, who, board.id, { password: PASSWORD });
      expect(res.status).toBe(403);
    }
    expect(await storedHash(board.id)).toBeNull();
    await saveBoard(s, s.owner, board.id, { password: PASSWORD });
    const removal = await saveBoard(s, s['restricted-member'], board.id, { password: null });
    expect(removal.status).toBe(403);
    expect(await storedHash(board.id)).not.toBeNull();
  });
});

describe('a board locked for the caller', () => {
  let s: Seeded;
  let place: Place;
  beforeAll(async () => {
    s = await seedWorkspace(t);
    place = await protectedPlace(s);
  });

  test.each(CONTENT_ROUTES)('$name answers 403 BOARD_LOCKED', async ({ call }) => {
    const res = await call(s, s['restricted-member'], place);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject(LOCKED);
  });

  test('stays listed, looked up and answered for (abilities) with is_password_protected', async () => {
    const who = s['restricted-member'];
    const list = await api.send('GET', `/api/${s.team.id}/boards`, who.token);
    expect(list.body.find((b: { id: string }) => b.id === place.boardId)).toMatchObject({
      is_password_protected: true,
    });
    const lookup = await api.send('GET', `/api/boards/${place.boardId}`, who.token);
    expect(lookup.status).toBe(200);
    expect(lookup.body.is_password_protected).toBe(true);
    const access = await api.send(
      'GET',
      `/api/${s.team.id}/permissions/access?resource_type=board&resource_id=${place.boardId}`,
      who.token,
    );
    expect(access.status).toBe(200);
    expect(access.body.permissions).toContain('VIEW_BOARD');
  });

  test('delta sync carries the board but none of its folders, attributes, items or views', async () => {
    const page = await pull(t, s['restricted-member'].token, s.team.id);
    const keys = keysOf(page.changes);
    expect(keys).toContain(`board:${place.boardId}`);
    for (const key of [
      `folder:${place.folderId}`,
      `attribute:${place.attributeId}`,
      `item:${place.itemId}`,
      `view:${place.viewId}`,
    ])
      expect(keys).not.toContain(key);
    // The owner's pull of the same changes carries them all.
    expect(keysOf((await pull(t, s.owner.token, s.team.id)).changes)).toContain(`item:${place.itemId}`);
  });

  test('item titles of a reference leave its items out', async () => {
    const titles = await api.send('GET', `/api/${s.team.id}/items/titles?ids=${place.itemId}`, s.guest.token);
    expect(titles.status).toBe(200);
    expect(titles.body).toEqual({});
    const own = await api.send('GET', `/api/${s.team.id}/items/titles?ids=${place.itemId}`, s.owner.token);
    expect(own.body[place.itemId]).toMatchObject({ title: 'Secret plan' });
  });

  test('its real-time channel is refused (403) to those it locks, signed for those it does not', async () => {
    const channel = `private-${teamChannels.board(s.team.id, place.boardId)}`;
    const ask = async (who: Person) =>
      (await multiAuth({ port, token: who.token, socketId: '11.22', channelNames: [channel] })).body[channel]
        ?.status;
    expect(await ask(s['restricted-member'])).toBe(403);
    expect(await ask(s.guest)).toBe(403);
    expect(await ask(s.owner)).toBe(200);
    expect(await ask(s['full-member'])).toBe(200);
  });
});

describe('unlocking', () => {
  test('a wrong password is 422 "The password is incorrect."; the right one opens every route for 12 hours', async () => {
    const s = await seedWorkspace(t);
    const place = await protectedPlace(s);
    const who = s['restricted-member'];
    const wrong = await unlock(s, who, place.boardId, 'not the password');
    expect(wrong.status).toBe(422);
    expect(wrong.body).toMatchObject({ code: 'INVALID_PASSWORD', message: 'The password is incorrect.' });
    expect((await listFolders(s, who, place.boardId)).status).toBe(403);

    const right = await unlock(s, who, place.boardId, PASSWORD);
    expect(right.status, JSON.stringify(right.body)).toBe(200);
    expect(right.body.board_id).toBe(place.boardId);
    const hours = (Date.parse(right.body.expires_at) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(11.9);
    expect(hours).toBeLessThanOrEqual(12.01);
    for (const route of CONTENT_ROUTES) {
      const res = await route.call(s, who, place);
      expect(res.body?.code, route.name).not.toBe('BOARD_LOCKED');
      if (route.read) expect(res.status, route.name).toBe(200);
    }
    // Per user: the guest who did not unlock is still locked out.
    expect((await listFolders(s, s.guest, place.boardId)).body).toMatchObject(LOCKED);
  });

  test('an unlock ends when its 12 hours are over', async () => {
    const s = await seedWorkspace(t);
    const place = await protectedPlace(s);
    const who = s.guest;
    expect((await unlock(s, who, place.boardId, PASSWORD)).status).toBe(200);
    expect((await listFolders(s, who, place.boardId)).status).toBe(200);
    // Twelve hours on: the row's expiry is now in the past, by the clock that judges it.
    await t.app.ctx.db
      .update(boardUnlocks)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(and(eq(boardUnlocks.boardId, place.boardId), eq(boardUnlocks.userId, who.id)));
    expect((await listFolders(s, who, place.boardId)).body).toMatchObject(LOCKED);
    expect((await unlock(s, who, place.boardId, PASSWORD)).status).toBe(200);
    expect((await listFolders(s, who, place.boardId)).status).toBe(200);
  });

  test('changing the password relocks everyone who unlocked; removing it opens the board to all', async () => {
    const s = await seedWorkspace(t);
    const place = await protectedPlace(s);
    const who = s['restricted-member'];
    await unlock(s, who, place.boardId, PASSWORD);
    expect((await listFolders(s, who, place.boardId)).status).toBe(200);

    await saveBoard(s, s.owner, place.boardId, { password: 'a new secret' });
    expect((await listFolders(s, who, place.boardId)).body).toMatchObject(LOCKED);
    expect((await unlock(s, who, place.boardId, PASSWORD)).status).toBe(422);
    expect((await unlock(s, who, place.boardId, 'a new secret')).status).toBe(200);
    expect((await listFolders(s, who, place.boardId)).status).toBe(200);

    await saveBoard(s, s.owner, place.boardId, { password: null });
    expect((await listFolders(s, s.guest, place.boardId)).status).toBe(200);
    const nothing = await unlock(s, s.guest, place.boardId, 'anything at all');
    expect(nothing.status).toBe(200);
    expect(nothing.body.expires_at).toBeNull();
  });

  test('a board the caller does not see is 404, with or without the right password', async () => {
    const s = await seedWorkspace(t);
    const fm = s['full-member'];
    const board = await api.newBoard(s, { is_private: true, user_ids: [fm.id], password: PASSWORD });
    expect((await unlock(s, s['restricted-member'], board.id, PASSWORD)).status).toBe(404);
    expect((await listFolders(s, s['restricted-member'], board.id)).status).toBe(404);
    expect((await unlock(s, s.outsider, board.id, PASSWORD)).status).toBe(404);
    const elsewhere = await seedWorkspace(t);
    const foreign = await api.send(
      'POST',
      `/api/${elsewhere.team.id}/boards/${board.id}/unlock`,
      s.owner.token,
      {
        password: PASSWORD,
      },
    );
    expect(foreign.status).toBe(404);
  });
});

describe('who passes without unlocking', () => {
  test.each([
    ['owner', true],
    ['admin', true],
    ['full-member', true],
    ['restricted-member', false],
    ['guest', false],
  ] as const)('%s: passes = %s (UPDATE_BOARD_DETAILS on the board)', async (role, passes) => {
    const s = await seedWorkspace(t);
    const place = await protectedPlace(s);
    const res = await listFolders(s, s[role], place.boardId);
    if (passes) expect(res.status).toBe(200);
    else expect(res.body).toMatchObject(LOCKED);
  });

  test('the board’s record decides: UPDATE_BOARD_DETAILS taken from full members locks them out, given to one restricted member lets her pass', async () => {
    const s = await seedWorkspace(t);
    const place = await protectedPlace(s);
    const rm = s['restricted-member'];
    const saved = await api.send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
      resource_type: 'board',
      resource_id: place.boardId,
      permissions: ['UPDATE_BOARD_DETAILS:deny:role:full-member', `UPDATE_BOARD_DETAILS:allow:user:${rm.id}`],
      final_permissions: [],
      row_version: 1,
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await listFolders(s, s['full-member'], place.boardId)).body).toMatchObject(LOCKED);
    expect((await listFolders(s, rm, place.boardId)).status).toBe(200);
    expect((await listFolders(s, s.admin, place.boardId)).status).toBe(200);
    expect((await listFolders(s, s.guest, place.boardId)).body).toMatchObject(LOCKED);
  });
});

describe('delta sync and real-time follow the lock', () => {
  test('setting the password answers the contents as deleted to those it locks; their unlock restarts their sync with them', async () => {
    const s = await seedWorkspace(t);
    const place = await protectedPlace(s, null);
    const who = s['restricted-member'];
    const before = await pull(t, who.token, s.team.id);
    expect(keysOf(before.changes)).toContain(`item:${place.itemId}`);

    await saveBoard(s, s.owner, place.boardId, { password: PASSWORD });
    const locked = await pull(t, who.token, s.team.id, before.cursor);
    expect(keysOf(locked.changes)).toContain(`board:${place.boardId}`);
    const gone = keysOf(locked.deleted);
    for (const key of [`folder:${place.folderId}`, `attribute:${place.attributeId}`, `item:${place.itemId}`])
      expect(gone).toContain(key);
    // Those it does not lock keep them.
    const owners = await pull(t, s.owner.token, s.team.id, before.cursor);
    expect(keysOf(owners.changes)).toContain(`item:${place.itemId}`);

    await unlock(s, who, place.boardId, PASSWORD);
    const reopened = await pull(t, who.token, s.team.id, locked.cursor);
    expect(reopened.reset).toBe(true);
    expect(keysOf(reopened.changes)).toEqual(
      expect.arrayContaining([`folder:${place.folderId}`, `item:${place.itemId}`, `view:${place.viewId}`]),
    );
  });

  test('a subscriber of the board channel who unlocked loses it when the password changes', async () => {
    const s = await seedWorkspace(t);
    const place = await protectedPlace(s);
    const who = s['restricted-member'];
    const channel = `private-${teamChannels.board(s.team.id, place.boardId)}`;
    const socket = await connectTestSocket({ port, key: 'strata', token: who.token });
    sockets.push(socket);
    await expect(socket.subscribe(channel)).rejects.toMatchObject({
      type: 'AuthError',
      error: 'Unauthorized',
    });

    await unlock(s, who, place.boardId, PASSWORD);
    const listening = await connectTestSocket({ port, key: 'strata', token: who.token });
    sockets.push(listening);
    await listening.subscribe(channel);
    const lost = new Promise<unknown>((resolve) =>
      listening.pusher.channel(channel)?.bind('pusher:subscription_error', resolve),
    );
    await saveBoard(s, s.owner, place.boardId, { password: 'a new secret' });
    expect(await lost).toEqual({ type: 'AuthError', error: 'Access was revoked.', status: 403 });
  });
});

describe('rate limit', () => {
  test('unlock attempts are limited per client as the sign-in is (AUTH_RATE_LIMIT a minute): then 429', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const s = await seedWorkspace(limited);
      const boardId = 'Limited0001';
      const made = await limited.request({
        method: 'PUT',
        url: `/api/${s.team.id}/boards/${boardId}`,
        token: s.owner.token,
        json: { name: 'Vault', password: PASSWORD, row_version: 1 },
      });
      expect(made.statusCode, made.body).toBe(200);
      const attempt = (password: string) =>
        limited.request({
          method: 'POST',
          url: `/api/${s.team.id}/boards/${boardId}/unlock`,
          token: s.guest.token,
          json: { password },
        });
      const statuses = [];
      for (const guess of ['guess one', 'guess two', 'guess three'])
        statuses.push((await attempt(guess)).statusCode);
      expect(statuses).toEqual([422, 422, 422]);
      const blocked = await attempt(PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('RATE_LIMITED');
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});
