import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName, uuid } from '../items/items.fixtures';
import { notificationsOf } from './notifications.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

/**
 * A board everyone sees, a folder with a view "Launches" showing the items whose name contains
 * "launch", a shown item (with a subitem) and an item the view hides.
 */
async function place(s: Seeded, view: Record<string, unknown> = {}) {
  const { board, folder, name } = await api.newPlace(s, { name: 'Roadmap' });
  const viewId = uuid();
  const made = await api.send('PUT', `/api/${s.team.id}/views/${viewId}`, s.owner.token, {
    folder_id: folder.id,
    type: 'table',
    name: 'Launches',
    row_version: 1,
    settings: { filters: [{ attribute_id: name.id, operator: 'contains', operand: 'launch' }] },
    ...view,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const named = (data: string) => ({ values: { [name.id]: { data } } });
  const shown = await api.newItem(s, folder.id, named('Launch plan'));
  const sub = await api.newItem(s, folder.id, { ...named('Book the hall'), parent_id: shown.id });
  const hidden = await api.newItem(s, folder.id, named('Office party'));
  return { boardId: board.id, folderId: folder.id, viewId, shown: shown.id, sub: sub.id, hidden: hidden.id };
}
type Place = Awaited<ReturnType<typeof place>>;

const followersPath = (s: Seeded, p: Place) => `/api/${s.team.id}/views/${p.viewId}/followers`;
const followPath = (s: Seeded, p: Place) => `/api/${s.team.id}/views/${p.viewId}/follow`;
const subscribe = (s: Seeded, p: Place, token: string, userIds: unknown) =>
  api.send('POST', followersPath(s, p), token, { user_ids: userIds });
const followers = async (s: Seeded, p: Place, token = s.owner.token) => {
  const res = await api.send('GET', followersPath(s, p), token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { user_ids: number[] }).user_ids;
};

async function comment(s: Seeded, p: Place, itemId: string, token = s.owner.token) {
  const res = await api.send('PUT', `/api/${s.team.id}/comments/${uuid()}`, token, {
    text: { html: '<p>Ready?</p>' },
    board_id: p.boardId,
    item_id: itemId,
    row_version: 1,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Who was told what about an item, as [user, type] pairs. */
const toldAbout = async (s: Seeded, itemId: string, expected: number) =>
  (await notificationsOf(t, s.team.id, expected))
    .filter((row) => row.itemId === itemId)
    .map((row) => [row.userId, row.notificationType] as const);

describe('following a view', () => {
  test('the caller follows and stops following a view; the list shows them', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const own = () => api.send('GET', followPath(s, p), s.admin.token);
    expect((await own()).body).toEqual({ following: false });
    const put = await api.send('PUT', followPath(s, p), s.admin.token, { following: true });
    expect(put.body).toEqual({ following: true });
    expect((await own()).body).toEqual({ following: true });
    expect(await followers(s, p)).toEqual([s.admin.id]);
    expect((await api.send('PUT', followPath(s, p), s.admin.token, { following: false })).status).toBe(200);
    expect(await followers(s, p)).toEqual([]);
  });

  test.each([
    ['an item the view shows', 'shown', true],
    ['a subitem of an item it shows', 'sub', true],
    ['an item its filters hide', 'hidden', false],
  ] as const)('a comment on %s tells its followers: %s', async (_name, which, told) => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    await api.send('PUT', followPath(s, p), s.admin.token, { following: true });
    await comment(s, p, p[which]);
    // The item's creator (the owner) wrote the comment: only a view follower could be told.
    if (told) expect(await toldAbout(s, p[which], 1)).toEqual([[s.admin.id, 'CommentCreatedNotification']]);
    else {
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(await toldAbout(s, p[which], 0)).toEqual([]);
    }
  });

  test('who stopped following the item, or left the view, is not told; nor about a deleted view', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    await subscribe(s, p, s.owner.token, [s.admin.id, s['full-member'].id, s.guest.id]);
    await api.send('PUT', `/api/${s.team.id}/items/${p.shown}/follow`, s.admin.token, { following: false });
    await api.send('PUT', followPath(s, p), s['full-member'].token, { following: false });
    await comment(s, p, p.shown);
    expect(await toldAbout(s, p.shown, 4)).toEqual([[s.guest.id, 'CommentCreatedNotification']]);
    expect((await api.send('DELETE', `/api/${s.team.id}/views/${p.viewId}`, s.owner.token)).status).toBe(200);
    await comment(s, p, p.sub);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await toldAbout(s, p.sub, 0)).toEqual([]);
  });
});

describe('subscribing people to a view', () => {
  test('the people named follow it and are told once, about the view; never the one subscribing', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const res = await subscribe(s, p, s['full-member'].token, [s.admin.id, s.guest.id, s['full-member'].id]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = [s.admin.id, s.guest.id, s['full-member'].id].sort((a, b) => a - b);
    expect(res.body).toEqual({ user_ids: all });
    expect(await followers(s, p, s.guest.token)).toEqual(all);
    expect((await subscribe(s, p, s.owner.token, [s.admin.id])).status).toBe(200);
    const rows = await notificationsOf(t, s.team.id, 2);
    expect(rows.map((row) => [row.userId, row.notificationType]).sort()).toEqual(
      [
        [s.admin.id, 'UserSubscribedNotification'],
        [s.guest.id, 'UserSubscribedNotification'],
      ].sort(),
    );
    expect(rows[0]).toMatchObject({
      itemId: null,
      boardId: p.boardId,
      folderId: p.folderId,
      subscribeableType: 'folder_view',
      subscribeableId: p.viewId,
    });
    expect(rows[0]!.data).toMatchObject({
      created_by_name: 'A full-member',
      board_name: 'Roadmap',
      view_name: 'Launches',
    });
  });

  test('someone who does not see the folder, a personal view of another, or no member: refused, nothing changes', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const hidden = await api.newBoard(s, { is_private: true, user_ids: [s.owner.id, s.admin.id] });
    const folder = await api.newFolder(s, hidden.id);
    const hiddenView = uuid();
    await api.send('PUT', `/api/${s.team.id}/views/${hiddenView}`, s.owner.token, {
      folder_id: folder.id,
      type: 'table',
      name: 'Private',
      row_version: 1,
    });
    const privatePlace = { ...p, viewId: hiddenView };
    for (const ids of [[s.admin.id, s.guest.id], [s.outsider.id], [2_000_000_000]]) {
      const res = await subscribe(s, privatePlace, s.owner.token, ids);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('user_ids');
    }
    expect(await followers(s, privatePlace)).toEqual([]);
    expect((await subscribe(s, privatePlace, s.guest.token, [s.guest.id])).status).toBe(404);
    // A personal view: its owner alone follows it.
    const personal = await place(s, { visibility: 'personal' });
    expect((await subscribe(s, personal, s.owner.token, [s.admin.id])).status).toBe(422);
    expect((await subscribe(s, personal, s.owner.token, [s.owner.id])).status).toBe(200);
    expect((await api.send('PUT', followPath(s, personal), s.admin.token, { following: true })).status).toBe(
      404,
    );
    expect(await followers(s, p)).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await notificationsOf(t, s.team.id, 0)).toEqual([]);
  });
});

describe('who may subscribe people to a view (ADD_COMMENTS on the board), allowed and denied', () => {
  const ALLOWED: readonly RoleName[] = ROLES.filter((role) => role !== 'guest');
  let s: Seeded;
  let p: Place;
  beforeAll(async () => {
    s = await seedWorkspace(t);
    p = await place(s);
    const rule = await api.send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
      resource_type: 'board',
      resource_id: p.boardId,
      permissions: ['ADD_COMMENTS:deny:role:guest'],
      final_permissions: [],
      row_version: 1,
    });
    expect(rule.status, JSON.stringify(rule.body)).toBe(200);
  });
  test.each(ROLES.map((role) => [role, ALLOWED.includes(role)] as const))(
    '%s: allowed %s',
    async (role, allowed) => {
      expect((await subscribe(s, p, s[role].token, [s.admin.id])).status).toBe(allowed ? 200 : 403);
      // Following it oneself and reading who follows stay open to whoever sees the view.
      expect((await api.send('PUT', followPath(s, p), s[role].token, { following: true })).status).toBe(200);
      expect((await api.send('GET', followersPath(s, p), s[role].token)).status).toBe(200);
    },
  );
  test('someone outside the workspace: 404', async () => {
    expect((await subscribe(s, p, s.outsider.token, [s.admin.id])).status).toBe(404);
    expect((await api.send('GET', followPath(s, p), s.outsider.token)).status).toBe(404);
  });
});
