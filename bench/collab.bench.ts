/**
 * Co-editing: CLIENTS people type into one item's document at once over `/collab`, 1,000
 * updates in all (each client an insert every GAP_MS, in turns), and every copy must end with
 * the same text. The fan-out latency of an update is the time from the writer's change to each
 * other client's copy having it; p95 over every delivery. Goal: p95 <= 50 ms on loopback.
 *
 * Method:
 * - The app as in production (Hocuspocus on the app's port, the token checked on connect, the
 *   document loaded from and stored to the database) on a PGlite data directory; the clients are
 *   the Hocuspocus provider the web app uses, over `ws`, in this process.
 * - Baseline: the same clients, Yjs documents and pacing through a bare relay on its own port (a
 *   `ws` server that forwards each client's binary update to the others: no authentication, no
 *   server-side document, no storage), measured in the same run.
 * - ratio = p95(collab) / p95(relay), the price of the server's document and checks; the goal is
 *   on p95_ms itself. Also printed: the medians.
 */
import { randomUUID } from 'node:crypto';
import { WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { type CollabClient, connectCollab } from '../apps/server/src/modules/documents/collab-clients';
import { documentName } from '../apps/server/src/modules/documents/document-names';
import { insertBenchItems, openBenchBoard } from './lib/board-fixture';
import { freePort } from './lib/free-port';
import { percentile } from './lib/load';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const CLIENTS = 10;
const UPDATES = 1_000;
/** Each client's pause between its updates: ten people typing about ten characters a second. */
const GAP_MS = 100;
const CONVERGE_TIMEOUT_MS = 30_000;

interface Side {
  docs: Y.Doc[];
  close(): Promise<void> | void;
}

/** Sends the updates in turns and answers every delivery's latency, after every copy agrees. */
async function drive(side: Side): Promise<number[]> {
  const sentAt = new Map<string, number>();
  const latencies: number[] = [];
  side.docs.forEach((doc, reader) => {
    doc.getText('body').observe((event) => {
      if (event.transaction.local) return;
      const now = performance.now();
      for (const part of event.delta) {
        if (typeof part.insert !== 'string') continue;
        for (const [, key] of part.insert.matchAll(/<(\d+:\d+)>/g)) {
          const at = sentAt.get(key!);
          if (at !== undefined && !key!.startsWith(`${reader}:`)) latencies.push(now - at);
        }
      }
    });
  });
  const perClient = UPDATES / CLIENTS;
  const stagger = GAP_MS / CLIENTS;
  await Promise.all(
    side.docs.map(async (doc, writer) => {
      await sleep(writer * stagger);
      for (let n = 0; n < perClient; n++) {
        const key = `${writer}:${n}`;
        const text = doc.getText('body');
        sentAt.set(key, performance.now());
        text.insert(text.length, `<${key}>`);
        await sleep(GAP_MS);
      }
    }),
  );
  const deadline = Date.now() + CONVERGE_TIMEOUT_MS;
  const texts = () => side.docs.map((doc) => doc.getText('body').toString());
  while (!texts().every((text) => text === texts()[0]) || (texts()[0]!.match(/</g)?.length ?? 0) < UPDATES) {
    if (Date.now() > deadline) throw new Error('the copies did not converge');
    await sleep(50);
  }
  const expected = UPDATES * (CLIENTS - 1);
  if (latencies.length !== expected)
    throw new Error(`${latencies.length} deliveries seen, ${expected} expected`);
  return latencies;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The baseline: a relay that forwards each binary frame to every other socket. */
async function relaySide(): Promise<Side> {
  const port = await freePort();
  const server = new WebSocketServer({ port, host: '127.0.0.1', perMessageDeflate: false });
  server.on('connection', (socket) =>
    socket.on('message', (data, isBinary) => {
      for (const other of server.clients) if (other !== socket) other.send(data, { binary: isBinary });
    }),
  );
  const sockets = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const socket = new WebSocket(`ws://127.0.0.1:${port}`, { perMessageDeflate: false });
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      return socket;
    }),
  );
  const docs = sockets.map((socket) => {
    const doc = new Y.Doc();
    doc.on('update', (update: Uint8Array, origin: unknown) => {
      if (origin !== 'relay') socket.send(update);
    });
    socket.on('message', (data: Buffer) => Y.applyUpdate(doc, new Uint8Array(data), 'relay'));
    return doc;
  });
  return {
    docs,
    close: () => {
      for (const socket of sockets) socket.close();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

export async function run(): Promise<BenchResult> {
  const board = await openBenchBoard();
  let clients: CollabClient[] = [];
  try {
    const port = await freePort();
    await board.app.listen({ port, host: '127.0.0.1' });
    const itemId = randomUUID();
    await insertBenchItems(board, board.folderId, 1, undefined, () => itemId);
    const name = documentName(board.teamId, itemId);
    clients = Array.from({ length: CLIENTS }, () => connectCollab({ port, name, token: board.token }));
    for (const client of clients) {
      const outcome = await client.outcome;
      if (!('scope' in outcome) || outcome.scope !== 'read-write')
        throw new Error(`refused: ${JSON.stringify(outcome)}`);
    }
    await Promise.all(clients.map((client) => client.synced));
    const collab = await drive({ docs: clients.map((client) => client.doc), close: () => undefined });

    const relay = await relaySide();
    const bare = await drive(relay).finally(() => relay.close());

    const p95 = percentile(collab, 95);
    const bareP95 = percentile(bare, 95);
    return {
      name: 'collab',
      ratio: p95 / bareP95,
      goal: 'p95_ms<=50',
      details: {
        p95_ms: round(p95, 1),
        median_ms: round(median(collab), 1),
        relay_p95_ms: round(bareP95, 1),
        relay_median_ms: round(median(bare), 1),
        clients: CLIENTS,
        updates: UPDATES,
        converged: 'yes',
      },
    };
  } finally {
    for (const client of clients) client.close();
    await board.close();
  }
}
