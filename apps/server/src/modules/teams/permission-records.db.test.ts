import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { teamMembers } from '../../db/schema/teams';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function seed() {
  const owner = await t.signUp();
  const team = (
    await t.request({ method: 'POST', url: '/api/teams', token: owner.token, json: { name: 'Ruled' } })
  ).json();
  const admin = await t.signUp();
  const member = await t.signUp();
  await t.app.ctx.db.insert(teamMembers).values([
    { teamId: team.id, userId: admin.id, role: 'admin' },
    { teamId: team.id, userId: member.id, role: 'full-member' },
  ]);
  return { owner, admin, member, team };
}

const save = (teamId: number, token: string, body: Record<string, unknown>) =>
  t.request({
    method: 'POST',
    url: `/api/${teamId}/permissions`,
    token,
    json: {
      resource_type: 'workspace',
      resource_id: String(teamId),
      permissions: [],
      final_permissions: [],
      row_version: 1,
      ...body,
    },
  });

describe('workspace permission records', () => {
  test('a new workspace has an empty record at row_version 0 that inherits the role defaults', async () => {
    const { team, member } = await seed();
    const [record] = (
      await t.request({ method: 'GET', url: `/api/${team.id}/permissions`, token: member.token })
    ).json();
    expect(record).toMatchObject({
      resource_type: 'workspace',
      resource_id: String(team.id),
      permissions: [],
      row_version: 0,
      team_id: team.id,
    });
    expect(record.inherited_permissions).toContain('DELETE_WORKSPACE:deny:role:admin');
  });

  test('a saved rule takes effect on the next request: admins lose workspace settings', async () => {
    const { team, owner, admin } = await seed();
    const before = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}`,
      token: admin.token,
      json: { name: 'By admin' },
    });
    expect(before.statusCode).toBe(200);
    const saved = await save(team.id, owner.token, {
      permissions: ['EDIT_WORKSPACE_SETTINGS:deny:role:admin'],
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().row_version).toBe(1);
    const after = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}`,
      token: admin.token,
      json: { name: 'Again' },
    });
    expect(after.statusCode).toBe(403);
    const access = (
      await t.request({
        method: 'GET',
        url: `/api/${team.id}/permissions/access?resource_type=workspace&resource_id=${team.id}`,
        token: admin.token,
      })
    ).json();
    expect(access.permissions).not.toContain('EDIT_WORKSPACE_SETTINGS');
  });

  test('a save based on a stale row_version is answered 409 with the server copy, and changes nothing', async () => {
    const { team, owner } = await seed();
    await save(team.id, owner.token, { permissions: ['EXPORT:deny:role:guest'] });
    const stale = await save(team.id, owner.token, {
      permissions: ['EXPORT:allow:role:guest'],
      row_version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().current).toMatchObject({ row_version: 1, permissions: ['EXPORT:deny:role:guest'] });
  });

  test.each([
    { case: 'a key that does not parse', body: { permissions: ['EXPORT:maybe:role:guest'] }, status: 422 },
    { case: 'an unknown final action', body: { final_permissions: ['FLY'] }, status: 422 },
    { case: 'another resource', body: { resource_id: '999999' }, status: 404 },
  ])('$case is refused with $status', async ({ body, status }) => {
    const { team, owner } = await seed();
    expect((await save(team.id, owner.token, body)).statusCode).toBe(status);
  });

  test.each([
    { who: 'owner', status: 200 },
    { who: 'admin', status: 200 },
    { who: 'member', status: 403 },
    { who: 'outsider', status: 404 },
  ] as const)('$who saving -> $status', async ({ who, status }) => {
    const seeded = await seed();
    const token = who === 'outsider' ? (await t.signUp()).token : seeded[who].token;
    expect((await save(seeded.team.id, token, { permissions: ['EXPORT:deny:role:guest'] })).statusCode).toBe(
      status,
    );
  });
});

describe('announcing changes', () => {
  test('a save records permissions.updated on team.{id}.permissions in its transaction; a refused save records nothing', async () => {
    const { team, owner, member } = await seed();
    const keys = ['EXPORT:deny:role:full-member'];
    expect((await save(team.id, owner.token, { permissions: keys })).statusCode).toBe(200);
    expect((await save(team.id, owner.token, { row_version: 1 })).statusCode).toBe(409);
    expect((await save(team.id, member.token, { row_version: 2 })).statusCode).toBe(403);
    const rows = await t.app.ctx.db.select().from(events).where(eq(events.teamId, team.id));
    expect(rows.map((r) => [r.type, r.channel])).toEqual([
      ['permissions.updated', `team.${team.id}.permissions`],
    ]);
    expect(rows[0]!.payload).toMatchObject({
      type: 'permissions.updated',
      id: `workspace:${team.id}`,
      row_version: 1,
      data: { permissions: keys },
    });
  });
});
