import { ACTIONS } from '@strata/domain/permissions/actions';
import { ROLE_DEFAULTS } from '@strata/domain/permissions/defaults';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamMembers } from '../../db/schema/teams';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

type Account = Awaited<ReturnType<TestApp['signUp']>>;

/** A workspace with its owner and one member of each other role. */
async function seedWorkspace() {
  const owner = await t.signUp({ name: 'Olga Owner' });
  const team = (
    await t.request({ method: 'POST', url: '/api/teams', token: owner.token, json: { name: 'Crew' } })
  ).json();
  const byRole: Record<string, Account> = { owner };
  for (const role of ['admin', 'full-member', 'restricted-member', 'guest']) {
    const user = await t.signUp({ name: `${role} person` });
    await t.app.ctx.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role });
    byRole[role] = user;
  }
  return { team, byRole };
}

const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;

describe('listing members', () => {
  test('every member sees the list with pivot roles; the count matches; outsiders get 404', async () => {
    const { team, byRole } = await seedWorkspace();
    for (const role of ROLES) {
      const res = await t.request({
        method: 'GET',
        url: `/api/teams/${team.id}/members`,
        token: byRole[role]!.token,
      });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .map((m: { pivot: { role: string } }) => m.pivot.role)
          .sort(),
      ).toEqual([...ROLES].sort());
    }
    const member = (
      await t.request({ method: 'GET', url: `/api/teams/${team.id}/members`, token: byRole.owner!.token })
    ).json()[0];
    expect(Object.keys(member).sort()).toEqual(['email', 'guest', 'id', 'name', 'photo_url', 'pivot']);
    const count = await t.request({
      method: 'GET',
      url: `/api/teams/${team.id}/members/count`,
      token: byRole.guest!.token,
    });
    expect(count.json()).toEqual({ count: 5 });
    const outsider = await t.signUp();
    expect(
      (await t.request({ method: 'GET', url: `/api/teams/${team.id}/members`, token: outsider.token }))
        .statusCode,
    ).toBe(404);
  });
});

describe('changing roles: allowed for owner and admin, denied for the rest', () => {
  test.each([
    { actor: 'owner', status: 200 },
    { actor: 'admin', status: 200 },
    { actor: 'full-member', status: 403 },
    { actor: 'restricted-member', status: 403 },
    { actor: 'guest', status: 403 },
  ] as const)('$actor -> $status', async ({ actor, status }) => {
    const { team, byRole } = await seedWorkspace();
    const target = byRole['restricted-member']!;
    const res = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}/members/${target.id}`,
      token: byRole[actor]!.token,
      json: { role: 'full-member' },
    });
    expect(res.statusCode).toBe(status);
    const members = (
      await t.request({ method: 'GET', url: `/api/teams/${team.id}/members`, token: byRole.owner!.token })
    ).json();
    const role = members.find((m: { id: number }) => m.id === target.id).pivot.role;
    expect(role).toBe(status === 200 ? 'full-member' : 'restricted-member');
  });

  test.each([
    { case: 'owner cannot be given', target: 'admin', role: 'owner', status: 422 },
    { case: "the owner's role is fixed", target: 'owner', role: 'admin', status: 422 },
    { case: 'an unknown role', target: 'guest', role: 'boss', status: 422 },
  ])('$case', async ({ target, role, status }) => {
    const { team, byRole } = await seedWorkspace();
    const res = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}/members/${byRole[target]!.id}`,
      token: byRole.owner!.token,
      json: { role },
    });
    expect(res.statusCode).toBe(status);
  });

  test('a user who is not a member of this workspace answers 404', async () => {
    const { team, byRole } = await seedWorkspace();
    const stranger = await t.signUp();
    const res = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}/members/${stranger.id}`,
      token: byRole.owner!.token,
      json: { role: 'admin' },
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('removing members and leaving', () => {
  test.each([
    { actor: 'owner', status: 200 },
    { actor: 'admin', status: 200 },
    { actor: 'full-member', status: 403 },
    { actor: 'restricted-member', status: 403 },
    { actor: 'guest', status: 403 },
  ] as const)('$actor removing a member -> $status', async ({ actor, status }) => {
    const { team, byRole } = await seedWorkspace();
    const target = byRole['full-member']!;
    const res = await t.request({
      method: 'DELETE',
      url: `/api/teams/${team.id}/members/${target.id}`,
      token: byRole[actor]!.token,
    });
    expect(res.statusCode).toBe(status);
    const access = await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: target.token });
    expect(access.statusCode).toBe(status === 200 ? 404 : 200);
  });

  test('the owner cannot be removed', async () => {
    const { team, byRole } = await seedWorkspace();
    const res = await t.request({
      method: 'DELETE',
      url: `/api/teams/${team.id}/members/${byRole.owner!.id}`,
      token: byRole.admin!.token,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('OWNER_CANNOT_BE_REMOVED');
  });

  test('a member leaves and loses access; the owner cannot leave', async () => {
    const { team, byRole } = await seedWorkspace();
    const member = byRole['restricted-member']!;
    expect(
      (await t.request({ method: 'DELETE', url: `/api/teams/${team.id}/leave`, token: member.token }))
        .statusCode,
    ).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: member.token })).statusCode,
    ).toBe(404);
    const owner = await t.request({
      method: 'DELETE',
      url: `/api/teams/${team.id}/leave`,
      token: byRole.owner!.token,
    });
    expect(owner.json().code).toBe('OWNER_CANNOT_LEAVE');
  });
});

describe('GET /api/{teamId}/permissions/access', () => {
  test.each(ROLES)('%s gets exactly the actions its role allows in the workspace', async (role) => {
    const { team, byRole } = await seedWorkspace();
    const res = await t.request({
      method: 'GET',
      url: `/api/${team.id}/permissions/access?resource_type=workspace&resource_id=${team.id}`,
      token: byRole[role]!.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resource_type: 'workspace', resource_id: String(team.id), role });
    expect(res.json().permissions).toEqual(ACTIONS.filter((a) => ROLE_DEFAULTS[role].includes(a)));
  });

  test('a foreign workspace, or a resource of another workspace, answers 404', async () => {
    const { team, byRole } = await seedWorkspace();
    const other = await seedWorkspace();
    const asOwner = (teamId: number, resourceId: number) =>
      t.request({
        method: 'GET',
        url: `/api/${teamId}/permissions/access?resource_type=workspace&resource_id=${resourceId}`,
        token: byRole.owner!.token,
      });
    expect((await asOwner(other.team.id, other.team.id)).statusCode).toBe(404);
    expect((await asOwner(team.id, other.team.id)).statusCode).toBe(404);
  });
});
