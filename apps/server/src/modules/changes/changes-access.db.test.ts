import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { rowsOf } from '../../db/client';
import { recordChanges } from '../../db/schema/changes';
import { teams } from '../../db/schema/teams';
import { serverRoot } from '../../lib/paths';
import { createTestApp, type TestApp } from '../../test/test-app';
import { keysOf, pull, requestChanges, type Seeded, seedWorkspace } from './changes.fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;

const withdraw = (s: Seeded) =>
  t.request({
    method: 'DELETE',
    url: `/api/teams/${s.team.id}/members/${s.invitee.id}`,
    token: s.owner.token,
  });

describe('only what the caller may see', () => {
  // As GET .../members/invitations: those with INVITE_MEMBERS (owner, admin, full members by default).
  test.each([
    { role: 'owner', seesInvitations: true },
    { role: 'admin', seesInvitations: true },
    { role: 'full-member', seesInvitations: true },
    { role: 'restricted-member', seesInvitations: false },
    { role: 'guest', seesInvitations: false },
  ] as const)(
    '$role: invitations seen $seesInvitations, the rest always',
    async ({ role, seesInvitations }) => {
      const s = await seedWorkspace(t);
      const me = s[role];
      const listed = await t.request({
        method: 'GET',
        url: `/api/teams/${s.team.id}/members/invitations`,
        token: me.token,
      });
      expect(listed.statusCode).toBe(seesInvitations ? 200 : 403);

      const everything = await pull(t, me.token, s.team.id);
      const types = new Set(everything.changes.map((c) => c.type));
      expect(types.has('invitation')).toBe(seesInvitations);
      expect([...types].filter((type) => type !== 'invitation').sort()).toEqual([
        'member',
        'permission_record',
        'team',
      ]);
      expect(everything.changes.find((c) => c.type === 'team')?.data).toMatchObject({ user_role: role });

      // Its withdrawal: a tombstone only for those who saw it.
      expect((await withdraw(s)).statusCode).toBe(200);
      const delta = await pull(t, me.token, s.team.id, everything.cursor);
      expect(keysOf(delta.deleted)).toEqual(seesInvitations ? [`invitation:${s.invitee.id}`] : []);
      expect(delta.cursor).toBeGreaterThan(everything.cursor);
    },
  );

  test.each([
    { who: 'an outsider', status: 404 },
    { who: 'a workspace that does not exist', status: 404 },
    { who: 'a deleted workspace', status: 404 },
    { who: 'nobody signed in', status: 401 },
  ] as const)('$who: $status, nothing of the workspace in the body', async ({ who, status }) => {
    const s = await seedWorkspace(t);
    let teamId = s.team.id;
    let token = s.outsider.token;
    if (who === 'a workspace that does not exist') teamId = 2_000_000_000;
    if (who === 'a deleted workspace') {
      token = s.owner.token;
      expect(
        (await t.request({ method: 'DELETE', url: `/api/teams/${s.team.id}`, token: s.owner.token }))
          .statusCode,
      ).toBe(200);
    }
    const res = await requestChanges(t, who === 'nobody signed in' ? '' : token, teamId, '?since=0');
    expect(res.statusCode).toBe(status);
    expect(res.body).not.toContain('Synced');
  });
});

describe('starting over (reset)', () => {
  test.each([
    {
      case: 'a cursor ahead of the server (a reset database)',
      observer: 'admin',
      act: async () => {},
      since: (cursor: number) => cursor + 1000,
      reset: true,
      seesInvitations: true,
    },
    {
      case: 'the caller’s own role changed',
      observer: 'full-member',
      act: (s: Seeded) => changeRole(s, s['full-member'].id, 'restricted-member'),
      since: (cursor: number) => cursor,
      reset: true,
      seesInvitations: false,
    },
    {
      case: 'a permission record was saved (here: full members may no longer invite)',
      observer: 'full-member',
      act: (s: Seeded) =>
        t.request({
          method: 'POST',
          url: `/api/${s.team.id}/permissions`,
          token: s.owner.token,
          json: {
            resource_type: 'workspace',
            resource_id: String(s.team.id),
            permissions: ['INVITE_MEMBERS:deny:role:full-member'],
            final_permissions: [],
            row_version: 1,
          },
        }),
      since: (cursor: number) => cursor,
      reset: true,
      seesInvitations: false,
    },
    {
      case: 'another member’s role changed (no reset)',
      observer: 'full-member',
      act: (s: Seeded) => changeRole(s, s.guest.id, 'restricted-member'),
      since: (cursor: number) => cursor,
      reset: false,
      seesInvitations: true,
    },
  ] as const)('$case: reset $reset', async ({ observer, act, since, reset, seesInvitations }) => {
    const s = await seedWorkspace(t);
    const me = s[observer];
    const first = await pull(t, me.token, s.team.id);
    await act(s);
    const page = await pull(t, me.token, s.team.id, since(first.cursor));
    expect(page.reset).toBe(reset);
    if (reset) {
      // Everything current, as a pull from nothing gives it, and no tombstones.
      const fresh = await pull(t, me.token, s.team.id, 0);
      expect(page).toEqual({ ...fresh, reset: true });
      expect(page.deleted).toEqual([]);
    }
    const everything = await pull(t, me.token, s.team.id, 0);
    expect(everything.changes.some((c) => c.type === 'invitation')).toBe(seesInvitations);
    // Once caught up, the next pull is empty again.
    expect(await pull(t, me.token, s.team.id, page.cursor)).toMatchObject({ reset: false, changes: [] });
  });
});

function changeRole(s: Seeded, memberId: number, role: string) {
  return t.request({
    method: 'PUT',
    url: `/api/teams/${s.team.id}/members/${memberId}`,
    token: s.owner.token,
    json: { role },
  });
}

describe('the migration', () => {
  test('its backfill gives every existing record one change and sets the counter to the last', async () => {
    const s = await seedWorkspace(t);
    const before = await pull(t, s.owner.token, s.team.id);
    // As before the migration: no changes noted, the counter at 0.
    const db = t.app.ctx.db;
    await db.delete(recordChanges).where(eq(recordChanges.teamId, s.team.id));
    await db.update(teams).set({ changeSeq: 0 }).where(eq(teams.id, s.team.id));
    const migration = readFileSync(join(serverRoot(), 'drizzle', '0004_change_sequence.sql'), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').slice(-2);
    expect(backfill[0]).toContain('INSERT INTO "record_changes"');
    // Scoped to this workspace, as the other workspaces of this database already have theirs.
    for (const statement of backfill) {
      const scoped = statement
        .replace('AS "existing";', `AS "existing" WHERE "team_id" = ${s.team.id};`)
        .replace(/\), 0\);\s*$/, `), 0) WHERE "id" = ${s.team.id};`);
      expect(scoped).toContain(String(s.team.id));
      await db.execute(sql.raw(scoped));
    }
    const after = await pull(t, s.owner.token, s.team.id);
    expect(keysOf(after.changes)).toEqual(keysOf(before.changes));
    expect(after.cursor).toBe(before.changes.length);
    const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from record_changes where team_id = ${s.team.id}`),
    ).rows;
    expect(n).toBe(before.changes.length);
    expect(ROLES.every((role) => after.changes.some((c) => c.type === 'member' && c.id === s[role].id))).toBe(
      true,
    );
  });
});
