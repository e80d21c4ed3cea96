/**
 * The client side of the fan-out bench (bench/fanout.bench.ts): a forked process that owns every
 * client socket and answers the parent's requests in order, and the parent's handle on it. Kept
 * apart so that the bench file holds the servers, the rounds and the figures.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';

const OPEN_CONCURRENCY = 50;
const REPLY_TIMEOUT_MS = 60_000;
const CLIENT_ENV = 'STRATA_FANOUT_CLIENTS';

export type Group = 'hub' | 'bare';

/** Parent to client process. */
type ToClients =
  | { type: 'open'; group: Group; url: string; count: number; pusher: boolean }
  | { type: 'subscribe'; group: Group; channel: string; auths: string[] }
  | { type: 'expect'; group: Group; messages: number; paced: boolean; frame?: string }
  | { type: 'close' };

/** Client process to parent, in the order of the requests. */
type FromClients =
  | { type: 'opened'; socketIds: string[] }
  | { type: 'subscribed' }
  | { type: 'ready' }
  /** Paced rounds only: message `index` reached every socket of the group. */
  | { type: 'delivered'; index: number }
  /** receipts[socket * messages + i]: when that socket received message i (ms, monotonic). */
  | { type: 'received'; receipts: Float64Array; frame: string; mismatches: number; example?: string }
  | { type: 'closed' }
  | { type: 'failed'; message: string };

/** Milliseconds on CLOCK_MONOTONIC, comparable between processes of one machine. */
export const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

// ---------------------------------------------------------------------------------------------------
// The client process: owns every client socket; answers the parent's requests in order.

interface ClientSocket {
  ws: WebSocket;
  group: Group;
  index: number;
  /** Handles parsed control frames while no round is running (connect and subscribe phases). */
  onControl?: (frame: { event?: string; channel?: string; data?: unknown }) => void;
}

interface ClientRound {
  group: Group;
  messages: number;
  paced: boolean;
  size: number;
  expected?: Buffer;
  counts: Uint32Array;
  perMessage: Uint32Array;
  receipts: Float64Array;
  complete: number;
  mismatches: number;
  example?: string;
}

function runClientProcess() {
  const groups: Record<Group, ClientSocket[]> = { hub: [], bare: [] };
  let current: ClientRound | undefined;
  let closing = false;

  const reply = (message: FromClients) => process.send?.(message);
  const fail = (message: string) => reply({ type: 'failed', message });

  const startsAsPusherControl = (data: Buffer) =>
    data.toString('latin1', 0, 16).startsWith('{"event":"pusher');

  function onControlFrame(socket: ClientSocket, data: Buffer) {
    let frame: { event?: string; channel?: string; data?: unknown };
    try {
      frame = JSON.parse(data.toString()) as typeof frame;
    } catch {
      return fail(`a ${socket.group} socket received a frame that is not JSON`);
    }
    if (frame.event === 'pusher:ping') return socket.ws.send('{"event":"pusher:pong","data":{}}');
    socket.onControl?.(frame);
  }

  function onFrame(socket: ClientSocket, data: Buffer) {
    const now = nowMs();
    const r = current;
    if (r === undefined || r.group !== socket.group) return onControlFrame(socket, data);
    if (r.expected === undefined) {
      if (startsAsPusherControl(data)) return onControlFrame(socket, data);
      r.expected = Buffer.from(data);
    } else if (!data.equals(r.expected)) {
      if (startsAsPusherControl(data)) return onControlFrame(socket, data);
      r.mismatches++;
      r.example ??= data.toString().slice(0, 300);
    }
    const nth = r.counts[socket.index]!;
    if (nth >= r.messages) {
      r.mismatches++;
      r.example ??= `an extra frame: ${data.toString().slice(0, 300)}`;
      return;
    }
    r.counts[socket.index] = nth + 1;
    r.receipts[socket.index * r.messages + nth] = now;
    const reached = r.perMessage[nth]! + 1;
    r.perMessage[nth] = reached;
    if (r.paced && reached === r.size) reply({ type: 'delivered', index: nth });
    if (nth + 1 === r.messages && ++r.complete === r.size) {
      current = undefined;
      reply({
        type: 'received',
        receipts: r.receipts,
        frame: r.expected?.toString() ?? '',
        mismatches: r.mismatches,
        example: r.example,
      });
    }
  }

  function openSocket(group: Group, index: number, url: string, pusher: boolean) {
    return new Promise<{ socket: ClientSocket; socketId: string }>((resolve, reject) => {
      const ws = new WebSocket(url, { perMessageDeflate: false });
      const socket: ClientSocket = { ws, group, index };
      ws.on('message', (data) => onFrame(socket, data as Buffer));
      ws.on('error', reject);
      ws.on('close', (code, reason) => {
        if (!closing) fail(`a ${group} socket closed early: ${code} ${reason.toString()}`);
      });
      if (!pusher) {
        ws.once('open', () => resolve({ socket, socketId: '' }));
        return;
      }
      socket.onControl = (frame) => {
        if (frame.event !== 'pusher:connection_established') return;
        socket.onControl = undefined;
        const { socket_id } = JSON.parse(String(frame.data)) as { socket_id: string };
        resolve({ socket, socketId: socket_id });
      };
    });
  }

  /** Opens the group's sockets OPEN_CONCURRENCY at a time (the listen backlog is finite). */
  async function open(message: Extract<ToClients, { type: 'open' }>): Promise<string[]> {
    const socketIds: string[] = [];
    for (let start = 0; start < message.count; start += OPEN_CONCURRENCY) {
      const batch = Array.from({ length: Math.min(OPEN_CONCURRENCY, message.count - start) }, (_, i) =>
        openSocket(message.group, start + i, message.url, message.pusher),
      );
      for (const { socket, socketId } of await Promise.all(batch)) {
        groups[message.group].push(socket);
        socketIds.push(socketId);
      }
    }
    return socketIds;
  }

  async function subscribe(message: Extract<ToClients, { type: 'subscribe' }>): Promise<void> {
    const list = groups[message.group];
    await Promise.all(
      list.map(
        (socket, i) =>
          new Promise<void>((resolve, reject) => {
            socket.onControl = (frame) => {
              if (frame.channel !== message.channel) return;
              if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
              else if (frame.event === 'pusher:subscription_error')
                reject(new Error(`subscription refused: ${JSON.stringify(frame.data)}`));
            };
            socket.ws.send(
              JSON.stringify({
                event: 'pusher:subscribe',
                data: { channel: message.channel, auth: message.auths[i] },
              }),
            );
          }),
      ),
    );
  }

  async function closeAll(): Promise<void> {
    closing = true;
    const all = [...groups.hub, ...groups.bare];
    await Promise.all(
      all.map(
        ({ ws }) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === WebSocket.CLOSED) return resolve();
            const timer = setTimeout(() => ws.terminate(), 2000);
            ws.once('close', () => {
              clearTimeout(timer);
              resolve();
            });
            ws.close();
          }),
      ),
    );
  }

  async function handle(message: ToClients): Promise<FromClients | undefined> {
    switch (message.type) {
      case 'open':
        return { type: 'opened', socketIds: await open(message) };
      case 'subscribe':
        await subscribe(message);
        return { type: 'subscribed' };
      case 'expect': {
        const size = groups[message.group].length;
        current = {
          group: message.group,
          messages: message.messages,
          paced: message.paced,
          size,
          expected: message.frame === undefined ? undefined : Buffer.from(message.frame),
          counts: new Uint32Array(size),
          perMessage: new Uint32Array(message.messages),
          receipts: new Float64Array(size * message.messages),
          complete: 0,
          mismatches: 0,
        };
        return { type: 'ready' };
      }
      case 'close':
        await closeAll();
        return { type: 'closed' };
    }
  }

  process.on('message', (message: ToClients) => {
    handle(message).then(
      (answer) => answer && reply(answer),
      (error: Error) => fail(error.message),
    );
  });
  // The parent went away (finished or crashed): never linger with open sockets.
  process.on('disconnect', () => {
    closing = true;
    for (const socket of [...groups.hub, ...groups.bare]) socket.ws.terminate();
    process.exit(0);
  });
}

// ---------------------------------------------------------------------------------------------------
// The parent: the servers, the rounds, the figures.

export interface ClientProcess {
  send(message: ToClients): void;
  next<T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>>;
  stop(): Promise<void>;
}

export function startClientProcess(): ClientProcess {
  const child: ChildProcess = fork(fileURLToPath(import.meta.url), [], {
    serialization: 'advanced',
    env: { ...process.env, [CLIENT_ENV]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const inbox: FromClients[] = [];
  let wake: (() => void) | undefined;
  let exited: Error | undefined;
  child.on('message', (message) => {
    inbox.push(message as FromClients);
    wake?.();
  });
  child.on('exit', (code, signal) => {
    exited = new Error(`the client process exited (${code ?? signal})`);
    wake?.();
  });

  return {
    send(message) {
      if (exited) throw exited;
      child.send(message);
    },
    async next<T extends FromClients['type']>(type: T) {
      const deadline = Date.now() + REPLY_TIMEOUT_MS;
      while (inbox.length === 0) {
        if (exited) throw exited;
        const remaining = deadline - Date.now();
        if (remaining <= 0)
          throw new Error(`no ${type} from the client process within ${REPLY_TIMEOUT_MS} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, remaining);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        wake = undefined;
      }
      const message = inbox.shift()!;
      if (message.type === 'failed') throw new Error(`client process: ${message.message}`);
      if (message.type !== type)
        throw new Error(`expected ${type} from the client process, got ${message.type}`);
      return message as Extract<FromClients, { type: T }>;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.connected) child.disconnect();
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    },
  };
}

if (process.env[CLIENT_ENV] === '1') runClientProcess();
