import { ITEM_SUBSCRIBE_MAX } from '@strata/contracts/notifications';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { notifications } from '../../db/schema/notifications';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, ROLES, type RoleName } from '../items/items.fixtures';
import { notificationsOf } from './notifications.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
});
afterAll(() => t?.close());

/** An item named Launch plan, created by the owner, on a board everyone in the workspace sees. */
async function place(s: Seeded) {
  const { board, folder, name } = await api.newPlace(s, { name: 'Roadmap' });
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'Launch plan' } } });
  return { boardId: board.id, itemId: item.id };
}

const path = (s: Seeded, itemId: string) => `/api/${s.team.id}/items/${itemId}/followers`;
const subscribe = (s: Seeded, itemId: string, token: string, userIds: unknown) =>
  api.send('POST', path(s, itemId), token, { user_ids: userIds });
const followers = async (s: Seeded, itemId: string, token = s.owner.token) => {
  const res = await api.send('GET', path(s, itemId), token);
  expect(res.status).toBe(200);
  return (res.body as { user_ids: number[] }).user_ids;
};

const told = (teamId: number, expected: number) => notificationsOf(t, teamId, expected);

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

describe('subscribing people to an item', () => {
  test('the people named follow it and are told once, by name; never the one subscribing', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    expect(await followers(s, p.itemId)).toEqual([s.owner.id]);
    const res = await subscribe(s, p.itemId, s['full-member'].token, [
      s.admin.id,
      s.guest.id,
      s['full-member'].id,
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const all = sorted([s.owner.id, s.admin.id, s.guest.id, s['full-member'].id]);
    expect(res.body).toEqual({ user_ids: all });
    expect(await followers(s, p.itemId, s.guest.token)).toEqual(all);
    // Subscribed again: they follow already, nobody is told twice.
    expect((await subscribe(s, p.itemId, s.owner.token, [s.admin.id])).status).toBe(200);
    const rows = await told(s.team.id, 2);
    expect(rows.map((row) => [row.userId, row.notificationType]).sort()).toEqual(
      [
        [s.admin.id, 'UserSubscribedNotification'],
        [s.guest.id, 'UserSubscribedNotification'],
      ].sort(),
    );
    expect(rows[0]).toMatchObject({ itemId: p.itemId, boardId: p.boardId, subscribeableType: 'item' });
    expect(rows[0]!.data).toMatchObject({
      created_by_name: 'A full-member',
      item_name: 'Launch plan',
      board_name: 'Roadmap',
    });
    // The guest's bell lists it.
    const list = await api.send('GET', '/api/notifications', s.guest.token);
    expect(JSON.stringify(list.body)).toContain('UserSubscribedNotification');
  });

  test('who had stopped following follows again and is told', async () => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    await api.send('PUT', `/api/${s.team.id}/items/${p.itemId}/follow`, s.owner.token, { following: false });
    expect(await followers(s, p.itemId)).toEqual([]);
    expect((await subscribe(s, p.itemId, s.admin.token, [s.owner.id])).body).toEqual({
      user_ids: [s.owner.id],
    });
    const rows = await told(s.team.id, 1);
    expect(rows.map((row) => [row.userId, row.notificationType])).toEqual([
      [s.owner.id, 'UserSubscribedNotification'],
    ]);
    const own = await api.send('GET', `/api/${s.team.id}/items/${p.itemId}/follow`, s.owner.token);
    expect(own.body).toEqual({ following: true });
  });

  test('someone who does not see the item, or is no member, is refused and nothing changes', async () => {
    const s = await seedWorkspace(t);
    const hidden = await api.newBoard(s, { is_private: true, user_ids: [s.owner.id, s.admin.id] });
    const folder = await api.newFolder(s, hidden.id);
    const item = await api.newItem(s, folder.id);
    for (const ids of [[s.admin.id, s.guest.id], [s.outsider.id], [2_000_000_000]]) {
      const res = await subscribe(s, item.id, s.owner.token, ids);
      expect(res.status).toBe(422);
      expect(JSON.stringify(res.body)).toContain('user_ids');
    }
    expect(await followers(s, item.id)).toEqual([s.owner.id]);
    // The guest does not see the board: the item is not found for them.
    expect((await subscribe(s, item.id, s.guest.token, [s.guest.id])).status).toBe(404);
    expect((await api.send('GET', path(s, item.id), s.guest.token)).status).toBe(404);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      await t.app.ctx.db.select().from(notifications).where(eq(notifications.teamId, s.team.id)),
    ).toEqual([]);
  });

  test.each([
    ['no one', []],
    ['too many', Array.from({ length: ITEM_SUBSCRIBE_MAX + 1 }, (_, i) => i + 1)],
    ['not ids', ['x']],
    ['no list', null],
  ])('a request naming %s is refused', async (_name, ids) => {
    const s = await seedWorkspace(t);
    const p = await place(s);
    const res = await subscribe(s, p.itemId, s.owner.token, ids);
    expect(res.status).toBe(422);
    expect(await followers(s, p.itemId)).toEqual([s.owner.id]);
  });
});

describe('who may subscribe people (ADD_COMMENTS on the board), allowed and denied', () => {
  // The board denies guests ADD_COMMENTS; everyone else keeps it by default.
  const ALLOWED: readonly RoleName[] = ROLES.filter((role) => role !== 'guest');
  let s: Seeded;
  let itemId: string;
  beforeAll(async () => {
    s = await seedWorkspace(t);
    const p = await place(s);
    itemId = p.itemId;
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
      const res = await subscribe(s, itemId, s[role].token, [s.admin.id]);
      expect(res.status).toBe(allowed ? 200 : 403);
      // Reading who follows stays open to whoever sees the item.
      expect((await api.send('GET', path(s, itemId), s[role].token)).status).toBe(200);
    },
  );
  test('someone outside the workspace: 404', async () => {
    expect((await subscribe(s, itemId, s.outsider.token, [s.admin.id])).status).toBe(404);
    expect((await api.send('GET', path(s, itemId), s.outsider.token)).status).toBe(404);
  });
});
