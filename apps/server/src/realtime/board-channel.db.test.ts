import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { teamMembers } from '../db/schema/teams';
import { recordEvents, teamChannels, userChannel } from '../events/outbox';
import { type Seeded, seedWorkspace } from '../modules/changes/changes.fixtures';
import { quickUser } from '../test/quick-user';
import { createTestApp, type TestApp } from '../test/test-app';
import {
  connectTestSocket,
  listenLocally,
  multiAuth,
  type ReceivedEvent,
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

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = () => Array.from({ length: 11 }, () => BASE62[randomInt(62)]).join('');
const boardChannel = (teamId: number, boardId: string) => `private-${teamChannels.board(teamId, boardId)}`;

const send = async (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token: string,
  json?: unknown,
) => {
  const res = await t.request({ method, url, token, ...(json === undefined ? {} : { json }) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

async function newBoard(s: Seeded, body: Record<string, unknown> = {}) {
  return (await send('PUT', `/api/${s.team.id}/boards/${newId()}`, s.owner.token, {
    name: 'Live board',
    row_version: 1,
    ...body,
  })) as { id: string; row_version: number };
}

async function connect(token: string) {
  const socket = await connectTestSocket({ port, key, token });
  sockets.push(socket);
  return socket;
}

/** A socket of this person listening to the board and to their own channel (which they keep). */
async function listener(person: { id: number; token: string }, teamId: number, boardId: string) {
  const socket = await connect(person.token);
  await socket.subscribe(`private-App.User.${person.id}`);
  await socket.subscribe(boardChannel(teamId, boardId));
  return socket;
}

/** Resolves when the hub tells the socket it lost the channel (pusher-js: the channel's subscription_error). */
function lost(socket: TestSocket, channel: string) {
  return new Promise<unknown>((resolve) =>
    socket.pusher.channel(channel)?.bind('pusher:subscription_error', resolve),
  );
}

/**
 * Publishes `item.updated` on the board channel, then a marker on each person's own channel, as
 * the dispatcher hands events out: in order. Once a socket has its marker, whatever was sent to it
 * on the board channel before has arrived too.
 */
async function publishThenMark(teamId: number, boardId: string, people: { id: number }[]) {
  const probe = `probe-${randomInt(1e9)}`;
  await recordEvents(t.app.ctx.db, [
    { teamId, type: 'item.updated', channel: teamChannels.board(teamId, boardId), payload: { id: probe } },
    ...people.map((person) => ({
      teamId: null,
      type: 'test.marker',
      channel: userChannel(person.id),
      payload: { id: probe },
    })),
  ]);
  return probe;
}

/** Whether the socket got the probe on the board channel, judged once its marker arrived. */
async function gotProbe(
  socket: TestSocket,
  person: { id: number },
  teamId: number,
  boardId: string,
  probe: string,
) {
  const isProbe = (r: ReceivedEvent) => (r.data as { id?: string } | null)?.id === probe;
  const own = `private-App.User.${person.id}`;
  await waitFor(`the marker on ${own}`, () => socket.received.find((r) => r.channel === own && isProbe(r)));
  return socket.received.some((r) => r.channel === boardChannel(teamId, boardId) && isProbe(r));
}

/**
 * Waits for the probe on the board channel. A socket that keeps the channel gets it, but maybe
 * after its marker: the hub holds the channel's events while it re-checks who may keep it.
 */
async function receivesProbe(socket: TestSocket, teamId: number, boardId: string, probe: string) {
  const isProbe = (r: ReceivedEvent) => (r.data as { id?: string } | null)?.id === probe;
  const channel = boardChannel(teamId, boardId);
  await waitFor(`the probe on ${channel}`, () =>
    socket.received.find((r) => r.channel === channel && isProbe(r)),
  );
  return true;
}

describe('authorising a board channel', () => {
  test('only members of the workspace who see the board are signed; guests, outsiders and other boards are 403', async () => {
    const s = await seedWorkspace(t);
    const fm = s['full-member'];
    const board = await newBoard(s, { is_private: true, user_ids: [fm.id] });
    const open = await newBoard(s);
    const gone = await newBoard(s);
    await send('DELETE', `/api/${s.team.id}/boards/${gone.id}`, s.owner.token);
    const elsewhere = await seedWorkspace(t);
    const foreign = await newBoard(elsewhere);
    const guestAccount = await quickUser(t.app.ctx, { guest: true });
    await t.app.ctx.db
      .insert(teamMembers)
      .values({ teamId: s.team.id, userId: guestAccount.id, role: 'guest' });
    await send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: 'Live board',
      user_ids: [fm.id, guestAccount.id],
      row_version: 2,
    });

    const ask = async (token: string, channelNames: string[]) => {
      const { body } = await multiAuth({ port, token, socketId: '11.22', channelNames });
      return channelNames.map((channel) => body[channel]?.status);
    };
    const privateChannel = boardChannel(s.team.id, board.id);
    // Allowed: the owner, and a member of the private board.
    expect(await ask(s.owner.token, [privateChannel, boardChannel(s.team.id, open.id)])).toEqual([200, 200]);
    expect(await ask(fm.token, [privateChannel])).toEqual([200]);
    expect(await ask(s['restricted-member'].token, [boardChannel(s.team.id, open.id)])).toEqual([200]);
    // Denied.
    expect(await ask(s['restricted-member'].token, [privateChannel])).toEqual([403]);
    expect(await ask(s.admin.token, [privateChannel])).toEqual([403]);
    expect(await ask(s.outsider.token, [privateChannel, boardChannel(s.team.id, open.id)])).toEqual([
      403, 403,
    ]);
    expect(await ask(guestAccount.token, [privateChannel, boardChannel(s.team.id, open.id)])).toEqual([
      403, 403,
    ]);
    expect(await ask(s.owner.token, [boardChannel(s.team.id, gone.id)])).toEqual([403]);
    expect(await ask(s.owner.token, [boardChannel(s.team.id, newId())])).toEqual([403]);
    // Another workspace's board, under its own workspace or under the caller's.
    expect(
      await ask(s.owner.token, [
        boardChannel(elsewhere.team.id, foreign.id),
        boardChannel(s.team.id, foreign.id),
      ]),
    ).toEqual([403, 403]);
  });
});

describe('losing a board channel', () => {
  test('a user taken off a private board stops receiving its events; a remaining member still does', async () => {
    const s = await seedWorkspace(t);
    const stays = s['full-member'];
    const leaves = s['restricted-member'];
    const board = await newBoard(s, { is_private: true, user_ids: [stays.id, leaves.id] });
    const channel = boardChannel(s.team.id, board.id);
    const staying = await listener(stays, s.team.id, board.id);
    const leaving = await listener(leaves, s.team.id, board.id);
    const before = await publishThenMark(s.team.id, board.id, [leaves]);
    expect(await receivesProbe(leaving, s.team.id, board.id, before)).toBe(true);
    const signature = await multiAuth({
      port,
      token: leaves.token,
      socketId: leaving.socketId,
      channelNames: [channel],
    });

    const told = lost(leaving, channel);
    await send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: 'Live board',
      user_ids: [stays.id],
      row_version: 2,
    });
    expect(await told).toEqual({ type: 'AuthError', error: 'Access was revoked.', status: 403 });

    const after = await publishThenMark(s.team.id, board.id, [leaves, stays]);
    expect(await receivesProbe(staying, s.team.id, board.id, after)).toBe(true);
    expect(await gotProbe(leaving, leaves, s.team.id, board.id, after)).toBe(false);

    // The signature obtained while on the board no longer opens it; multi-auth now refuses.
    const replay = new Promise((resolve) =>
      leaving.pusher.channel(channel)?.bind('pusher:subscription_error', resolve),
    );
    const old = signature.body[channel];
    leaving.pusher.send_event('pusher:subscribe', {
      channel,
      auth: old?.status === 200 ? old.data.auth : '',
    });
    expect(await replay).toMatchObject({ type: 'AuthError', status: 401 });
    const again = await multiAuth({
      port,
      token: leaves.token,
      socketId: leaving.socketId,
      channelNames: [channel],
    });
    expect(again.body[channel]).toEqual({ status: 403 });
  });

  const CASES: {
    case: string;
    loses: 'full-member' | 'restricted-member';
    keeps: 'full-member' | 'restricted-member' | 'owner';
    act(s: Seeded, board: { id: string; row_version: number }): Promise<unknown>;
  }[] = [
    {
      case: 'the board is made private (non-members lose it)',
      loses: 'restricted-member',
      keeps: 'full-member',
      act: (s, board) =>
        send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
          name: 'Live board',
          is_private: true,
          user_ids: [s['full-member'].id],
          row_version: board.row_version + 1,
        }),
    },
    {
      case: "the board's record denies VIEW_BOARD to one person",
      loses: 'full-member',
      keeps: 'restricted-member',
      act: (s, board) =>
        send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
          resource_type: 'board',
          resource_id: board.id,
          permissions: [`VIEW_BOARD:deny:user:${s['full-member'].id}`],
          final_permissions: [],
          row_version: 1,
        }),
    },
    {
      case: "the workspace's record denies VIEW_BOARD to restricted members",
      loses: 'restricted-member',
      keeps: 'full-member',
      act: (s) =>
        send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
          resource_type: 'workspace',
          resource_id: String(s.team.id),
          permissions: ['VIEW_BOARD:deny:role:restricted-member'],
          final_permissions: [],
          row_version: 1,
        }),
    },
    {
      case: 'a new role the board refuses (a full member made restricted)',
      loses: 'full-member',
      keeps: 'owner',
      act: async (s, board) => {
        await send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
          resource_type: 'board',
          resource_id: board.id,
          permissions: ['VIEW_BOARD:deny:role:restricted-member'],
          final_permissions: [],
          row_version: 1,
        });
        return t.request({
          method: 'PUT',
          url: `/api/teams/${s.team.id}/members/${s['full-member'].id}`,
          token: s.owner.token,
          json: { role: 'restricted-member' },
        });
      },
    },
    {
      case: 'the person is removed from the workspace',
      loses: 'full-member',
      keeps: 'restricted-member',
      act: (s) =>
        t.request({
          method: 'DELETE',
          url: `/api/teams/${s.team.id}/members/${s['full-member'].id}`,
          token: s.owner.token,
        }),
    },
  ];
  test.each(CASES)('$case', async ({ loses, keeps, act }) => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const channel = boardChannel(s.team.id, board.id);
    const losing = await listener(s[loses], s.team.id, board.id);
    const keeping = await listener(s[keeps], s.team.id, board.id);
    const told = lost(losing, channel);
    await act(s, board);
    expect(await told).toMatchObject({ status: 403 });
    const probe = await publishThenMark(s.team.id, board.id, [s[loses], s[keeps]]);
    expect(await receivesProbe(keeping, s.team.id, board.id, probe)).toBe(true);
    expect(await gotProbe(losing, s[loses], s.team.id, board.id, probe)).toBe(false);
  });

  test('deleting the board takes its channel from everyone', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const channel = boardChannel(s.team.id, board.id);
    const owner = await listener(s.owner, s.team.id, board.id);
    const member = await listener(s['full-member'], s.team.id, board.id);
    const told = [lost(owner, channel), lost(member, channel)];
    await send('DELETE', `/api/${s.team.id}/boards/${board.id}`, s.owner.token);
    expect(await Promise.all(told)).toEqual([
      expect.objectContaining({ status: 403 }),
      expect.objectContaining({ status: 403 }),
    ]);
    const probe = await publishThenMark(s.team.id, board.id, [s.owner]);
    expect(await gotProbe(owner, s.owner, s.team.id, board.id, probe)).toBe(false);
  });

  test('a change that leaves access as it was takes nothing away', async () => {
    const s = await seedWorkspace(t);
    const board = await newBoard(s);
    const member = await listener(s['full-member'], s.team.id, board.id);
    await send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
      name: 'Renamed',
      row_version: 2,
    });
    const probe = await publishThenMark(s.team.id, board.id, [s['full-member']]);
    expect(await receivesProbe(member, s.team.id, board.id, probe)).toBe(true);
  });
});
