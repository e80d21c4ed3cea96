import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, describe, expect, test } from 'vitest';
import { WebSocketServer } from 'ws';
import type { BoardViewersCheck } from './board-revocation';
import { channelAuthString } from './channel-auth';
import { createHub, type Hub } from './hub';
import { connectRawSocket, type RawSocket, socketIdOf } from './test-clients';

// The hub alone on a bare ws server; who sees a board is answered by the test, as the database would.
const key = 'hub-key';
const secret = 'hub-secret';
const sockets: RawSocket[] = [];
const servers: { hub: Hub; server: WebSocketServer }[] = [];
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  for (const { hub, server } of servers) {
    hub.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function startHub(checkBoardViewers?: BoardViewersCheck) {
  const hub = createHub({ appKey: key, secret, log: pino({ level: 'silent' }), checkBoardViewers });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  server.on('connection', (ws) => hub.handleConnection(ws, { appKey: key, protocol: '7' }));
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push({ hub, server });
  const url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/app/${key}`;
  return { hub, url };
}

/** Who sees which board, changed by the test as access changes. */
function viewers(initial: Record<string, number[]>) {
  const seeing = new Map(Object.entries(initial).map(([board, ids]) => [board, new Set(ids)]));
  const asked: { boardIds: readonly string[]; userIds: readonly number[] }[] = [];
  const check: BoardViewersCheck = async ({ boardIds, userIds }) => {
    asked.push({ boardIds, userIds });
    return new Map(boardIds.map((id) => [id, new Set(userIds.filter((u) => seeing.get(id)?.has(u)))]));
  };
  return { seeing, asked, check };
}

const BOARD = 'aZ09aZ09aZ0';
const OTHER = 'bZ09aZ09aZ0';
const channelOf = (board: string, teamId = 5) => `private-team.${teamId}.board.${board}`;

/** A socket of `userId`, signed for and subscribed to the channels, as multi-auth would leave it. */
async function userSocket(hub: Hub, url: string, userId: number, channels: string[]) {
  const socket = await connectRawSocket(url);
  sockets.push(socket);
  const socketId = await socketIdOf(socket);
  hub.bindUser({ socketId, userId, channels });
  for (const channel of channels) {
    const answer = socket.next((f) => f.channel === channel && f.event.includes('subscription_'));
    socket.send({ event: 'pusher:subscribe', data: { channel, auth: sign(socketId, channel) } });
    expect((await answer).event).toBe('pusher_internal:subscription_succeeded');
  }
  return { socket, socketId };
}

const sign = (socketId: string, channel: string) => channelAuthString({ key, secret, socketId, channel });

/** Sends a marker on a channel both sockets keep, and waits for it: what the hub sent before it has arrived. */
async function flush(hub: Hub, socket: RawSocket, channel: string) {
  const marker = `marker-${Math.random()}`;
  const arrived = socket.next((f) => f.event === marker);
  hub.deliver({ channel, event: marker, data: {} });
  await arrived;
}

describe('re-checking who sees a board', () => {
  test('a user who lost the board is told (subscription_error 403) and gets nothing after; the others keep it', async () => {
    const access = viewers({ [BOARD]: [1, 2] });
    const { hub, url } = await startHub(access.check);
    const keep = 'private-App.User.2';
    const kept = await userSocket(hub, url, 1, [channelOf(BOARD)]);
    const lost = await userSocket(hub, url, 2, [channelOf(BOARD), keep]);

    access.seeing.get(BOARD)!.delete(2);
    const told = lost.socket.next((f) => f.event === 'pusher:subscription_error');
    await hub.recheckBoards({ teamId: 5, boardId: BOARD });
    expect(await told).toEqual({
      event: 'pusher:subscription_error',
      channel: channelOf(BOARD),
      data: { type: 'AuthError', error: 'Access was revoked.', status: 403 },
    });

    const after = kept.socket.next((f) => f.event === 'item.updated');
    hub.deliver({ channel: channelOf(BOARD), event: 'item.updated', data: {} });
    await after;
    await flush(hub, lost.socket, keep);
    expect(lost.socket.frames.some((f) => f.event === 'item.updated')).toBe(false);
  });

  test('an old signature is refused afterwards; a fresh grant (multi-auth said yes again) lifts that', async () => {
    const access = viewers({ [BOARD]: [2] });
    const { hub, url } = await startHub(access.check);
    const { socket, socketId } = await userSocket(hub, url, 2, [channelOf(BOARD)]);
    access.seeing.get(BOARD)!.clear();
    await hub.recheckBoards({ teamId: 5, boardId: BOARD });
    await socket.next((f) => f.event === 'pusher:subscription_error', { fromStart: true });

    const replay = socket.next((f) => f.event.includes('subscription_'));
    socket.send({
      event: 'pusher:subscribe',
      data: { channel: channelOf(BOARD), auth: sign(socketId, channelOf(BOARD)) },
    });
    expect(await replay).toMatchObject({ event: 'pusher:subscription_error', data: { status: 401 } });

    hub.bindUser({ socketId, userId: 2, channels: [channelOf(BOARD)] });
    const again = socket.next((f) => f.event.includes('subscription_'));
    socket.send({
      event: 'pusher:subscribe',
      data: { channel: channelOf(BOARD), auth: sign(socketId, channelOf(BOARD)) },
    });
    expect((await again).event).toBe('pusher_internal:subscription_succeeded');
  });

  test('a signed socket that had not subscribed yet cannot use its signature once the board is gone from it', async () => {
    const access = viewers({ [BOARD]: [3] });
    const { hub, url } = await startHub(access.check);
    const socket = await connectRawSocket(url);
    sockets.push(socket);
    const socketId = await socketIdOf(socket);
    hub.bindUser({ socketId, userId: 3, channels: [channelOf(BOARD)] });
    access.seeing.get(BOARD)!.clear();
    await hub.recheckBoards({ teamId: 5 });
    const answer = socket.next((f) => f.event.includes('subscription_'));
    socket.send({
      event: 'pusher:subscribe',
      data: { channel: channelOf(BOARD), auth: sign(socketId, channelOf(BOARD)) },
    });
    expect((await answer).event).toBe('pusher:subscription_error');
  });

  test('events published while the check runs wait for it, then reach only those who kept the board, in order', async () => {
    let answer: (() => void) | undefined;
    const access = viewers({ [BOARD]: [1] });
    const { hub, url } = await startHub(async (question) => {
      await new Promise<void>((resolve) => {
        answer = resolve;
      });
      return access.check(question);
    });
    const kept = await userSocket(hub, url, 1, [channelOf(BOARD), 'private-App.User.1']);
    const lost = await userSocket(hub, url, 2, [channelOf(BOARD), 'private-App.User.2']);

    const checking = hub.recheckBoards({ teamId: 5, boardId: BOARD });
    hub.deliver({ channel: channelOf(BOARD), event: 'first', data: {} });
    hub.deliver({ channel: channelOf(BOARD), event: 'second', data: {} });
    // Held: the kept socket has not got them while the check is unanswered.
    await flush(hub, kept.socket, 'private-App.User.1');
    expect(kept.socket.frames.some((f) => f.event === 'first')).toBe(false);
    answer!();
    await checking;
    await kept.socket.next((f) => f.event === 'second', { fromStart: true });
    expect(
      kept.socket.frames.filter((f) => ['first', 'second'].includes(f.event)).map((f) => f.event),
    ).toEqual(['first', 'second']);
    await flush(hub, lost.socket, 'private-App.User.2');
    expect(lost.socket.frames.some((f) => f.event === 'first' || f.event === 'second')).toBe(false);
  });

  test('a change for one user re-checks only that user; a change for the workspace re-checks all its boards', async () => {
    const access = viewers({ [BOARD]: [1, 2], [OTHER]: [1, 2] });
    const { hub, url } = await startHub(access.check);
    const one = await userSocket(hub, url, 1, [channelOf(BOARD), channelOf(OTHER), 'private-App.User.1']);
    const two = await userSocket(hub, url, 2, [channelOf(BOARD), channelOf(OTHER)]);
    await userSocket(hub, url, 3, [channelOf(BOARD, 6)]);

    access.seeing.get(BOARD)!.clear();
    await hub.recheckBoards({ teamId: 5, userId: 1 });
    expect([...access.asked.at(-1)!.boardIds].sort()).toEqual([BOARD, OTHER].sort());
    expect(access.asked.at(-1)!.userIds).toEqual([1]);
    await one.socket.next((f) => f.event === 'pusher:subscription_error' && f.channel === channelOf(BOARD), {
      fromStart: true,
    });
    // User 2 lost it too, but the change named user 1 only.
    await flush(hub, two.socket, channelOf(OTHER));
    expect(two.socket.frames.some((f) => f.event === 'pusher:subscription_error')).toBe(false);

    access.asked.length = 0;
    await hub.recheckBoards({ teamId: 5 });
    expect(access.asked.map((q) => [[...q.boardIds].sort(), [...q.userIds].sort()])).toEqual([
      [[BOARD, OTHER].sort(), [1, 2]],
    ]);
    await two.socket.next((f) => f.event === 'pusher:subscription_error' && f.channel === channelOf(BOARD), {
      fromStart: true,
    });
    await flush(hub, one.socket, 'private-App.User.1');
    expect(one.socket.frames.filter((f) => f.event === 'pusher:subscription_error')).toHaveLength(1);
  });

  test('when the check fails, nobody keeps the channels in question', async () => {
    const { hub, url } = await startHub(async () => {
      throw new Error('database gone');
    });
    const { socket } = await userSocket(hub, url, 1, [channelOf(BOARD), 'private-App.User.1']);
    await hub.recheckBoards({ teamId: 5, boardId: BOARD });
    expect(
      await socket.next((f) => f.event === 'pusher:subscription_error', { fromStart: true }),
    ).toMatchObject({
      channel: channelOf(BOARD),
      data: { status: 403 },
    });
    hub.deliver({ channel: channelOf(BOARD), event: 'late', data: {} });
    await flush(hub, socket, 'private-App.User.1');
    expect(socket.frames.some((f) => f.event === 'late')).toBe(false);
  });
});
