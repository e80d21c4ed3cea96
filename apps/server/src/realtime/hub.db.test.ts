import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { WebSocketServer } from 'ws';
import { channelAuthString } from './channel-auth';
import { createHub, type Hub, type HubOptions } from './hub';
import { connectRawSocket, type RawSocket, socketIdOf } from './test-clients';

// The hub alone on a bare ws server; no database is involved.
const key = 'hub-key';
const secret = 'hub-secret';
const sockets: RawSocket[] = [];
const servers: { hub: Hub; server: WebSocketServer }[] = [];

async function startHub(timings: Pick<HubOptions, 'idleMs' | 'pongTimeoutMs'> = {}) {
  const hub = createHub({ appKey: key, secret, log: pino({ level: 'silent' }), ...timings });
  const server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
  server.on('connection', (ws, request) => {
    const parsed = new URL(request.url ?? '/', 'http://localhost');
    const appKey = parsed.pathname.split('/').at(-1) ?? '';
    hub.handleConnection(ws, { appKey, protocol: parsed.searchParams.get('protocol') ?? undefined });
  });
  await new Promise((resolve) => server.once('listening', resolve));
  servers.push({ hub, server });
  return { hub, url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let hub: Hub;
let url: string;
beforeAll(async () => {
  ({ hub, url } = await startHub());
});
afterAll(async () => {
  for (const socket of sockets) socket.ws.terminate();
  for (const { hub, server } of servers) {
    hub.close();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function open(path = `/app/${key}?protocol=7&client=js&version=8.6.0`, base = url) {
  const socket = await connectRawSocket(`${base}${path}`);
  sockets.push(socket);
  return socket;
}

/** Keeps answering the hub's pings, as pusher-js does. */
function answerPings(socket: RawSocket) {
  socket.ws.on('message', (data) => {
    if (JSON.parse(data.toString()).event === 'pusher:ping') socket.send({ event: 'pusher:pong', data: {} });
  });
}

async function subscribe(socket: RawSocket, channel: string, auth?: string, channelData?: string) {
  const answer = socket.next((f) => f.channel === channel && f.event.includes('subscription_'));
  socket.send({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } });
  return answer;
}

const sign = (socketId: string, channel: string, channelData?: string) =>
  channelAuthString({ key, secret, socketId, channel, channelData });

describe('the connection', () => {
  test('opens with connection_established: a socket id of two integers and the activity timeout', async () => {
    const socket = await open();
    const frame = await socket.next((f) => f.event === 'pusher:connection_established', { fromStart: true });
    const data = JSON.parse(frame.data as string);
    expect(data.socket_id).toMatch(/^\d+\.\d+$/);
    expect(data.activity_timeout).toBe(120);
  });

  test('an unknown app key is refused with error 4001 and the socket closed', async () => {
    const socket = await open('/app/wrong?protocol=7');
    expect(socket.frames[0] ?? (await socket.next(() => true, { fromStart: true }))).toEqual({
      event: 'pusher:error',
      data: { message: 'Unknown app key.', code: 4001 },
    });
    expect((await socket.closed).code).toBe(4001);
  });

  test('another protocol version is refused with 4007', async () => {
    const socket = await open(`/app/${key}?protocol=6`);
    expect((await socket.closed).code).toBe(4007);
  });

  test('pusher:ping is answered with pusher:pong', async () => {
    const socket = await open();
    await socketIdOf(socket);
    const pong = socket.next((f) => f.event === 'pusher:pong');
    socket.send({ event: 'pusher:ping', data: {} });
    expect(await pong).toEqual({ event: 'pusher:pong', data: {} });
  });

  test('an idle socket is pinged; one that answers stays, one that does not is closed with 4201', async () => {
    const quick = await startHub({ idleMs: 150, pongTimeoutMs: 150 });
    const answering = await open(undefined, quick.url);
    answerPings(answering);
    const silent = await open(undefined, quick.url);
    await silent.next((f) => f.event === 'pusher:ping', { fromStart: true });
    expect((await silent.closed).code).toBe(4201);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(answering.ws.readyState).toBe(answering.ws.OPEN);
  });

  test('closing the hub closes its sockets with 4200, so clients reconnect (to another node)', async () => {
    const closing = await startHub();
    const socket = await open(undefined, closing.url);
    await socketIdOf(socket);
    closing.hub.close();
    expect((await socket.closed).code).toBe(4200);
  });

  test('client events are refused with pusher:error 4301 and the socket stays open', async () => {
    const socket = await open();
    await socketIdOf(socket);
    const error = socket.next((f) => f.event === 'pusher:error');
    socket.send({ event: 'client-typing', channel: 'private-a', data: '{}' });
    expect((await error).data).toMatchObject({ code: 4301 });
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });
});

describe('subscriptions and delivery', () => {
  test('a public channel needs no signature and gets events with their data as a JSON string', async () => {
    const socket = await open();
    expect((await subscribe(socket, 'news')).event).toBe('pusher_internal:subscription_succeeded');
    const event = socket.next((f) => f.event === 'greeting');
    hub.deliver({ channel: 'news', event: 'greeting', data: { hello: 'world' } });
    expect(await event).toEqual({ event: 'greeting', channel: 'news', data: '{"hello":"world"}' });
  });

  test('a private channel needs a signature for this very socket', async () => {
    const socket = await open();
    const socketId = await socketIdOf(socket);
    const other = await socketIdOf(await open());
    const refused = await subscribe(socket, 'private-a', sign(other, 'private-a'));
    expect(refused).toEqual({
      event: 'pusher:subscription_error',
      channel: 'private-a',
      data: { type: 'AuthError', error: expect.any(String), status: 401 },
    });
    const forged = await subscribe(socket, 'private-a', `${key}:${'0'.repeat(64)}`);
    expect(forged.event).toBe('pusher:subscription_error');
    expect((await subscribe(socket, 'private-a', sign(socketId, 'private-a'))).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
  });

  test('an event is serialised once for all the sockets of a channel', async () => {
    const all = await Promise.all([open(), open(), open()]);
    for (const socket of all) await subscribe(socket, 'crowd');
    const arrivals = all.map((socket) => socket.next((f) => f.event === 'shout'));
    const stringify = vi.spyOn(JSON, 'stringify');
    hub.deliver({ channel: 'crowd', event: 'shout', data: { n: 1 } });
    // One for the data, one for the frame: not one per socket.
    expect(stringify).toHaveBeenCalledTimes(2);
    stringify.mockRestore();
    for (const frame of await Promise.all(arrivals)) expect(frame.data).toBe('{"n":1}');
  });

  test('unsubscribing stops delivery', async () => {
    const socket = await open();
    await subscribe(socket, 'private-b', sign(await socketIdOf(socket), 'private-b'));
    socket.send({ event: 'pusher:unsubscribe', data: { channel: 'private-b' } });
    // The hub handles a socket's frames in order: once the pong is back, the unsubscribe was applied.
    const ping = socket.next((f) => f.event === 'pusher:pong');
    socket.send({ event: 'pusher:ping', data: {} });
    await ping;
    hub.deliver({ channel: 'private-b', event: 'late', data: {} });
    const pong = socket.next((f) => f.event === 'pusher:pong');
    socket.send({ event: 'pusher:ping', data: {} });
    await pong;
    expect(socket.frames.some((f) => f.event === 'late')).toBe(false);
  });

  test('presence channels list the members and announce who comes and goes', async () => {
    const first = await open();
    const firstData = '{"user_id":1,"user_info":{"name":"Ann"}}';
    await subscribe(
      first,
      'presence-room',
      sign(await socketIdOf(first), 'presence-room', firstData),
      firstData,
    );
    const second = await open();
    const secondData = '{"user_id":2,"user_info":{"name":"Bob"}}';
    const added = first.next((f) => f.event === 'pusher_internal:member_added');
    const joined = await subscribe(
      second,
      'presence-room',
      sign(await socketIdOf(second), 'presence-room', secondData),
      secondData,
    );
    expect(JSON.parse(joined.data as string).presence).toEqual({
      ids: ['1', '2'],
      hash: { '1': { name: 'Ann' }, '2': { name: 'Bob' } },
      count: 2,
    });
    expect(JSON.parse((await added).data as string)).toEqual({ user_id: '2', user_info: { name: 'Bob' } });
    const removed = first.next((f) => f.event === 'pusher_internal:member_removed');
    second.ws.close();
    expect(JSON.parse((await removed).data as string)).toEqual({ user_id: '2' });
  });
});

describe('revocation', () => {
  test("a removed member loses the workspace's channels, keeps the others, and old signatures stop working", async () => {
    const socket = await open();
    const socketId = await socketIdOf(socket);
    const team = 'private-team.5.users';
    const own = 'private-App.User.9';
    await subscribe(socket, team, sign(socketId, team));
    await subscribe(socket, own, sign(socketId, own));
    hub.bindUser({ socketId, userId: 9, channels: [team, own] });

    hub.revokeWorkspace({ teamId: 5, userId: 9 });
    const mine = socket.next((f) => f.event === 'for-me');
    hub.deliver({ channel: team, event: 'for-team', data: {} });
    hub.deliver({ channel: own, event: 'for-me', data: {} });
    await mine;
    expect(socket.frames.some((f) => f.event === 'for-team')).toBe(false);

    const replay = await subscribe(socket, team, sign(socketId, team));
    expect(replay.event).toBe('pusher:subscription_error');

    // Invited back: a fresh grant for the workspace lifts the revocation.
    hub.bindUser({ socketId, userId: 9, channels: [team] });
    expect((await subscribe(socket, team, sign(socketId, team))).event).toBe(
      'pusher_internal:subscription_succeeded',
    );
  });

  test('a grant for a socket that is not on this node is ignored', () => {
    expect(() => hub.bindUser({ socketId: '1.1', userId: 3, channels: [] })).not.toThrow();
  });
});
