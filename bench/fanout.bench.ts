/**
 * Fan-out: how fast the real-time hub delivers one workspace event to 1,000 sockets, against a raw `ws`
 * server broadcasting the same bytes to 1,000 sockets.
 *
 * Method:
 * - The app is built with createTestApp (in-memory PGlite) and listens on 127.0.0.1. One user signs up
 *   and creates a workspace; saving its permissions writes a real `permissions.updated` event to the
 *   outbox, and that row is the pre-built event every candidate message re-sends.
 * - buildApp keeps its hub to itself (registerRealtime's result is not exposed), so the candidate is the
 *   production registerRealtime (the @fastify/websocket endpoint with permessage-deflate off, the hub,
 *   the in-process bus and the realtime subscriber) mounted on a second Fastify instance that shares
 *   the app's context, hence its database and channel secret. Sockets connect to that instance and are
 *   authorised by the app's own POST /api/broadcasting/multi-auth (one socket id per call, 25 calls in
 *   flight), then subscribe to `private-team.{id}.permissions`: 1,000 sockets of the workspace's owner.
 *   A candidate message is `await subscriber.handle(event)`, which is exactly what the dispatcher does
 *   with a claimed row (bus publish, hub.deliver, one serialisation, one ws.send per socket); the
 *   outbox claim itself is not measured.
 * - The baseline is a bare `ws` WebSocketServer (permessage-deflate off) with 1,000 other sockets of the
 *   same client, sending the byte-identical frame (copied from what the hub delivered in the warm-up)
 *   with `client.send(text)` in a loop.
 * - The 2,000 client sockets live in a child process (this file, forked), so on a 2-core machine the
 *   clients have roughly their own core while both servers share the main thread, as in http-overhead.
 *   Clients only count frames, check them byte for byte and timestamp them; timestamps on both sides
 *   are CLOCK_MONOTONIC (process.hrtime), which is one clock for both processes.
 * - Each side, per round: a burst of BURST (40) messages published back to back; throughput is
 *   1,000 x BURST deliveries divided by the time from the first publish to the last receipt on any
 *   socket. Then PACED (15) messages one at a time, each published once every socket received the
 *   previous one; the p95 over all (socket, message) pairs of publish-to-receipt is the fan-out latency
 *   of one event. The burst's p95 is reported too: it is mostly queueing behind the burst, so it grows
 *   with BURST and is not the figure the goal is about.
 * - One discarded warm-up round per side, then ROUNDS (7) rounds alternating which side goes first.
 *   Figures are medians over rounds; ratio = median candidate deliveries/s / median baseline
 *   deliveries/s (goal >= 0.8); p95_ms is the candidate's paced p95 (goal < 100 ms). cpu_us is the
 *   server process's CPU time (user + system) per delivery over a burst, which is steadier than wall
 *   time when other work shares the machine and shows the server's cost even if the clients were the
 *   slower side.
 * - Expect noise: on a shared 2-vCPU VM a socket write costs tens of microseconds of kernel time, which
 *   dominates both sides, and single rounds of the same side differ by 30% or more; compare ratios.
 * - Any frame that is not the expected one (other than a Pusher ping), a socket closing early, or a
 *   reply that does not come within a minute aborts the benchmark.
 */
import { type ChildProcess, fork } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import WebSocket, { WebSocketServer } from 'ws';
import type { DispatchedEvent, EventSubscriber } from '../apps/server/src/events/dispatcher';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const SOCKETS = 1000;
const BURST = 40;
const PACED = 15;
const ROUNDS = 7;
const AUTH_CONCURRENCY = 25;
const OPEN_CONCURRENCY = 50;
const REPLY_TIMEOUT_MS = 60_000;
const CLIENT_ENV = 'STRATA_FANOUT_CLIENTS';

type Group = 'hub' | 'bare';

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
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

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

if (process.env[CLIENT_ENV] === '1') runClientProcess();

// ---------------------------------------------------------------------------------------------------
// The parent: the servers, the rounds, the figures.

interface ClientProcess {
  send(message: ToClients): void;
  next<T extends FromClients['type']>(type: T): Promise<Extract<FromClients, { type: T }>>;
  stop(): Promise<void>;
}

function startClientProcess(): ClientProcess {
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

/** The nearest-rank percentile of a list (sorted in place). */
function percentile(values: Float64Array, p: number): number {
  values.sort();
  return values[Math.max(0, Math.ceil((p / 100) * values.length) - 1)]!;
}

interface Side {
  group: Group;
  /** Sends one message to every socket of the side; resolves when the server has handed it to ws. */
  publish(): void | Promise<void>;
  bursts: { deliveriesPerS: number; cpuUsPerDelivery: number; p95: number }[];
  paced: number[];
}

async function runBurst(clients: ClientProcess, side: Side, frame: string | undefined) {
  clients.send({ type: 'expect', group: side.group, messages: BURST, paced: false, frame });
  await clients.next('ready');
  const sentAt = new Float64Array(BURST);
  const cpuBefore = process.cpuUsage();
  const start = nowMs();
  for (let i = 0; i < BURST; i++) {
    sentAt[i] = nowMs();
    await side.publish();
  }
  const received = await clients.next('received');
  const cpu = process.cpuUsage(cpuBefore);
  if (received.mismatches > 0) {
    throw new Error(`${side.group}: ${received.mismatches} unexpected frames, e.g. ${received.example}`);
  }
  const { receipts } = received;
  let last = 0;
  const latencies = new Float64Array(receipts.length);
  for (let socket = 0; socket < SOCKETS; socket++) {
    for (let i = 0; i < BURST; i++) {
      const at = receipts[socket * BURST + i]!;
      if (at > last) last = at;
      latencies[socket * BURST + i] = at - sentAt[i]!;
    }
  }
  return {
    frame: received.frame,
    sample: {
      deliveriesPerS: (SOCKETS * BURST * 1000) / (last - start),
      cpuUsPerDelivery: (cpu.user + cpu.system) / (SOCKETS * BURST),
      p95: percentile(latencies, 95),
    },
  };
}

/** One message at a time, each once the previous reached every socket: the latency of one event. */
async function runPaced(clients: ClientProcess, side: Side, frame: string) {
  clients.send({ type: 'expect', group: side.group, messages: PACED, paced: true, frame });
  await clients.next('ready');
  const sentAt = new Float64Array(PACED);
  for (let i = 0; i < PACED; i++) {
    sentAt[i] = nowMs();
    await side.publish();
    await clients.next('delivered');
  }
  const received = await clients.next('received');
  if (received.mismatches > 0) {
    throw new Error(`${side.group}: ${received.mismatches} unexpected frames, e.g. ${received.example}`);
  }
  const latencies = received.receipts.map((at, k) => at - sentAt[k % PACED]!);
  return percentile(latencies, 95);
}

/** The app's modules are loaded only here, so that the client process does not load them too. */
async function loadServer() {
  const [testApp, realtime, schema, orm, fastify, zod] = await Promise.all([
    import('../apps/server/src/test/test-app'),
    import('../apps/server/src/realtime/register-realtime'),
    import('../apps/server/src/db/schema/events'),
    import('drizzle-orm'),
    import('fastify'),
    import('fastify-type-provider-zod'),
  ]);
  return { ...testApp, ...realtime, ...schema, ...orm, Fastify: fastify.default, ...zod };
}

async function authorise(options: { port: number; token: string; socketIds: string[]; channel: string }) {
  const auths: string[] = new Array(options.socketIds.length);
  let next = 0;
  async function worker() {
    while (next < options.socketIds.length) {
      const i = next++;
      const response = await fetch(`http://127.0.0.1:${options.port}/api/broadcasting/multi-auth`, {
        method: 'POST',
        headers: { authorization: `Bearer ${options.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ socketId: options.socketIds[i], channelNames: [options.channel] }),
      });
      const body = (await response.json()) as Record<string, { status: number; data?: { auth: string } }>;
      const auth = body[options.channel]?.data?.auth;
      if (response.status !== 200 || !auth) throw new Error(`multi-auth answered ${JSON.stringify(body)}`);
      auths[i] = auth;
    }
  }
  await Promise.all(Array.from({ length: AUTH_CONCURRENCY }, worker));
  return auths;
}

export async function run(): Promise<BenchResult> {
  const server = await loadServer();
  const t = await server.createTestApp();
  const rt = server.Fastify({ logger: false });
  rt.setValidatorCompiler(server.validatorCompiler);
  rt.setSerializerCompiler(server.serializerCompiler);
  let realtime: Awaited<ReturnType<typeof server.registerRealtime>> | undefined;
  let bare: WebSocketServer | undefined;
  let clients: ClientProcess | undefined;
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const appPort = (t.app.server.address() as AddressInfo).port;

    // A workspace and a real event of it, as the outbox holds it.
    const owner = await t.signUp();
    const created = await t.request({
      method: 'POST',
      url: '/api/teams',
      token: owner.token,
      json: { name: 'Fan-out' },
    });
    if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`team: ${created.body}`);
    const teamId = created.json().id as number;
    const saved = await t.request({
      method: 'POST',
      url: `/api/${teamId}/permissions`,
      token: owner.token,
      json: {
        resource_type: 'workspace',
        resource_id: String(teamId),
        permissions: [
          'EDIT_WORKSPACE_SETTINGS:deny:role:admin',
          'INVITE_MEMBERS:allow:role:admin',
          'DELETE_ITEMS:deny:role:full-member',
        ],
        final_permissions: [],
        row_version: 1,
      },
    });
    if (saved.statusCode !== 200) throw new Error(`permissions: ${saved.body}`);
    const [event]: DispatchedEvent[] = await t.app.ctx.db
      .select()
      .from(server.events)
      .where(
        server.and(
          server.eq(server.events.teamId, teamId),
          server.eq(server.events.type, 'permissions.updated'),
        ),
      )
      .orderBy(server.desc(server.events.id))
      .limit(1);
    if (!event) throw new Error('saving permissions wrote no permissions.updated event');
    const channel = `private-${event.channel}`;

    // The candidate: the production real-time stack on its own port, sharing the app's context.
    realtime = await server.registerRealtime(rt, t.app.ctx);
    await rt.listen({ port: 0, host: '127.0.0.1' });
    const rtPort = (rt.server.address() as AddressInfo).port;
    const subscriber: EventSubscriber = realtime.subscriber;
    const hub = realtime.hub;

    bare = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    const bareServer = bare;
    await new Promise<void>((resolve, reject) => {
      bareServer.once('listening', resolve);
      bareServer.once('error', reject);
    });
    const barePort = (bareServer.address() as AddressInfo).port;

    clients = startClientProcess();
    const key = t.app.ctx.config.pusherKey;
    clients.send({
      type: 'open',
      group: 'hub',
      url: `ws://127.0.0.1:${rtPort}/app/${key}?protocol=7`,
      count: SOCKETS,
      pusher: true,
    });
    const { socketIds } = await clients.next('opened');
    const auths = await authorise({ port: appPort, token: owner.token, socketIds, channel });
    clients.send({ type: 'subscribe', group: 'hub', channel, auths });
    await clients.next('subscribed');
    const stats = hub.stats();
    if (stats.sockets !== SOCKETS) throw new Error(`the hub holds ${stats.sockets} sockets, not ${SOCKETS}`);

    clients.send({
      type: 'open',
      group: 'bare',
      url: `ws://127.0.0.1:${barePort}/`,
      count: SOCKETS,
      pusher: false,
    });
    await clients.next('opened');
    if (bareServer.clients.size !== SOCKETS)
      throw new Error(`the bare server holds ${bareServer.clients.size}`);

    let text = '';
    const hubSide: Side = { group: 'hub', publish: () => subscriber.handle(event), bursts: [], paced: [] };
    const bareSide: Side = {
      group: 'bare',
      publish() {
        for (const client of bareServer.clients) client.send(text);
      },
      bursts: [],
      paced: [],
    };

    // Warm-up (discarded): the hub first, whose first frame becomes the expected frame everywhere.
    const warm = await runBurst(clients, hubSide, undefined);
    text = warm.frame;
    await runBurst(clients, bareSide, text);
    await runPaced(clients, hubSide, text);
    await runPaced(clients, bareSide, text);

    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? [hubSide, bareSide] : [bareSide, hubSide];
      for (const side of order) {
        side.bursts.push((await runBurst(clients, side, text)).sample);
        side.paced.push(await runPaced(clients, side, text));
      }
    }

    const [hubStats, bareStats] = [hubSide, bareSide].map((side) => ({
      dps: median(side.bursts.map((b) => b.deliveriesPerS)),
      cpuUs: median(side.bursts.map((b) => b.cpuUsPerDelivery)),
      burstP95: median(side.bursts.map((b) => b.p95)),
      p95: median(side.paced),
    }));
    return {
      name: 'fanout',
      ratio: hubStats!.dps / bareStats!.dps,
      goal: '>=0.8',
      details: {
        p95_ms: round(hubStats!.p95, 2),
        p95_goal: '<100',
        hub_deliveries_per_s: round(hubStats!.dps),
        bare_deliveries_per_s: round(bareStats!.dps),
        bare_p95_ms: round(bareStats!.p95, 2),
        hub_cpu_us: round(hubStats!.cpuUs, 2),
        bare_cpu_us: round(bareStats!.cpuUs, 2),
        hub_burst_p95_ms: round(hubStats!.burstP95, 1),
        bare_burst_p95_ms: round(bareStats!.burstP95, 1),
        sockets: SOCKETS,
        burst: BURST,
        frame_bytes: Buffer.byteLength(text),
      },
    };
  } finally {
    if (clients) {
      try {
        clients.send({ type: 'close' });
        await clients.next('closed');
      } catch {
        // The process is stopped below either way.
      }
      await clients.stop();
    }
    const bareServer = bare;
    if (bareServer) {
      for (const client of bareServer.clients) client.terminate();
      await new Promise<void>((resolve) => bareServer.close(() => resolve()));
    }
    await rt.close();
    await realtime?.close();
    await t.close();
  }
}
