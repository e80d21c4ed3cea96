import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { events } from '../db/schema/events';
import { appSecrets } from '../db/schema/secrets';
import { teamMembers } from '../db/schema/teams';
import { users } from '../db/schema/users';
import { announceVersion } from '../modules/platform/announce-version';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  connectRawSocket,
  connectTestSocket,
  listenLocally,
  multiAuth,
  type TestSocket,
  waitFor,
} from './test-clients';

let t: TestApp;
let port: number;
const key = 'strata';
const sockets: TestSocket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  port = await listenLocally(t.app);
});
afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await t?.close();
});

async function seed() {
  const owner = await t.signUp();
  const team = (
    await t.request({ method: 'POST', url: '/api/teams', token: owner.token, json: { name: 'Live' } })
  ).json();
  const member = await t.signUp();
  const colleague = await t.signUp();
  await t.app.ctx.db.insert(teamMembers).values([
    { teamId: team.id, userId: member.id, role: 'full-member' },
    { teamId: team.id, userId: colleague.id, role: 'full-member' },
  ]);
  return { owner, member, colleague, teamId: team.id as number };
}

async function connect(token: string, options: Partial<Parameters<typeof connectTestSocket>[0]> = {}) {
  const socket = await connectTestSocket({ port, key, token, ...options });
  sockets.push(socket);
  return socket;
}

/** Waits until the `witness` socket got `event`, then answers whether `socket` got it too. */
async function alsoReceived(socket: TestSocket, witness: TestSocket, channel: string, event: string) {
  await witness.nextEvent(channel, event);
  await new Promise((resolve) => setTimeout(resolve, 100));
  return socket.received.some((r) => r.channel === channel && r.event === event);
}

describe('the Pusher endpoint', () => {
  test('answers with connection_established and pongs a ping', async () => {
    const socket = await connectRawSocket(
      `ws://127.0.0.1:${port}/app/${key}?protocol=7&client=js&version=8.6.0`,
    );
    const hello = await socket.next((f) => f.event === 'pusher:connection_established', { fromStart: true });
    expect(JSON.parse(hello.data as string)).toEqual({
      socket_id: expect.stringMatching(/^\d+\.\d+$/),
      activity_timeout: 120,
    });
    const pong = socket.next((f) => f.event === 'pusher:pong');
    socket.send({ event: 'pusher:ping', data: {} });
    expect(await pong).toEqual({ event: 'pusher:pong', data: {} });
    socket.ws.close();
  });

  test('refuses an unknown app key with error 4001', async () => {
    const socket = await connectRawSocket(`ws://127.0.0.1:${port}/app/nope?protocol=7`);
    expect((await socket.closed).code).toBe(4001);
    expect(socket.frames[0]).toMatchObject({ event: 'pusher:error', data: { code: 4001 } });
  });
});

describe('channel authorisation', () => {
  test('signs with the secret the database keeps when PUSHER_APP_SECRET is unset', async () => {
    const { owner } = await seed();
    const answer = await multiAuth({
      port,
      token: owner.token,
      socketId: '1.2',
      channelNames: [`private-App.User.${owner.id}`],
    });
    const [stored] = await t.app.ctx.db.select().from(appSecrets);
    const digest = createHmac('sha256', stored!.value)
      .update(`1.2:private-App.User.${owner.id}`)
      .digest('hex');
    expect(answer).toEqual({
      status: 200,
      body: { [`private-App.User.${owner.id}`]: { status: 200, data: { auth: `${key}:${digest}` } } },
    });
  });

  test('answers each channel by the rules: own and workspace channels signed, others 403', async () => {
    const { member, owner, teamId } = await seed();
    const channels = [
      'private-public-notifications',
      `private-App.User.${member.id}`,
      `private-App.User.${owner.id}`,
      `private-team.${teamId}.users`,
      `private-team.${teamId}.permissions`,
      `private-user.${teamId}.abcdefghijk.timeTracking`,
      `private-team.${teamId + 1000}.users`,
      'private-anything',
    ];
    const { status, body } = await multiAuth({
      port,
      token: member.token,
      socketId: '3.4',
      channelNames: channels,
    });
    expect(status).toBe(200);
    expect(Object.fromEntries(Object.entries(body).map(([c, a]) => [c, a.status]))).toEqual({
      [channels[0]!]: 200,
      [channels[1]!]: 200,
      [channels[2]!]: 403,
      [channels[3]!]: 200,
      [channels[4]!]: 200,
      [channels[5]!]: 200,
      [channels[6]!]: 403,
      [channels[7]!]: 403,
    });
  });

  test('a guest account gets 403 for every channel, even of a workspace it is in', async () => {
    const { teamId } = await seed();
    const guest = await t.signUp();
    await t.app.ctx.db.update(users).set({ guest: true }).where(eq(users.id, guest.id));
    await t.app.ctx.db.insert(teamMembers).values({ teamId, userId: guest.id, role: 'guest' });
    const channels = [
      'private-public-notifications',
      `private-App.User.${guest.id}`,
      `private-team.${teamId}.users`,
      `private-team.${teamId}.permissions`,
    ];
    const { body } = await multiAuth({ port, token: guest.token, socketId: '5.6', channelNames: channels });
    expect(Object.values(body).map((a) => a.status)).toEqual([403, 403, 403, 403]);
  });

  test('a socket id that is not two integers is answered 422; no token is 401', async () => {
    const { owner } = await seed();
    const bad = await multiAuth({
      port,
      token: owner.token,
      socketId: 'abc',
      channelNames: ['private-public-notifications'],
    });
    expect(bad.status).toBe(422);
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/broadcasting/multi-auth',
      json: { socketId: '1.2', channelNames: ['private-public-notifications'] },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('events reach the sockets that may have them', () => {
  test("a member's socket receives permissions.updated with the record the owner saved", async () => {
    const { owner, member, teamId } = await seed();
    const socket = await connect(member.token);
    const channel = `private-team.${teamId}.permissions`;
    await socket.subscribe(channel);
    const saved = await t.request({
      method: 'POST',
      url: `/api/${teamId}/permissions`,
      token: owner.token,
      json: {
        resource_type: 'workspace',
        resource_id: String(teamId),
        permissions: ['EDIT_WORKSPACE_SETTINGS:deny:role:admin'],
        final_permissions: [],
        row_version: 1,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(await socket.nextEvent(channel, 'permissions.updated')).toEqual({
      type: 'permissions.updated',
      id: `workspace:${teamId}`,
      row_version: 1,
      data: saved.json(),
    });
  });

  test('a non-member is refused: multi-auth 403, and a forged or borrowed signature gets subscription_error', async () => {
    const { member, teamId } = await seed();
    const outsider = await t.signUp();
    const channel = `private-team.${teamId}.permissions`;
    const probe = await connect(outsider.token);
    const { body } = await multiAuth({
      port,
      token: outsider.token,
      socketId: probe.socketId,
      channelNames: [channel],
    });
    expect(body[channel]).toEqual({ status: 403 });
    await expect(probe.subscribe(channel)).rejects.toMatchObject({ type: 'AuthError' });

    const forged = await connect(outsider.token, {
      authorize: () => ({ auth: `${key}:${'ab'.repeat(32)}` }),
    });
    await expect(forged.subscribe(channel)).rejects.toEqual({
      type: 'AuthError',
      error: expect.any(String),
      status: 401,
    });

    // A signature made for a member's socket does not open the channel on another socket.
    const memberSocket = await connect(member.token);
    const borrowed = await multiAuth({
      port,
      token: member.token,
      socketId: memberSocket.socketId,
      channelNames: [channel],
    });
    const answer = borrowed.body[channel];
    const thief = await connect(outsider.token, {
      authorize: () => ({ auth: answer?.status === 200 ? answer.data.auth : '' }),
    });
    await expect(thief.subscribe(channel)).rejects.toMatchObject({ type: 'AuthError', status: 401 });
  });

  test('a removed member stops receiving the workspace users events, even with an old signature', async () => {
    const { owner, member, colleague, teamId } = await seed();
    const channel = `private-team.${teamId}.users`;
    const ownerSocket = await connect(owner.token);
    const memberSocket = await connect(member.token);
    await ownerSocket.subscribe(channel);
    await memberSocket.subscribe(channel);
    const { body } = await multiAuth({
      port,
      token: member.token,
      socketId: memberSocket.socketId,
      channelNames: [channel],
    });

    const removed = await t.request({
      method: 'DELETE',
      url: `/api/teams/${teamId}/members/${member.id}`,
      token: owner.token,
    });
    expect(removed.statusCode).toBeLessThan(300);
    // The removed member still hears of the removal itself...
    expect(await memberSocket.nextEvent(channel, 'member.removed')).toMatchObject({
      data: { user_id: member.id },
    });

    // ...but nothing after it.
    const changed = await t.request({
      method: 'PUT',
      url: `/api/teams/${teamId}/members/${colleague.id}`,
      token: owner.token,
      json: { role: 'admin' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await alsoReceived(memberSocket, ownerSocket, channel, 'member.updated')).toBe(false);

    // Replaying the signature obtained while a member is refused.
    const replay = new Promise((resolve) =>
      memberSocket.pusher.channel(channel)?.bind('pusher:subscription_error', resolve),
    );
    const old = body[channel];
    memberSocket.pusher.send_event('pusher:subscribe', {
      channel,
      auth: old?.status === 200 ? old.data.auth : '',
    });
    expect(await replay).toMatchObject({ type: 'AuthError', status: 401 });
    const again = await multiAuth({
      port,
      token: member.token,
      socketId: memberSocket.socketId,
      channelNames: [channel],
    });
    expect(again.body[channel]).toEqual({ status: 403 });
  });

  test("a rename reaches members' sockets as team.updated with the shared fields and the new row_version", async () => {
    const { owner, member, teamId } = await seed();
    const socket = await connect(member.token);
    const channel = `private-team.${teamId}.users`;
    await socket.subscribe(channel);
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/teams/${teamId}`,
      token: owner.token,
      json: { name: 'Renamed live' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(await socket.nextEvent(channel, 'team.updated')).toEqual({
      type: 'team.updated',
      id: teamId,
      row_version: renamed.json().row_version,
      data: { name: 'Renamed live', photo_url: null },
    });
  });

  test('an event reaches a subscribed socket after the change is answered', async () => {
    const { owner, teamId } = await seed();
    const socket = await connect(owner.token);
    const channel = `private-team.${teamId}.users`;
    await socket.subscribe(channel);
    const member = await t.signUp();
    await t.app.ctx.db.insert(teamMembers).values({ teamId, userId: member.id, role: 'full-member' });
    await t.request({
      method: 'PUT',
      url: `/api/teams/${teamId}/members/${member.id}`,
      token: owner.token,
      json: { role: 'admin' },
    });
    const event = await waitFor('member.updated', () =>
      socket.received.find((r) => r.event === 'member.updated'),
    );
    expect(event).toBeTruthy();
  });
});

describe('new versions', () => {
  test('a starting server records NewAppVersion; announced, it reaches every signed-in app on public-notifications', async () => {
    const [started] = await t.app.ctx.db.select().from(events).where(eq(events.type, 'NewAppVersion'));
    expect(started?.payload).toEqual({
      type: 'NewAppVersion',
      id: t.app.ctx.config.appVersion,
      data: { version: t.app.ctx.config.appVersion, force: false },
    });
    const user = await t.signUp();
    const socket = await connect(user.token);
    await socket.subscribe('private-public-notifications');
    await announceVersion(t.app.ctx);
    expect(await socket.nextEvent('private-public-notifications', 'NewAppVersion')).toMatchObject({
      data: { version: t.app.ctx.config.appVersion, force: false },
    });
  });
});
