import { uniqueEmail } from '@strata/test-utils/factories';
import { FakeClock, HOUR, MINUTE } from '@strata/test-utils/fake-clock';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../../db/schema/events';
import { teamMembers } from '../../db/schema/teams';
import { quickUser } from '../../test/quick-user';
import { createTestApp, linkFromMail, type TestApp } from '../../test/test-app';

const clock = new FakeClock();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

const ROLES = ['owner', 'admin', 'full-member', 'restricted-member', 'guest'] as const;

async function createTeam(owner: { token: string }, name = 'Crew') {
  const res = await t.request({ method: 'POST', url: '/api/teams', token: owner.token, json: { name } });
  return res.json() as { id: number; name: string };
}

/**
 * A workspace with its owner and one member of each other role. They are signed in without
 * registering (quickUser): signing up is not what these tests are about, and five sign-ups, each
 * waiting for its verification mail, took most of each test's time.
 */
async function seedWorkspace() {
  const owner = await quickUser(t.app.ctx, { name: 'Olga Owner' });
  const team = await createTeam(owner);
  const byRole: Record<string, { id: number; token: string; email: string }> = { owner };
  for (const role of ROLES.slice(1)) {
    const user = await quickUser(t.app.ctx, { name: `${role} person` });
    await t.app.ctx.db.insert(teamMembers).values({ teamId: team.id, userId: user.id, role });
    byRole[role] = user;
  }
  return { team, byRole };
}

const invite = (teamId: number, token: string, invitations: { email: string; role: string }[]) =>
  t.request({ method: 'POST', url: `/api/teams/${teamId}/members`, token, json: { invitations } });

async function invitationLink(email: string, count = 1) {
  const mail = await t.waitForMail(email, /invited you/, count);
  const link = linkFromMail(mail.text);
  expect(link.pathname).toBe('/register/invitation');
  return { token: link.searchParams.get('token')!, email: link.searchParams.get('email')! };
}

const signIn = async (email: string, password: string) =>
  (await t.request({ method: 'POST', url: '/api/auth/login', json: { email, password } })).json().token
    .access_token as string;

describe('inviting', () => {
  test('the owner invites a new address and an existing account: both are pending and mailed, not yet members', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const team = await createTeam(owner, 'Harbour');
    const existing = await t.signUp({ name: 'Eve Existing' });
    const fresh = uniqueEmail('fresh');
    const res = await invite(team.id, owner.token, [
      { email: `  ${fresh.toUpperCase()} `, role: 'full-member' },
      { email: existing.email, role: 'guest' },
    ]);
    expect(res.statusCode).toBe(200);
    const users = res.json().users as { id: number; email: string; pivot: { role: string } }[];
    expect(users.map((u) => [u.email, u.pivot.role])).toEqual([
      [fresh, 'full-member'],
      [existing.email, 'guest'],
    ]);
    expect(users[1]!.id).toBe(existing.id);

    const mail = await t.waitForMail(fresh, /invited you/);
    expect(mail.subject).toBe('Olga Owner invited you to Harbour on Strata');
    await invitationLink(existing.email);

    const pending = await t.request({
      method: 'GET',
      url: `/api/teams/${team.id}/members/invitations`,
      token: owner.token,
    });
    expect(
      pending
        .json()
        .map((p: { email: string }) => p.email)
        .sort(),
    ).toEqual([fresh, existing.email].sort());
    const members = await t.request({
      method: 'GET',
      url: `/api/teams/${team.id}/members`,
      token: owner.token,
    });
    expect(members.json()).toHaveLength(1);
  });

  test('a partly refused invitation answers an error that still carries the invited users', async () => {
    const { team, byRole } = await seedWorkspace();
    const fresh = uniqueEmail('ok');
    const res = await invite(team.id, byRole.owner!.token, [
      { email: 'not-an-address', role: 'guest' },
      { email: byRole.admin!.email, role: 'guest' },
      { email: fresh, role: 'restricted-member' },
      { email: fresh, role: 'restricted-member' },
    ]);
    expect(res.statusCode).toBe(422);
    const body = res.json();
    expect(body.code).toBe('INVITATIONS_REJECTED');
    expect(body.users.map((u: { email: string }) => u.email)).toEqual([fresh]);
    expect(body.errors.map((e: { path: string; code: string }) => [e.path, e.code])).toEqual([
      ['invitations.0.email', 'INVALID_EMAIL'],
      ['invitations.1.email', 'ALREADY_MEMBER'],
    ]);
    expect(body.message).toContain(`${byRole.admin!.email} is already a member of this workspace.`);
    const pending = await t.request({
      method: 'GET',
      url: `/api/teams/${team.id}/members/invitations`,
      token: byRole.owner!.token,
    });
    expect(pending.json().map((p: { email: string }) => p.email)).toEqual([fresh]);
  });

  test.each([
    { actor: 'owner', invite: 200, list: 200 },
    { actor: 'admin', invite: 200, list: 200 },
    { actor: 'full-member', invite: 200, list: 200 },
    { actor: 'restricted-member', invite: 403, list: 403 },
    { actor: 'guest', invite: 403, list: 403 },
  ] as const)(
    '$actor: invite -> $invite, pending list -> $list',
    async ({ actor, invite: inviteStatus, list }) => {
      const { team, byRole } = await seedWorkspace();
      const res = await invite(team.id, byRole[actor]!.token, [{ email: uniqueEmail(), role: 'guest' }]);
      expect(res.statusCode).toBe(inviteStatus);
      const pending = await t.request({
        method: 'GET',
        url: `/api/teams/${team.id}/members/invitations`,
        token: byRole[actor]!.token,
      });
      expect(pending.statusCode).toBe(list);
    },
  );

  test.each([
    { actor: 'owner', role: 'admin', ok: true },
    { actor: 'admin', role: 'admin', ok: true },
    { actor: 'full-member', role: 'admin', ok: false },
    { actor: 'full-member', role: 'full-member', ok: true },
    { actor: 'full-member', role: 'restricted-member', ok: true },
  ] as const)('$actor inviting as $role: allowed $ok', async ({ actor, role, ok }) => {
    const { team, byRole } = await seedWorkspace();
    const res = await invite(team.id, byRole[actor]!.token, [{ email: uniqueEmail(), role }]);
    expect(res.statusCode).toBe(ok ? 200 : 422);
    if (!ok) expect(res.json().errors[0].code).toBe('ROLE_NOT_GRANTABLE');
  });

  test('owner is never a role to invite with', async () => {
    const { team, byRole } = await seedWorkspace();
    const res = await invite(team.id, byRole.owner!.token, [{ email: uniqueEmail(), role: 'owner' }]);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_FAILED');
  });

  test('the free plan seats five: pending invitations take seats, guests do not; the message depends on who asks', async () => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const admin = await t.signUp();
    await t.app.ctx.db.insert(teamMembers).values({ teamId: team.id, userId: admin.id, role: 'admin' });
    // owner + admin take 2 of 5 seats: three more fit.
    const three = [1, 2, 3].map(() => ({ email: uniqueEmail('seat'), role: 'full-member' }));
    expect((await invite(team.id, owner.token, three)).statusCode).toBe(200);
    const over = await invite(team.id, owner.token, [
      { email: uniqueEmail('over'), role: 'restricted-member' },
      { email: uniqueEmail('guest'), role: 'guest' },
    ]);
    expect(over.statusCode).toBe(422);
    expect(over.json().errors[0].code).toBe('MEMBER_LIMIT_REACHED');
    expect(over.json().errors[0].params).toEqual({ limit: 5 });
    expect(over.json().users.map((u: { pivot: { role: string } }) => u.pivot.role)).toEqual(['guest']);
    const byAdmin = await invite(team.id, admin.token, [{ email: uniqueEmail(), role: 'full-member' }]);
    expect(byAdmin.json().errors[0].code).toBe('MEMBER_LIMIT_REACHED_ASK_OWNER');
    // Inviting a pending person again with a seated role takes no second seat.
    const again = await invite(team.id, owner.token, [{ email: three[0]!.email, role: 'admin' }]);
    expect(again.statusCode).toBe(200);
  });

  test('a board id that is not this workspace’s answers 404 and invites nobody', async () => {
    const { team, byRole } = await seedWorkspace();
    const res = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/members`,
      token: byRole.owner!.token,
      json: { invitations: [{ email: uniqueEmail(), role: 'guest' }], boardId: 'Abcdefghijk' },
    });
    expect(res.statusCode).toBe(404);
    const pending = await t.request({
      method: 'GET',
      url: `/api/teams/${team.id}/members/invitations`,
      token: byRole.owner!.token,
    });
    expect(pending.json()).toEqual([]);
  });
});

describe('accepting', () => {
  test('a new person registers from the link, is signed in and is a member with the invited role; the link then is spent', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const team = await createTeam(owner, 'Lighthouse');
    const email = uniqueEmail('newbie');
    await invite(team.id, owner.token, [{ email, role: 'restricted-member' }]);
    const link = await invitationLink(email);

    const lookup = await t.request({ method: 'POST', url: '/api/invitations/lookup', json: link });
    expect(lookup.statusCode).toBe(200);
    expect(lookup.json()).toMatchObject({
      team: { id: team.id, name: 'Lighthouse' },
      email,
      role: 'restricted-member',
      inviter_name: 'Olga Owner',
      account_exists: false,
    });
    // The invitee's placeholder account cannot sign in.
    const early = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { email, password: 'anything at all' },
    });
    expect(early.statusCode).toBe(422);

    const registered = await t.request({
      method: 'POST',
      url: '/api/invitations/register',
      json: { ...link, name: 'Nina Newbie', password: 'a long password' },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json().intended).toBe(`/team/${team.id}`);
    const token = registered.json().token.access_token as string;
    const mine = await t.request({ method: 'GET', url: '/api/me/workspaces', token });
    expect(mine.json().map((w: { id: number; user_role: string }) => [w.id, w.user_role])).toEqual([
      [team.id, 'restricted-member'],
    ]);
    const me = await t.request({ method: 'GET', url: '/api/me', token });
    expect(me.json().name).toBe('Nina Newbie');
    expect(await signIn(email, 'a long password')).toBeTruthy();

    const again = await t.request({ method: 'POST', url: '/api/invitations/lookup', json: link });
    expect(again.json()).toMatchObject({ code: 'INVITATION_INVALID', message: 'Invitation is not valid' });
    const pending = await t.request({
      method: 'GET',
      url: `/api/teams/${team.id}/members/invitations`,
      token: owner.token,
    });
    expect(pending.json()).toEqual([]);
  });

  test('someone with an account signs in and accepts; registering again is refused; another account cannot accept', async () => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const invitee = await t.signUp({ name: 'Ivy Invitee' });
    const other = await t.signUp({ name: 'Otto Other' });
    await invite(team.id, owner.token, [{ email: invitee.email, role: 'admin' }]);
    const link = await invitationLink(invitee.email);

    expect(
      (await t.request({ method: 'POST', url: '/api/invitations/lookup', json: link })).json().account_exists,
    ).toBe(true);
    const register = await t.request({
      method: 'POST',
      url: '/api/invitations/register',
      json: { ...link, name: 'Someone', password: 'a long password' },
    });
    expect(register.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Email already exists.' });

    const wrong = await t.request({
      method: 'POST',
      url: '/api/invitations/accept',
      token: other.token,
      json: link,
    });
    expect(wrong.json()).toMatchObject({
      code: 'INVITATION_OTHER_ACCOUNT',
      message: 'This invitation is associated with another account',
    });
    const anonymous = await t.request({ method: 'POST', url: '/api/invitations/accept', json: link });
    expect(anonymous.statusCode).toBe(401);

    const ok = await t.request({
      method: 'POST',
      url: '/api/invitations/accept',
      token: invitee.token,
      json: link,
    });
    expect(ok.json()).toEqual({ team_id: team.id });
    const teamView = await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: invitee.token });
    expect(teamView.json().user_role).toBe('admin');
  });

  test.each([
    {
      case: 'an unknown token',
      change: (l: { token: string; email: string }) => ({ ...l, token: 'x'.repeat(43) }),
    },
    {
      case: 'another address',
      change: (l: { token: string; email: string }) => ({ ...l, email: 'someone@else.test' }),
    },
  ])('$case is not a valid invitation', async ({ change }) => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const email = uniqueEmail();
    await invite(team.id, owner.token, [{ email, role: 'guest' }]);
    const link = await invitationLink(email);
    const res = await t.request({ method: 'POST', url: '/api/invitations/lookup', json: change(link) });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Invitation is not valid');
  });

  test('an invitation to a deleted workspace is not valid', async () => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const email = uniqueEmail();
    await invite(team.id, owner.token, [{ email, role: 'guest' }]);
    const link = await invitationLink(email);
    await t.request({ method: 'DELETE', url: `/api/teams/${team.id}`, token: owner.token });
    const res = await t.request({ method: 'POST', url: '/api/invitations/lookup', json: link });
    expect(res.json().message).toBe('Invitation is not valid');
  });

  test('registering normally claims an invited address instead of answering that it exists', async () => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const email = uniqueEmail('claims');
    await invite(team.id, owner.token, [{ email, role: 'guest' }]);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/register',
      json: { email, name: 'Clara Claims', password: 'a long password' },
    });
    expect(res.statusCode).toBe(201);
    await t.waitForMail(email, /Verify/);
  });
});

describe('resending, expiry and withdrawing', () => {
  test('an expired link says so; resend (not twice a minute) mails a new link and the old one stops working', async () => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const email = uniqueEmail('late');
    const invited = await invite(team.id, owner.token, [{ email, role: 'full-member' }]);
    const userId = invited.json().users[0].id as number;
    const first = await invitationLink(email);

    const tooSoon = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/members/resend`,
      token: owner.token,
      json: { user_id: userId },
    });
    expect(tooSoon.statusCode).toBe(429);

    clock.advance(7 * 24 * HOUR + MINUTE);
    const expired = await t.request({ method: 'POST', url: '/api/invitations/lookup', json: first });
    expect(expired.json().message).toBe('The link has expired');

    const ownerToken = await signIn(owner.email, owner.password);
    const resent = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/members/resend`,
      token: ownerToken,
      json: { user_id: userId },
    });
    expect(resent.statusCode).toBe(200);
    const second = await invitationLink(email, 2);
    expect(second.token).not.toBe(first.token);
    expect(
      (await t.request({ method: 'POST', url: '/api/invitations/lookup', json: first })).json().message,
    ).toBe('Invitation is not valid');
    expect(
      (await t.request({ method: 'POST', url: '/api/invitations/lookup', json: second })).statusCode,
    ).toBe(200);
  });

  test('resend names a pending invitation of this workspace: anyone else answers 404', async () => {
    const { team, byRole } = await seedWorkspace();
    const res = await t.request({
      method: 'POST',
      url: `/api/teams/${team.id}/members/resend`,
      token: byRole.owner!.token,
      json: { user_id: byRole.admin!.id },
    });
    expect(res.statusCode).toBe(404);
  });

  test.each([
    { actor: 'owner', status: 200 },
    { actor: 'admin', status: 200 },
    { actor: 'full-member', status: 200 },
    { actor: 'restricted-member', status: 403 },
    { actor: 'guest', status: 403 },
  ] as const)(
    '$actor withdraws a pending invitation -> $status; a withdrawn link is not valid',
    async ({ actor, status }) => {
      const { team, byRole } = await seedWorkspace();
      const email = uniqueEmail('withdrawn');
      const userId = (await invite(team.id, byRole.owner!.token, [{ email, role: 'guest' }])).json().users[0]
        .id;
      const link = await invitationLink(email);
      const res = await t.request({
        method: 'DELETE',
        url: `/api/teams/${team.id}/members/${userId}`,
        token: byRole[actor]!.token,
      });
      expect(res.statusCode).toBe(status);
      const lookup = await t.request({ method: 'POST', url: '/api/invitations/lookup', json: link });
      expect(lookup.statusCode).toBe(status === 200 ? 422 : 200);
    },
  );
});

describe('events', () => {
  test('invitations, joining and role changes are recorded on team.{id}.users with the change', async () => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const invitee = await t.signUp();
    await invite(team.id, owner.token, [{ email: invitee.email, role: 'guest' }]);
    const link = await invitationLink(invitee.email);
    await t.request({ method: 'POST', url: '/api/invitations/accept', token: invitee.token, json: link });
    await t.request({
      method: 'PUT',
      url: `/api/teams/${team.id}/members/${invitee.id}`,
      token: owner.token,
      json: { role: 'full-member' },
    });
    const rows = await t.app.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.teamId, team.id), eq(events.channel, `team.${team.id}.users`)))
      .orderBy(events.id);
    expect(rows.map((r) => r.type)).toEqual(['invitation.created', 'member.added', 'member.updated']);
    expect(rows[2]!.payload).toMatchObject({
      type: 'member.updated',
      id: invitee.id,
      data: { role: 'full-member' },
    });
    const own = await t.app.ctx.db
      .select()
      .from(events)
      .where(eq(events.channel, `App.User.${invitee.id}`))
      .orderBy(events.id);
    expect(own.map((r) => [r.type, r.payload.data])).toEqual([
      ['invitation.received', { team_id: team.id }],
      ['workspace.joined', { team_id: team.id }],
      ['workspace.updated', { team_id: team.id }],
    ]);
  });
});

describe('my invitations', () => {
  test('someone who registered without the link finds the invitation on their list and joins from it', async () => {
    const owner = await t.signUp({ name: 'Olga Owner' });
    const team = await createTeam(owner, 'Quay');
    const email = uniqueEmail('later');
    await invite(team.id, owner.token, [{ email, role: 'restricted-member' }]);
    const invitee = await t.signUp({ email, name: 'Lena Later' });
    const mine = await t.request({ method: 'GET', url: '/api/me/invitations', token: invitee.token });
    expect(mine.json()).toMatchObject([
      { team: { id: team.id, name: 'Quay' }, role: 'restricted-member', inviter_name: 'Olga Owner' },
    ]);
    const id = mine.json()[0].id as string;
    const accepted = await t.request({
      method: 'POST',
      url: `/api/me/invitations/${id}/accept`,
      token: invitee.token,
    });
    expect(accepted.json()).toEqual({ team_id: team.id });
    const role = (
      await t.request({ method: 'GET', url: `/api/teams/${team.id}`, token: invitee.token })
    ).json().user_role;
    expect(role).toBe('restricted-member');
    expect(
      (await t.request({ method: 'GET', url: '/api/me/invitations', token: invitee.token })).json(),
    ).toEqual([]);
  });

  test('declining withdraws the invitation; another person’s invitation id answers 404; expired ones are not listed', async () => {
    const owner = await t.signUp();
    const team = await createTeam(owner);
    const invitee = await t.signUp();
    const stranger = await t.signUp();
    await invite(team.id, owner.token, [{ email: invitee.email, role: 'guest' }]);
    const id = (
      await t.request({ method: 'GET', url: '/api/me/invitations', token: invitee.token })
    ).json()[0].id as string;
    for (const request of [
      { method: 'POST' as const, url: `/api/me/invitations/${id}/accept` },
      { method: 'DELETE' as const, url: `/api/me/invitations/${id}` },
    ]) {
      expect((await t.request({ ...request, token: stranger.token })).statusCode).toBe(404);
    }
    const declined = await t.request({
      method: 'DELETE',
      url: `/api/me/invitations/${id}`,
      token: invitee.token,
    });
    expect(declined.statusCode).toBe(200);
    const pending = await t.request({
      method: 'GET',
      url: `/api/teams/${team.id}/members/invitations`,
      token: owner.token,
    });
    expect(pending.json()).toEqual([]);
    expect(
      (await t.request({ method: 'POST', url: `/api/me/invitations/${id}/accept`, token: invitee.token }))
        .statusCode,
    ).toBe(404);

    await invite(team.id, owner.token, [{ email: invitee.email, role: 'guest' }]);
    clock.advance(8 * 24 * HOUR);
    const later = await signIn(invitee.email, invitee.password);
    expect((await t.request({ method: 'GET', url: '/api/me/invitations', token: later })).json()).toEqual([]);
  });
});
