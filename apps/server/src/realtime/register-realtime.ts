import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import type { EventSubscriber } from '../events/dispatcher';
import type { CollabServer } from '../modules/documents/collab-server';
import { resolvePusherSecret } from './app-secret';
import { findBoardViewers } from './board-viewers';
import type { RealtimeBus } from './bus';
import { createHub, type Hub } from './hub';
import { multiAuthRoutes } from './multi-auth.routes';
import { createRealtimeSubscriber } from './realtime-subscriber';

/**
 * The largest frame a client may send: a co-edited document's first sync carries the whole of
 * it. The Pusher endpoint holds its clients to much less itself (hub.ts, MAX_CLIENT_FRAME_BYTES).
 */
const MAX_SOCKET_FRAME_BYTES = 16 * 1024 * 1024;

export interface Realtime {
  hub: Hub;
  /** Hand it to the dispatcher: it publishes committed events to every node. */
  subscriber: EventSubscriber;
  close(): Promise<void>;
}

/**
 * Mounts the real-time hub: the Pusher endpoint `/app/{key}` on the app's own port, the
 * co-editing endpoint `/collab`,
 * POST /api/broadcasting/multi-auth, on the bus that joins the nodes (made and started by
 * buildApp, which also carries cache invalidations). Every node applies what comes over the bus to
 * its own sockets.
 */
export async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  bus: RealtimeBus,
  collab: CollabServer,
): Promise<Realtime> {
  const { config, log } = ctx;
  const secret = await resolvePusherSecret({ db: ctx.db, configured: config.pusherSecret });
  const hub = createHub({
    appKey: config.pusherKey,
    secret,
    log,
    checkBoardViewers: (question) => findBoardViewers(ctx.db, question),
  });
  bus.onMessage((message) => {
    if (message.kind === 'event') hub.deliver(message);
    else if (message.kind === 'grant') hub.bindUser(message);
    else if (message.kind === 'member-removed') {
      hub.revokeWorkspace(message);
      collab.revokeWorkspace(message);
    }
    // Resolves on its own; it logs its failures and closes the channels it could not check.
    else if (message.kind === 'board-access-changed') {
      void hub.recheckBoards(message);
      void collab.recheckAccess(message);
    } else if (message.kind === 'cache-invalidate') {
      // A workspace's folders or boards changed (a folder made private or hidden, moved, deleted):
      // its open documents are judged again. Board channels do not hang on folders.
      const teams = new Set<number>();
      for (const change of message.invalidations) if (change.scope === 'structure') teams.add(change.teamId);
      for (const teamId of teams) void collab.recheckAccess({ teamId });
    }
  });

  await app.register(async (scope) => {
    // Before the plugin's own preClose, which would close sockets without a reconnect code.
    scope.addHook('preClose', async () => {
      hub.close();
      await collab.close();
    });
    await scope.register(websocket, {
      options: { perMessageDeflate: false, maxPayload: MAX_SOCKET_FRAME_BYTES },
    });
    // Live co-editing of documents (modules/documents/collab-server.ts).
    scope.get('/collab', { websocket: true, schema: { hide: true } }, (socket, request) =>
      collab.handleConnection(socket, request.raw),
    );
    scope.get<{ Params: { key: string }; Querystring: { protocol?: string } }>(
      '/app/:key',
      { websocket: true, schema: { hide: true } },
      (socket, request) =>
        hub.handleConnection(socket, { appKey: request.params.key, protocol: request.query.protocol }),
    );
  });
  multiAuthRoutes(app, { ctx, key: config.pusherKey, secret, bus });

  return {
    hub,
    subscriber: createRealtimeSubscriber({ bus }),
    close: () => bus.close(),
  };
}
