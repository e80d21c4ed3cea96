import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamInvitations } from '../../db/schema/invitations';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, ownCopy, pull, requestChanges, type Seeded, seedWorkspace } from './changes.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Key = [type: string, id: number | string];

/** The invitee's own invitation id, as GET /api/me/invitations lists it. */
async function myInvitationId(s: Seeded): Promise<string> {
  const res = await t.request({ method: 'GET', url: '/api/me/invitations', token: s.invitee.token });
  return res.json()[0].id;
}

interface WriteCase {
  kind: string;
  /** Does the write (as the owner unless said), answers ids the expectations need. */
  act(s: Seeded): Promise<{ status: number; newId?: number }>;
  changed(s: Seeded, newId?: number): Key[];
  deleted(s: Seeded): Key[];
}

const send = async (method: 'PUT' | 'POST' | 'DELETE', url: string, token: string, json?: unknown) => {
  const res = await t.request({ method, url, token, ...(json === undefined ? {} : { json }) });
  return { status: res.statusCode, body: res.json() };
};

const WRITES: WriteCase[] = [
  {
    kind: 'workspace renamed',
    act: (s) => send('PUT', `/api/teams/${s.team.id}`, s.owner.token, { name: 'Renamed' }),
    changed: (s) => [['team', s.team.id]],
    deleted: () => [],
  },
  {
    kind: 'workspace photo removed',
    act: (s) => send('DELETE', `/api/teams/${s.team.id}/photo`, s.owner.token),
    changed: (s) => [['team', s.team.id]],
    deleted: () => [],
  },
  {
    kind: 'member role changed',
    act: (s) =>
      send('PUT', `/api/teams/${s.team.id}/members/${s['restricted-member'].id}`, s.owner.token, {
        role: 'full-member',
      }),
    changed: (s) => [['member', s['restricted-member'].id]],
    deleted: () => [],
  },
  {
    kind: 'member removed',
    act: (s) => send('DELETE', `/api/teams/${s.team.id}/members/${s['restricted-member'].id}`, s.owner.token),
    changed: (s) => [['team', s.team.id]],
    deleted: (s) => [['member', s['restricted-member'].id]],
  },
  {
    kind: 'member left',
    act: (s) => send('DELETE', `/api/teams/${s.team.id}/leave`, s.guest.token),
    changed: (s) => [['team', s.team.id]],
    deleted: (s) => [['member', s.guest.id]],
  },
  {
    kind: 'invitation created',
    act: async (s) => {
      const res = await send('POST', `/api/teams/${s.team.id}/members`, s.owner.token, {
        invitations: [{ email: 'newcomer@example.test', role: 'guest' }],
      });
      return { status: res.status, newId: res.body.users?.[0]?.id };
    },
    changed: (_s, newId) => [['invitation', newId!]],
    deleted: () => [],
  },
  {
    kind: 'invitation resent',
    act: async (s) => {
      // Resending waits a minute after the last mail: make that minute pass.
      await t.app.ctx.db
        .update(teamInvitations)
        .set({ sentAt: new Date(Date.now() - 120_000) })
        .where(and(eq(teamInvitations.teamId, s.team.id), eq(teamInvitations.userId, s.invitee.id)));
      return send('POST', `/api/teams/${s.team.id}/members/resend`, s.owner.token, { user_id: s.invitee.id });
    },
    changed: (s) => [['invitation', s.invitee.id]],
    deleted: () => [],
  },
  {
    kind: 'invitation withdrawn',
    act: (s) => send('DELETE', `/api/teams/${s.team.id}/members/${s.invitee.id}`, s.owner.token),
    changed: () => [],
    deleted: (s) => [['invitation', s.invitee.id]],
  },
  {
    kind: 'invitation declined',
    act: async (s) => send('DELETE', `/api/me/invitations/${await myInvitationId(s)}`, s.invitee.token),
    changed: () => [],
    deleted: (s) => [['invitation', s.invitee.id]],
  },
  {
    kind: 'invitation accepted',
    act: async (s) => send('POST', `/api/me/invitations/${await myInvitationId(s)}/accept`, s.invitee.token),
    changed: (s) => [
      ['member', s.invitee.id],
      ['team', s.team.id],
    ],
    deleted: (s) => [['invitation', s.invitee.id]],
  },
  {
    kind: 'a member renamed themselves (their name shows in the member list)',
    act: (s) => send('PUT', '/api/me', s.admin.token, { name: 'Renamed Admin' }),
    changed: (s) => [['member', s.admin.id]],
    deleted: () => [],
  },
  {
    kind: 'an invitee removed their photo (it shows in the pending list)',
    act: (s) => send('DELETE', '/api/me/photo', s.invitee.token),
    changed: (s) => [['invitation', s.invitee.id]],
    deleted: () => [],
  },
];

describe('each write moves the cursor and shows up in the next pull', () => {
  test.each(WRITES)('$kind', async (write) => {
    const s = await seedWorkspace(t);
    const before = await pull(t, s.owner.token, s.team.id);
    const result = await write.act(s);
    expect(result.status).toBe(200);

    const after = await pull(t, s.owner.token, s.team.id, before.cursor);
    expect(after.cursor).toBeGreaterThan(before.cursor);
    expect(after).toMatchObject({ reset: false, has_more: false });
    const asKeys = (keys: Key[]) => keys.map(([type, id]) => `${type}:${id}`).sort();
    expect(keysOf(after.changes)).toEqual(asKeys(write.changed(s, result.newId)));
    expect(keysOf(after.deleted)).toEqual(asKeys(write.deleted(s)));
    // What arrives is exactly what the record's own GET answers now.
    for (const change of after.changes)
      expect(change.data).toEqual(await ownCopy(t, s.owner.token, s.team.id, change.type, change.id));

    // A second client already at the cursor gets nothing.
    const again = await pull(t, s.admin.token, s.team.id, after.cursor);
    expect(again).toEqual({ cursor: after.cursor, has_more: false, reset: false, changes: [], deleted: [] });
  });
});

describe('pulling from nothing and by pages', () => {
  test('since=0 (or absent) gives everything current in the shapes of the own GETs, and no tombstones', async () => {
    const s = await seedWorkspace(t);
    // A withdrawn invitation leaves a tombstone that a client starting from nothing does not need.
    await send('DELETE', `/api/teams/${s.team.id}/members/${s.invitee.id}`, s.owner.token);
    const page = await pull(t, s.owner.token, s.team.id);
    expect(await pull(t, s.owner.token, s.team.id, 0)).toEqual(page);
    const members = [s.owner, s.admin, s['full-member'], s['restricted-member'], s.guest];
    expect(keysOf(page.changes)).toEqual(
      [
        `team:${s.team.id}`,
        `permission_record:workspace:${s.team.id}`,
        ...members.map((m) => `member:${m.id}`),
      ].sort(),
    );
    expect(page.deleted).toEqual([]);
    for (const change of page.changes)
      expect(change.data).toEqual(await ownCopy(t, s.owner.token, s.team.id, change.type, change.id));
  });

  test('pages of `limit` follow one another by cursor and add up to the whole; a write between pages is not lost', async () => {
    const s = await seedWorkspace(t);
    const whole = await pull(t, s.owner.token, s.team.id);
    const seen: string[] = [];
    let page = await pull(t, s.owner.token, s.team.id, 0, 3);
    expect(page.changes).toHaveLength(3);
    expect(page.has_more).toBe(true);
    seen.push(...keysOf(page.changes));
    // Someone renames the workspace after the first page: the rename is still delivered.
    await send('PUT', `/api/teams/${s.team.id}`, s.admin.token, { name: 'Between pages' });
    const cursors = [page.cursor];
    while (page.has_more) {
      page = await pull(t, s.owner.token, s.team.id, page.cursor, 3);
      seen.push(...keysOf(page.changes));
      cursors.push(page.cursor);
    }
    expect(cursors).toEqual([...cursors].sort((a, b) => a - b));
    expect(new Set(seen)).toEqual(new Set(keysOf(whole.changes)));
    const teams = seen.filter((key) => key === `team:${s.team.id}`);
    expect(teams.length).toBeGreaterThanOrEqual(1);
    const final = await pull(t, s.owner.token, s.team.id, 0);
    expect(final.changes.find((c) => c.type === 'team')?.data).toMatchObject({ name: 'Between pages' });
    expect(page.cursor).toBe(final.cursor);
  });

  test('changes come in the order they happened', async () => {
    const s = await seedWorkspace(t);
    const start = (await pull(t, s.owner.token, s.team.id)).cursor;
    await send('PUT', `/api/teams/${s.team.id}/members/${s.guest.id}`, s.owner.token, {
      role: 'restricted-member',
    });
    await send('PUT', `/api/teams/${s.team.id}`, s.owner.token, { name: 'Second' });
    await send('PUT', `/api/teams/${s.team.id}/members/${s.admin.id}`, s.owner.token, {
      role: 'full-member',
    });
    const page = await pull(t, s.owner.token, s.team.id, start);
    expect(page.changes.map((c) => `${c.type}:${c.id}`)).toEqual([
      `member:${s.guest.id}`,
      `team:${s.team.id}`,
      `member:${s.admin.id}`,
    ]);
    // Members have no row_version of their own: theirs grows with each change.
    const guestBefore = (await pull(t, s.owner.token, s.team.id)).changes.find((c) => c.id === s.guest.id);
    await send('PUT', `/api/teams/${s.team.id}/members/${s.guest.id}`, s.owner.token, { role: 'guest' });
    const guestAfter = (await pull(t, s.owner.token, s.team.id)).changes.find((c) => c.id === s.guest.id);
    expect(guestAfter!.row_version).toBeGreaterThan(guestBefore!.row_version);
  });

  test('a refused write moves nothing', async () => {
    const s = await seedWorkspace(t);
    const before = await pull(t, s.owner.token, s.team.id);
    const refused = await send('PUT', `/api/teams/${s.team.id}`, s.guest.token, { name: 'Not allowed' });
    expect(refused.status).toBe(403);
    const invalid = await send('POST', `/api/teams/${s.team.id}/members`, s.owner.token, {
      invitations: [{ email: 'nope', role: 'guest' }],
    });
    expect(invalid.status).toBe(422);
    expect(await pull(t, s.owner.token, s.team.id, before.cursor)).toMatchObject({
      cursor: before.cursor,
      changes: [],
      deleted: [],
    });
  });
});

describe('bad input', () => {
  test.each([
    { query: '?since=-1', path: 'since' },
    { query: '?since=1.5', path: 'since' },
    { query: '?since=abc', path: 'since' },
    { query: '?since=99999999999999999999', path: 'since' },
    { query: '?limit=0', path: 'limit' },
    { query: '?limit=5001', path: 'limit' },
    { query: '?limit=ten', path: 'limit' },
  ])('$query is a 422 naming $path, with the usual error shape', async ({ query, path }) => {
    const s = await seedWorkspace(t);
    const res = await requestChanges(t, s.owner.token, s.team.id, query);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ path }] });
    expect(body.errors).toHaveLength(1);
    expect(body.message).toMatch(new RegExp(`^${path} must be a whole number`));
  });
});
