import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { App } from '../app';
import { teamMembers } from '../db/schema/teams';
import { recordEvents, teamChannels, userChannel } from '../events/outbox';
import { startSecondNode } from '../test/second-node';
import { createTestApp, type TestApp } from '../test/test-app';
import { connectTestSocket, listenLocally, type TestSocket } from './test-clients';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two server processes behind one load balancer: one PostgreSQL, one Redis. A socket on node A
 * hears of a change made through node B, and multi-auth answered by B binds A's socket.
 */
describe.skipIf(!databaseUrl || !redisUrl)('real-time across two nodes', () => {
  const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `strata-test-${randomUUID()}:` };
  const sockets: TestSocket[] = [];
  let a: TestApp;
  let b: App;
  let second: Awaited<ReturnType<typeof startSecondNode>>;
  let portA: number;
  let portB: number;

  beforeAll(async () => {
    a = await createTestApp({ env });
    second = await startSecondNode(a, env);
    b = second.app;
    portA = await listenLocally(a.app);
    portB = await listenLocally(b);
  });
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await second?.close();
    await a?.close();
  });

  async function connectToA(token: string) {
    // Authorised through B: the hub on A learns whose socket it is over Redis.
    const socket = await connectTestSocket({ port: portA, authPort: portB, key: 'strata', token });
    sockets.push(socket);
    return socket;
  }

  async function seed() {
    const owner = await a.signUp();
    const team = (
      await a.request({ method: 'POST', url: '/api/teams', token: owner.token, json: { name: 'Two' } })
    ).json();
    const member = await a.signUp();
    const colleague = await a.signUp();
    await a.app.ctx.db.insert(teamMembers).values([
      { teamId: team.id, userId: member.id, role: 'full-member' },
      { teamId: team.id, userId: colleague.id, role: 'full-member' },
    ]);
    return { owner, member, colleague, teamId: team.id as number };
  }

  const callB = (method: 'POST' | 'PUT' | 'DELETE', url: string, token: string, json?: unknown) =>
    b.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
      ...(json ? { payload: JSON.stringify(json) } : {}),
    });

  test('a socket on node A receives the event of a change made through node B', async () => {
    const { owner, member, teamId } = await seed();
    const socket = await connectToA(member.token);
    const channel = `private-team.${teamId}.permissions`;
    await socket.subscribe(channel);
    const saved = await callB('POST', `/api/${teamId}/permissions`, owner.token, {
      resource_type: 'workspace',
      resource_id: String(teamId),
      permissions: [],
      final_permissions: [],
      row_version: 1,
    });
    expect(saved.statusCode).toBe(200);
    expect(await socket.nextEvent(channel, 'permissions.updated')).toMatchObject({ data: saved.json() });
  });

  test('a member removed through node B stops receiving on node A', async () => {
    const { owner, member, colleague, teamId } = await seed();
    const channel = `private-team.${teamId}.users`;
    const ownerSocket = await connectToA(owner.token);
    const memberSocket = await connectToA(member.token);
    await ownerSocket.subscribe(channel);
    await memberSocket.subscribe(channel);
    const removed = await callB('DELETE', `/api/teams/${teamId}/members/${member.id}`, owner.token);
    expect(removed.statusCode).toBeLessThan(300);
    await memberSocket.nextEvent(channel, 'member.removed');
    await callB('PUT', `/api/teams/${teamId}/members/${colleague.id}`, owner.token, { role: 'admin' });
    await ownerSocket.nextEvent(channel, 'member.updated');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(memberSocket.received.some((r) => r.event === 'member.updated')).toBe(false);
  });

  test('a user taken off a private board through node B loses its channel on node A; a remaining member keeps it', async () => {
    const { owner, member, colleague, teamId } = await seed();
    const boardId = 'crossNode01';
    const created = await callB('PUT', `/api/${teamId}/boards/${boardId}`, owner.token, {
      name: 'Shared',
      is_private: true,
      user_ids: [member.id, colleague.id],
      row_version: 1,
    });
    expect(created.statusCode).toBe(200);
    const channel = `private-team.${teamId}.board.${boardId}`;
    const leaving = await connectToA(member.token);
    const staying = await connectToA(colleague.token);
    await leaving.subscribe(channel);
    await staying.subscribe(channel);
    await leaving.subscribe(`private-App.User.${member.id}`);
    const told = new Promise((resolve) =>
      leaving.pusher.channel(channel)?.bind('pusher:subscription_error', resolve),
    );
    const off = await callB('PUT', `/api/${teamId}/boards/${boardId}`, owner.token, {
      name: 'Shared',
      user_ids: [colleague.id],
      row_version: 2,
    });
    expect(off.statusCode).toBe(200);
    expect(await told).toMatchObject({ status: 403 });
    // One INSERT: one node hands both out, in order; the marker comes after the board's event.
    await recordEvents(a.app.ctx.db, [
      {
        teamId,
        type: 'item.updated',
        channel: teamChannels.board(teamId, boardId),
        payload: { id: 'after' },
      },
      { teamId: null, type: 'test.marker', channel: userChannel(member.id), payload: { id: 'after' } },
    ]);
    await staying.nextEvent(channel, 'item.updated');
    await leaving.nextEvent(`private-App.User.${member.id}`, 'test.marker');
    expect(leaving.received.some((r) => r.channel === channel && r.event === 'item.updated')).toBe(false);
  });
});
