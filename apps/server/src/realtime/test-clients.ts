import type { AddressInfo } from 'node:net';
import type { MultiAuthResponse } from '@strata/contracts/realtime';
import type { FastifyInstance } from 'fastify';
import Pusher, { type Channel } from 'pusher-js';
import WebSocket from 'ws';

// Test helpers for the real-time hub: real sockets against a listening server.

/** Polls until `find` answers something, or fails naming what it waited for. */
export async function waitFor<T>(what: string, find: () => T | undefined, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Sockets need a real server: listens on a free local port and answers it. */
export async function listenLocally(app: FastifyInstance): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/** POST /api/broadcasting/multi-auth over HTTP, as the web app calls it. */
export async function multiAuth(options: {
  port: number;
  token: string;
  socketId: string;
  channelNames: string[];
}): Promise<{ status: number; body: MultiAuthResponse }> {
  const response = await fetch(`http://127.0.0.1:${options.port}/api/broadcasting/multi-auth`, {
    method: 'POST',
    headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ socketId: options.socketId, channelNames: options.channelNames }),
  });
  return { status: response.status, body: (await response.json()) as MultiAuthResponse };
}

export interface ReceivedEvent {
  channel: string;
  event: string;
  data: unknown;
}

export interface TestSocket {
  pusher: Pusher;
  socketId: string;
  /** Every event of every subscribed channel, in order of arrival. */
  received: ReceivedEvent[];
  /** Resolves on subscription_succeeded; rejects with the subscription_error data. */
  subscribe(channel: string): Promise<Channel>;
  nextEvent(channel: string, event: string): Promise<unknown>;
  disconnect(): void;
}

Pusher.logToConsole = false;

/**
 * A pusher-js client on our hub. Channel authorisation calls multi-auth on `authPort` (another
 * node, in the cross-node test) with the user's token, unless `authorize` forges an answer.
 */
export async function connectTestSocket(options: {
  port: number;
  key: string;
  token: string;
  authPort?: number;
  authorize?: (socketId: string, channel: string) => { auth: string };
}): Promise<TestSocket> {
  const authPort = options.authPort ?? options.port;
  const pusher = new Pusher(options.key, {
    wsHost: '127.0.0.1',
    wsPort: options.port,
    forceTLS: false,
    enabledTransports: ['ws'],
    cluster: 'x',
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        if (options.authorize) return callback(null, options.authorize(socketId, channelName));
        multiAuth({ port: authPort, token: options.token, socketId, channelNames: [channelName] }).then(
          ({ body }) => {
            const answer = body[channelName];
            if (answer?.status === 200) callback(null, answer.data);
            else callback(new Error('Unauthorized'), null);
          },
          (error: Error) => callback(error, null),
        );
      },
    },
  });
  await new Promise<void>((resolve) => pusher.connection.bind('connected', () => resolve()));
  const received: ReceivedEvent[] = [];
  return {
    pusher,
    socketId: pusher.connection.socket_id,
    received,
    subscribe(name) {
      const channel = pusher.subscribe(name);
      channel.bind_global((event: string, data: unknown) => {
        if (!event.startsWith('pusher:')) received.push({ channel: name, event, data });
      });
      return new Promise((resolve, reject) => {
        channel.bind('pusher:subscription_succeeded', () => resolve(channel));
        channel.bind('pusher:subscription_error', (error: unknown) => reject(error));
      });
    },
    nextEvent: (channel, event) =>
      waitFor(`${event} on ${channel}`, () =>
        received.find((r) => r.channel === channel && r.event === event),
      ).then((r) => r.data),
    disconnect: () => pusher.disconnect(),
  };
}

export interface RawFrame {
  event: string;
  channel?: string;
  data?: unknown;
}

export interface RawSocket {
  ws: WebSocket;
  frames: RawFrame[];
  send(frame: RawFrame): void;
  /** The first frame (from now on, unless `fromStart`) that matches. */
  next(match: (frame: RawFrame) => boolean, options?: { fromStart?: boolean }): Promise<RawFrame>;
  closed: Promise<{ code: number; reason: string }>;
}

/** A bare `ws` client, for what pusher-js would not send (replayed or forged frames). */
export async function connectRawSocket(url: string): Promise<RawSocket> {
  const ws = new WebSocket(url);
  const frames: RawFrame[] = [];
  ws.on('message', (data) => frames.push(JSON.parse(data.toString()) as RawFrame));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    ws,
    frames,
    closed,
    send: (frame) => ws.send(JSON.stringify(frame)),
    next(match, nextOptions = {}) {
      const from = nextOptions.fromStart ? 0 : frames.length;
      return waitFor('a matching frame', () => frames.slice(from).find(match));
    },
  };
}

/** The socket id of a raw connection, from its connection_established frame. */
export async function socketIdOf(socket: RawSocket): Promise<string> {
  const frame = await socket.next((f) => f.event === 'pusher:connection_established', { fromStart: true });
  return (JSON.parse(frame.data as string) as { socket_id: string }).socket_id;
}
