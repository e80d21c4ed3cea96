import { randomInt } from 'node:crypto';
import type { Logger } from 'pino';
import type { RawData, WebSocket } from 'ws';
import { type BoardAccessChange, type BoardViewersCheck, createBoardRevoker } from './board-revocation';
import { isValidChannelAuth } from './channel-auth';
import { boardOfChannel, workspaceOfChannel } from './channel-rules';
import {
  type ClientMessage,
  channelKind,
  formatChannelEvent,
  formatConnectionEstablished,
  formatError,
  formatMemberAdded,
  formatMemberRemoved,
  formatSubscriptionError,
  formatSubscriptionSucceeded,
  PING_FRAME,
  PONG_FRAME,
  PROTOCOL_VERSION,
  PUSHER_CODES,
  parseClientMessage,
  parsePresenceMember,
} from './protocol';

export interface HubOptions {
  appKey: string;
  secret: string;
  log: Logger;
  /** Seconds of silence after which clients ping us (told to them on connect). */
  activityTimeoutS?: number;
  /** A socket silent this long gets a `pusher:ping` from us... */
  idleMs?: number;
  /** ...and is closed when it has not answered within this. */
  pongTimeoutMs?: number;
  /** A socket this far behind (bytes not yet sent) is closed rather than buffered without end. */
  maxBufferedBytes?: number;
  /** Who still sees which board; without it, a re-check takes board channels from everyone in question. */
  checkBoardViewers?: BoardViewersCheck;
}

interface PresenceMember {
  userId: string;
  userInfo: unknown;
}

interface Connection {
  socketId: string;
  ws: WebSocket;
  channels: Set<string>;
  /** Per presence channel, the member this socket announced. */
  presence: Map<string, PresenceMember>;
  /** Users multi-auth signed channels for on this socket (normally one). */
  userIds: Set<number>;
  /** Workspaces this socket's user was removed from: signatures issued before no longer work. */
  revokedTeams: Set<number>;
  /** Board channels multi-auth signed for this socket: re-checked when access to the board changes. */
  boardGrants: Set<string>;
  /** Board channels taken from this socket: signatures issued before no longer work. */
  revokedChannels: Set<string>;
  lastSeenAt: number;
  pingSentAt?: number;
}

/** The sockets of one node and what they subscribed to. */
export interface Hub {
  handleConnection(ws: WebSocket, request: { appKey: string; protocol?: string }): void;
  /** Sends an event to this node's sockets on the channel, serialised once for all of them. */
  deliver(message: { channel: string; event: string; data: unknown }): void;
  /** Remembers which user a socket was authorised for; ignored unless the socket is on this node. */
  bindUser(options: { socketId: string; userId: number; channels: string[] }): void;
  /** Drops the user's subscriptions to the workspace's channels and refuses their old signatures. */
  revokeWorkspace(options: { teamId: number; userId: number }): void;
  /**
   * Re-checks who on this node still sees the boards in question (see board-revocation.ts) and
   * takes the board channel from the others; resolves when done.
   */
  recheckBoards(change: BoardAccessChange): Promise<void>;
  stats(): { sockets: number; channels: number };
  /** Closes every socket with "reconnect now", so clients move to another node. */
  close(): void;
}

function addTo<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key);
  if (set) set.add(value);
  else map.set(key, new Set([value]));
}

function removeFrom<K, V>(map: Map<K, Set<V>>, key: K, value: V) {
  const set = map.get(key);
  set?.delete(value);
  if (set?.size === 0) map.delete(key);
}

/** What a socket that loses a channel is told: pusher-js hands it to the channel's error listeners. */
const REVOKED = 'Access was revoked.';

/** Socket ids are two random integers: unguessable enough that one cannot pose as another's. */
function newSocketId(taken: Map<string, Connection>): string {
  for (;;) {
    const id = `${randomInt(1, 2 ** 40)}.${randomInt(1, 2 ** 40)}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Creates the hub. Each connection speaks protocol 7; private and presence subscriptions need a
 * signature made with our secret (by multi-auth, on any node). Idle sockets are pinged and closed
 * when they stay silent, so dead connections do not pile up behind a load balancer.
 */
/** Client frames are small (subscribe, ping); anything larger is not a Pusher client. */
const MAX_CLIENT_FRAME_BYTES = 64 * 1024;

const frameBytes = (data: RawData) =>
  Array.isArray(data) ? data.reduce((sum, part) => sum + part.length, 0) : data.byteLength;

export function createHub(options: HubOptions): Hub {
  const { appKey, secret, log } = options;
  const activityTimeoutS = options.activityTimeoutS ?? 120;
  const idleMs = options.idleMs ?? activityTimeoutS * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const maxBufferedBytes = options.maxBufferedBytes ?? 8 * 1024 * 1024;
  const connections = new Map<string, Connection>();
  const channels = new Map<string, Set<Connection>>();
  const byUser = new Map<number, Set<Connection>>();
  /** Per board channel, the sockets signed for it (subscribed or not yet). */
  const boardGrants = new Map<string, Set<Connection>>();

  function send(conn: Connection, frame: string) {
    if (conn.ws.readyState !== conn.ws.OPEN) return;
    if (conn.ws.bufferedAmount > maxBufferedBytes) {
      conn.ws.close(PUSHER_CODES.OVER_CAPACITY, 'Too far behind');
      return;
    }
    conn.ws.send(frame);
  }

  function presenceOf(channel: string): Map<string, unknown> {
    const members = new Map<string, unknown>();
    for (const other of channels.get(channel) ?? []) {
      const member = other.presence.get(channel);
      if (member) members.set(member.userId, member.userInfo);
    }
    return members;
  }

  function broadcast(channel: string, frame: string, except?: Connection) {
    for (const other of channels.get(channel) ?? []) if (other !== except) send(other, frame);
  }

  function join(conn: Connection, channel: string, member: PresenceMember | undefined) {
    const isNewMember = member !== undefined && !presenceOf(channel).has(member.userId);
    addTo(channels, channel, conn);
    conn.channels.add(channel);
    if (!member) return send(conn, formatSubscriptionSucceeded({ channel }));
    conn.presence.set(channel, member);
    if (isNewMember) broadcast(channel, formatMemberAdded({ channel, ...member }), conn);
    const members = presenceOf(channel);
    const presence = { ids: [...members.keys()], hash: Object.fromEntries(members), count: members.size };
    send(conn, formatSubscriptionSucceeded({ channel, presence }));
  }

  function leave(conn: Connection, channel: string) {
    const subscribers = channels.get(channel);
    subscribers?.delete(conn);
    if (subscribers?.size === 0) channels.delete(channel);
    conn.channels.delete(channel);
    const member = conn.presence.get(channel);
    conn.presence.delete(channel);
    if (member && !presenceOf(channel).has(member.userId)) {
      broadcast(channel, formatMemberRemoved({ channel, userId: member.userId }));
    }
  }

  function subscribe(conn: Connection, message: Extract<ClientMessage, { type: 'subscribe' }>) {
    const { channel } = message;
    if (conn.channels.has(channel)) return send(conn, formatSubscriptionSucceeded({ channel }));
    const kind = channelKind(channel);
    if (kind === 'public') return join(conn, channel, undefined);
    const refuse = (error: string) => send(conn, formatSubscriptionError({ channel, error, status: 401 }));
    const channelData = kind === 'presence' ? message.channelData : undefined;
    const signed = isValidChannelAuth({
      key: appKey,
      secret,
      socketId: conn.socketId,
      channel,
      channelData,
      auth: message.auth,
    });
    if (!signed) return refuse('Invalid signature for this socket and channel.');
    const teamId = workspaceOfChannel(channel);
    if (teamId !== undefined && conn.revokedTeams.has(teamId)) return refuse(REVOKED);
    if (conn.revokedChannels.has(channel)) return refuse(REVOKED);
    if (kind === 'private') return join(conn, channel, undefined);
    const member = parsePresenceMember(channelData);
    if (!member) return refuse('Presence channels need channel_data with a user_id.');
    join(conn, channel, member);
  }

  function handleMessage(conn: Connection, message: ClientMessage) {
    switch (message.type) {
      case 'ping':
        return send(conn, PONG_FRAME);
      case 'pong':
        return;
      case 'subscribe':
        return subscribe(conn, message);
      case 'unsubscribe':
        return leave(conn, message.channel);
      case 'client-event':
        return send(
          conn,
          formatError({
            message: 'Client events are not enabled.',
            code: PUSHER_CODES.CLIENT_EVENT_REJECTED,
          }),
        );
      case 'unknown':
        return send(conn, formatError({ message: `Unsupported event ${message.event}.`, code: null }));
      case 'invalid':
        return send(conn, formatError({ message: message.reason, code: null }));
    }
  }

  function drop(conn: Connection) {
    for (const channel of [...conn.channels]) leave(conn, channel);
    for (const userId of conn.userIds) removeFrom(byUser, userId, conn);
    for (const channel of conn.boardGrants) removeFrom(boardGrants, channel, conn);
    connections.delete(conn.socketId);
  }

  /** Takes a channel from a socket (telling it, if it was subscribed) and refuses its old signatures. */
  function revokeChannel(conn: Connection, channel: string) {
    conn.revokedChannels.add(channel);
    conn.boardGrants.delete(channel);
    removeFrom(boardGrants, channel, conn);
    if (!conn.channels.has(channel)) return;
    leave(conn, channel);
    send(conn, formatSubscriptionError({ channel, error: REVOKED, status: 403 }));
  }

  function sendNow(message: { channel: string; event: string; data: unknown }) {
    const subscribers = channels.get(message.channel);
    if (!subscribers) return;
    const frame = formatChannelEvent(message);
    for (const conn of subscribers) send(conn, frame);
  }

  const boardRevoker = createBoardRevoker<Connection>({
    check: options.checkBoardViewers,
    log,
    *boardChannels(teamId) {
      const seen = new Set<string>();
      for (const channel of [...channels.keys(), ...boardGrants.keys()]) {
        if (seen.has(channel) || boardOfChannel(channel)?.teamId !== teamId) continue;
        seen.add(channel);
        yield channel;
      }
    },
    watchers: (channel) => new Set([...(channels.get(channel) ?? []), ...(boardGrants.get(channel) ?? [])]),
    revoke: revokeChannel,
    send: sendNow,
  });

  function refuseConnection(ws: WebSocket, message: string, code: number) {
    ws.send(formatError({ message, code }));
    ws.close(code, message);
  }

  // One timer for all sockets: ping the idle, close those that did not answer the last ping.
  const sweep = setInterval(
    () => {
      const now = Date.now();
      for (const conn of connections.values()) {
        if (conn.pingSentAt !== undefined && now - conn.pingSentAt >= pongTimeoutMs) {
          conn.ws.close(PUSHER_CODES.PONG_TIMEOUT, 'Pong reply not received');
        } else if (conn.pingSentAt === undefined && now - conn.lastSeenAt >= idleMs) {
          conn.pingSentAt = now;
          send(conn, PING_FRAME);
        }
      }
    },
    Math.max(20, Math.min(idleMs, pongTimeoutMs) / 4),
  );
  sweep.unref();

  return {
    handleConnection(ws, request) {
      if (request.appKey !== appKey)
        return refuseConnection(ws, 'Unknown app key.', PUSHER_CODES.APP_NOT_FOUND);
      if (request.protocol !== undefined && request.protocol !== String(PROTOCOL_VERSION)) {
        return refuseConnection(ws, 'Unsupported protocol version.', PUSHER_CODES.UNSUPPORTED_PROTOCOL);
      }
      const conn: Connection = {
        socketId: newSocketId(connections),
        ws,
        channels: new Set(),
        presence: new Map(),
        userIds: new Set(),
        revokedTeams: new Set(),
        boardGrants: new Set(),
        revokedChannels: new Set(),
        lastSeenAt: Date.now(),
      };
      connections.set(conn.socketId, conn);
      ws.on('message', (data: RawData, isBinary: boolean) => {
        if (frameBytes(data) > MAX_CLIENT_FRAME_BYTES) return ws.close(1009, 'Frame too large');
        conn.lastSeenAt = Date.now();
        conn.pingSentAt = undefined;
        const text = isBinary ? '' : data.toString();
        handleMessage(conn, parseClientMessage(text));
      });
      ws.on('close', () => drop(conn));
      ws.on('error', (error) => log.debug({ err: error, socketId: conn.socketId }, 'socket error'));
      send(conn, formatConnectionEstablished({ socketId: conn.socketId, activityTimeoutS }));
    },

    deliver(message) {
      if (!boardRevoker.holdBack(message)) sendNow(message);
    },

    bindUser({ socketId, userId, channels: granted }) {
      const conn = connections.get(socketId);
      if (!conn) return;
      conn.userIds.add(userId);
      addTo(byUser, userId, conn);
      // A fresh signature for a workspace (the user was invited back) or a board lifts its revocation.
      for (const channel of granted) {
        const teamId = workspaceOfChannel(channel);
        if (teamId !== undefined) conn.revokedTeams.delete(teamId);
        conn.revokedChannels.delete(channel);
        if (boardOfChannel(channel)) {
          conn.boardGrants.add(channel);
          addTo(boardGrants, channel, conn);
        }
      }
    },

    revokeWorkspace({ teamId, userId }) {
      for (const conn of byUser.get(userId) ?? []) {
        conn.revokedTeams.add(teamId);
        const lost = [...conn.channels, ...conn.boardGrants].filter((c) => workspaceOfChannel(c) === teamId);
        for (const channel of new Set(lost)) revokeChannel(conn, channel);
      }
    },

    recheckBoards: (change) => boardRevoker.recheck(change),

    stats: () => ({ sockets: connections.size, channels: channels.size }),

    close() {
      clearInterval(sweep);
      for (const conn of connections.values()) conn.ws.close(PUSHER_CODES.RECONNECT, 'Server shutting down');
    },
  };
}
