import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import type { CacheInvalidation } from '../cache/cache-invalidation';

/**
 * What nodes tell each other. An event is dispatched by whichever node claimed its row, but the
 * sockets that want it may be on any node; likewise the node that authorised a socket (multi-auth
 * over HTTP) need not be the one holding it.
 */
export type BusMessage =
  /** An event for the sockets subscribed to `channel` (a Pusher name, `private-...`). */
  | { kind: 'event'; channel: string; event: string; data: unknown }
  /** Multi-auth signed these channels for this socket on behalf of this user. */
  | { kind: 'grant'; socketId: string; userId: number; channels: string[] }
  /** The user left the workspace: their sockets lose its channels. */
  | { kind: 'member-removed'; teamId: number; userId: number }
  /**
   * Who sees boards of the workspace may have changed: the board named (all of the workspace's
   * when none is), for the user named (everyone subscribed when none is). Each node re-checks its
   * own subscribers of those board channels and takes the channel from those who lost the board.
   */
  | { kind: 'board-access-changed'; teamId: number; boardId?: string; userId?: number }
  /** A committed write changed what these cached reads hold: every node drops them (cache/hot-caches.ts). */
  | { kind: 'cache-invalidate'; invalidations: CacheInvalidation[] }
  /**
   * Co-editing across nodes (modules/documents/collab-relay.ts): a Yjs update of a document open
   * on `node` (base64), and/or its state vector, asking the others for what it lacks.
   */
  | { kind: 'collab'; node: string; document: string; update?: string; want?: string };

export interface RealtimeBus {
  /**
   * Resolves once the message is on its way to every node (this one included): with Redis, once
   * it has come back to this node, which Redis sends it to in the same pass as to the others.
   */
  publish(message: BusMessage): Promise<void>;
  onMessage(handler: (message: BusMessage) => void): void;
  /** Resolves when this node listens, so nothing published afterwards is missed. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/**
 * In-process without Redis (one node); Redis pub/sub on `channel` when a URL is given, where a
 * node hears its own messages back through Redis, so delivery has one path either way.
 */
export function createBus(options: { redisUrl?: string; channel: string; log: Logger }): RealtimeBus {
  return options.redisUrl
    ? createRedisBus({ redisUrl: options.redisUrl, channel: options.channel, log: options.log })
    : createLocalBus({ log: options.log });
}

function deliverTo(handlers: ((message: BusMessage) => void)[], message: BusMessage, log: Logger) {
  for (const handler of handlers) {
    try {
      handler(message);
    } catch (error) {
      log.error({ err: error, kind: message.kind }, 'real-time bus handler failed');
    }
  }
}

function createLocalBus(options: { log: Logger }): RealtimeBus {
  const handlers: ((message: BusMessage) => void)[] = [];
  return {
    async publish(message) {
      deliverTo(handlers, message, options.log);
    },
    onMessage: (handler) => handlers.push(handler),
    async start() {},
    async close() {},
  };
}

function isBusMessage(value: unknown): value is BusMessage {
  const kind = (value as { kind?: unknown } | null)?.kind;
  return (
    kind === 'event' ||
    kind === 'grant' ||
    kind === 'member-removed' ||
    kind === 'board-access-changed' ||
    kind === 'cache-invalidate' ||
    kind === 'collab'
  );
}

/** How long a publish waits for its message to come back before it goes on regardless. */
const ECHO_WAIT_MS = 500;

function createRedisBus(options: { redisUrl: string; channel: string; log: Logger }): RealtimeBus {
  const { channel, log } = options;
  const handlers: ((message: BusMessage) => void)[] = [];
  // This node's messages on their way, by the tag each carries, until they come back.
  const node = randomUUID();
  let sent = 0;
  const onTheirWay = new Map<string, () => void>();
  // A connection in subscriber mode can do nothing else: publishing needs its own.
  const publisher = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  // Both fail a command after two retries rather than hang start-up while Redis is unreachable.
  const subscriber = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
  for (const connection of [publisher, subscriber]) {
    connection.on('error', (error) => log.warn({ err: error }, 'real-time Redis connection error'));
  }
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    let message: unknown;
    try {
      message = JSON.parse(text);
    } catch {
      log.warn('real-time bus: a message that is not JSON was ignored');
      return;
    }
    if (!isBusMessage(message)) return;
    const { echo, ...delivered } = message as BusMessage & { echo?: unknown };
    if (typeof echo === 'string') onTheirWay.get(echo)?.();
    deliverTo(handlers, delivered as BusMessage, log);
  });
  return {
    async publish(message) {
      // Tagged, so that this node knows it back: a write's answer leaves once its invalidations
      // have reached Redis's subscribers (every node's reads after it find them applied).
      const echo = `${node}:${++sent}`;
      const back = new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          onTheirWay.delete(echo);
          resolve();
        }, ECHO_WAIT_MS);
        // A process on its way out does not stay for it.
        timer.unref();
        onTheirWay.set(echo, () => {
          clearTimeout(timer);
          onTheirWay.delete(echo);
          resolve();
        });
      });
      try {
        await publisher.publish(channel, JSON.stringify({ ...message, echo }));
      } catch (error) {
        onTheirWay.get(echo)?.();
        throw error;
      }
      await back;
    },
    onMessage: (handler) => handlers.push(handler),
    async start() {
      await subscriber.subscribe(channel);
    },
    async close() {
      await Promise.allSettled([publisher.quit(), subscriber.quit()]);
    },
  };
}
