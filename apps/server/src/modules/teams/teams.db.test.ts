import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamMembers, teams } from '../../db/schema/teams';
import { users } from '../../db/schema/users';
import { multipart, PNG } from '../../test/multipart';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

async function createWorkspace(token: string, name = 'Acme') {
  return t.request({ method: 'POST', url: '/api/teams', token, json: { name } });
}

async function addMember(teamId: number, userId: number, role: string) {
  await t.app.ctx.db.insert(teamMembers).values({ teamId, userId, role });
}

describe('creating workspaces', () => {
  test('answers the team of spec section 3 with the creator as owner', async () => {
    const owner = await t.signUp();
    const res = await createWorkspace(owner.token, '  Launch  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      name: 'Launch',
      owner_id: owner.id,
      user_role: 'owner',
      member_count: 1,
      photo_url: null,
      use_custom_logo: false,
      domain: null,
      subscription_id: expect.any(Number),
      whitelabel_settings: null,
      row_version: 0,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
  });

  test('the free plan allows three owned workspaces; the fourth is refused and nothing is created', async () => {
    const owner = await t.signUp();
    for (const name of ['One', 'Two', 'Three'])
      expect((await createWorkspace(owner.token, name)).statusCode).toBe(201);
    const fourth = await createWorkspace(owner.token, 'Four');
    expect(fourth.statusCode).toBe(403);
    expect(fourth.json()).toMatchObject({
      code: 'WORKSPACE_LIMIT_REACHED',
      message:
        'You have reached the workspace limit of your plan. Upgrade your plan to create more workspaces.',
    });
    const [owned] = await t.app.ctx.db.select({ n: count() }).from(teams).where(eq(teams.ownerId, owner.id));
    expect(owned!.n).toBe(3);
  });

  test('a name is required', async () => {
    const owner = await t.signUp();
    const res = await createWorkspace(owner.token, '   ');
    expect(res.statusCode).toBe(422);
    // Coded, so the web app says it in the reader's language; the spec's English text stays.
    expect(res.json().errors[0]).toEqual({
      path: 'name',
      message: 'The name is required.',
      code: 'FIELD_REQUIRED',
    });
  });
});

describe('GET /api/subscription', () => {
  test('every account has the free plan, with its owned workspaces as usage', async () => {
    const owner = await t.signUp();
    await createWorkspace(owner.token, 'Counted');
    const res = await t.request({ method: 'GET', url: '/api/subscription', token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      user_id: owner.id,
      deal: 'free',
      limits: { workspaces: 3 },
      usage: { workspaces: 1 },
      ends_at: null,
    });
  });
});

describe('GET /api/subscription/all', () => {
  test('lists the caller’s subscription; a guest account gets an empty list', async () => {
    const member = await t.signUp();
    const guest = await t.signUp();
    await t.app.ctx.db.update(users).set({ guest: true }).where(eq(users.id, guest.id));
    const mine = await t.request({ method: 'GET', url: '/api/subscription/all', token: member.token });
    expect(mine.json().map((s: { user_id: number }) => s.user_id)).toEqual([member.id]);
    const theirs = await t.request({ method: 'GET', url: '/api/subscription/all', token: guest.token });
    expect(theirs.json()).toEqual([]);
  });
});

describe('reading workspaces', () => {
  test('GET /api/me/workspaces lists only the caller’s workspaces, with their role and member count', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const mine = (await createWorkspace(a.token, 'Mine')).json();
    const theirs = (await createWorkspace(b.token, 'Theirs')).json();
    await addMember(theirs.id, a.id, 'restricted-member');
    const list = (await t.request({ method: 'GET', url: '/api/me/workspaces', token: a.token })).json();
    expect(
      list.map((w: { name: string; user_role: string; member_count: number }) => [
        w.name,
        w.user_role,
        w.member_count,
      ]),
    ).toEqual([
      ['Mine', 'owner', 1],
      ['Theirs', 'restricted-member', 2],
    ]);
    const other = (await t.request({ method: 'GET', url: '/api/me/workspaces', token: b.token })).json();
    expect(other.map((w: { id: number }) => w.id)).toEqual([theirs.id]);
    expect(mine.id).not.toBe(theirs.id);
  });

  test.each([
    { case: 'another tenant’s workspace', foreign: true },
    { case: 'a workspace that does not exist', foreign: false },
  ])('$case answers 404, the same either way', async ({ foreign }) => {
    const a = await t.signUp();
    const b = await t.signUp();
    const id = foreign ? (await createWorkspace(b.token, 'Secret')).json().id : 999_999;
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.request({
        method,
        url: `/api/teams/${id}`,
        token: a.token,
        ...(method === 'PUT' ? { json: { name: 'x' } } : {}),
      });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('Secret');
    }
  });
});

describe('changing and deleting workspaces, by role', () => {
  test.each([
    { role: 'owner', rename: 200, remove: 200 },
    { role: 'admin', rename: 200, remove: 403 },
    { role: 'full-member', rename: 403, remove: 403 },
    { role: 'restricted-member', rename: 403, remove: 403 },
    { role: 'guest', rename: 403, remove: 403 },
  ])('$role: rename $rename, delete $remove', async ({ role, rename, remove }) => {
    const owner = await t.signUp();
    const team = (await createWorkspace(owner.token, 'Before')).json();
    const actor = role === 'owner' ? owner : await t.signUp();
    if (role !== 'owner') await addMember(team.id, actor.id, role);
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}`,
      token: actor.token,
      json: { name: 'After' },
    });
    expect(renamed.statusCode).toBe(rename);
    const name = (await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: owner.token })).json()
      .name;
    expect(name).toBe(rename === 200 ? 'After' : 'Before');
    const deleted = await t.request({ method: 'DELETE', url: `/api/teams/${team.id}`, token: actor.token });
    expect(deleted.statusCode).toBe(remove);
    const after = await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: owner.token });
    expect(after.statusCode).toBe(remove === 200 ? 404 : 200);
  });
});

describe('renaming with row_version (compare-and-set)', () => {
  const rename = (id: number, token: string, json: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: `/api/teams/${id}`, token, json });

  // The workspace was renamed once before each case: stored row_version 1, name 'First'.
  test.each([
    { case: 'stored + 1 applies', body: { row_version: 2 }, status: 200, name: 'Second', stored: 2 },
    { case: 'without row_version it applies as before', body: {}, status: 200, name: 'Second', stored: 2 },
    {
      case: 'the stored number (stale) is a 409',
      body: { row_version: 1 },
      status: 409,
      name: 'First',
      stored: 1,
    },
    { case: 'a number ahead is a 409', body: { row_version: 3 }, status: 409, name: 'First', stored: 1 },
    { case: 'row_version 0 is a 422', body: { row_version: 0 }, status: 422, name: 'First', stored: 1 },
    { case: 'a fraction is a 422', body: { row_version: 1.5 }, status: 422, name: 'First', stored: 1 },
  ])('$case', async ({ body, status, name, stored }) => {
    const owner = await t.signUp();
    const team = (await createWorkspace(owner.token, 'Zero')).json();
    expect(team.row_version).toBe(0);
    const first = await rename(team.id, owner.token, { name: 'First' });
    expect(first.json()).toMatchObject({ name: 'First', row_version: 1 });
    const cursor = (
      await t.request({ method: 'GET', url: `/api/${team.id}/changes`, token: owner.token })
    ).json().cursor;

    const res = await rename(team.id, owner.token, { name: 'Second', ...body });
    expect(res.statusCode).toBe(status);
    if (status === 200) expect(res.json()).toMatchObject({ name: 'Second', row_version: stored });
    if (status === 409) {
      // The server copy, as GET /api/teams/{id} shows it, to rebase on.
      const current = (
        await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: owner.token })
      ).json();
      expect(res.json()).toMatchObject({ code: 'CONFLICT', current });
      expect(current).toMatchObject({ name: 'First', row_version: 1 });
    }
    const after = (
      await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: owner.token })
    ).json();
    expect(after).toMatchObject({ name, row_version: stored });
    // Only an applied save moves the change sequence.
    const delta = (
      await t.request({ method: 'GET', url: `/api/${team.id}/changes?since=${cursor}`, token: owner.token })
    ).json();
    expect(delta.changes.length).toBe(status === 200 ? 1 : 0);
  });

  test('a 409 shows the caller their own role in the server copy; a rebased retry applies', async () => {
    const owner = await t.signUp();
    const admin = await t.signUp();
    const team = (await createWorkspace(owner.token, 'Shared')).json();
    await addMember(team.id, admin.id, 'admin');
    expect((await rename(team.id, owner.token, { name: 'Owner was first', row_version: 1 })).statusCode).toBe(
      200,
    );
    const lost = await rename(team.id, admin.token, { name: 'Admin too', row_version: 1 });
    expect(lost.statusCode).toBe(409);
    const current = lost.json().current;
    expect(current).toMatchObject({ name: 'Owner was first', row_version: 1, user_role: 'admin' });
    const retried = await rename(team.id, admin.token, {
      name: 'Admin too',
      row_version: current.row_version + 1,
    });
    expect(retried.json()).toMatchObject({ name: 'Admin too', row_version: 2 });
  });
});

describe('workspace photo and features', () => {
  test('the owner sets and removes the photo; it is served as an image; other roles may not; outsiders get 404', async () => {
    const owner = await t.signUp();
    const team = (await createWorkspace(owner.token, 'Pictured')).json();
    const upload = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/photo`,
      token: owner.token,
      ...multipart('photo', 'logo.png', PNG),
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().photo_url as string;
    expect(url).toMatch(new RegExp(`^/api/files/team-photos/${team.id}/[\\w-]{24}\\.png$`));
    const served = await t.request({ method: 'GET', url });
    expect(served.headers['content-type']).toBe('image/png');

    const member = await t.signUp();
    await addMember(team.id, member.id, 'full-member');
    const denied = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/photo`,
      token: member.token,
      ...multipart('photo', 'x.png', PNG),
    });
    expect(denied.statusCode).toBe(403);
    const outsider = await t.signUp();
    const hidden = await t.request({
      method: 'DELETE',
      url: `/api/teams/${team.id}/photo`,
      token: outsider.token,
    });
    expect(hidden.statusCode).toBe(404);

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/teams/${team.id}/photo`,
      token: owner.token,
    });
    expect(removed.json().photo_url).toBeNull();
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  test('GET /api/{teamId}/features answers the flags to members and 404 to others', async () => {
    const owner = await t.signUp();
    const team = (await createWorkspace(owner.token, 'Flagged')).json();
    const res = await t.request({ method: 'GET', url: `/api/${team.id}/features`, token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ features: {} });
    const outsider = await t.signUp();
    expect(
      (await t.request({ method: 'GET', url: `/api/${team.id}/features`, token: outsider.token })).statusCode,
    ).toBe(404);
  });
});
