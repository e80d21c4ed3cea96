/**
 * The Pusher Channels WebSocket protocol, version 7: the shapes of the messages and how they are
 * read and written. Pure: no sockets here. Messages to clients carry their `data` as a JSON
 * string (pusher-js parses it again), except `pusher:error` and `pusher:subscription_error`,
 * whose data the protocol defines as an object.
 * https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/
 */
import { CHANNEL_NAME_PATTERN } from '@strata/contracts/realtime';

export const PROTOCOL_VERSION = 7;

/** Close and error codes of the protocol (4000-4099: do not reconnect; 4200-4299: reconnect now). */
export const PUSHER_CODES = {
  APP_NOT_FOUND: 4001,
  UNSUPPORTED_PROTOCOL: 4007,
  OVER_CAPACITY: 4100,
  RECONNECT: 4200,
  PONG_TIMEOUT: 4201,
  CLIENT_EVENT_REJECTED: 4301,
} as const;

export type ChannelKind = 'public' | 'private' | 'presence';

/** What a client asked for, already checked for shape. */
export type ClientMessage =
  | { type: 'ping' }
  | { type: 'pong' }
  | { type: 'subscribe'; channel: string; auth?: string; channelData?: string }
  | { type: 'unsubscribe'; channel: string }
  | { type: 'client-event'; event: string; channel?: string }
  | { type: 'unknown'; event: string }
  | { type: 'invalid'; reason: string };

export function isValidChannelName(channel: string): boolean {
  return CHANNEL_NAME_PATTERN.test(channel);
}

/** Private and presence channels need a signature; `private-encrypted-` counts as private. */
export function channelKind(channel: string): ChannelKind {
  if (channel.startsWith('presence-')) return 'presence';
  if (channel.startsWith('private-')) return 'private';
  return 'public';
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Clients send `data` as an object, some as a JSON string of one: both are read. */
function readData(data: unknown): Record<string, unknown> {
  if (typeof data !== 'string') return asRecord(data) ?? {};
  try {
    return asRecord(JSON.parse(data)) ?? {};
  } catch {
    return {};
  }
}

const optionalString = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** Reads one text frame from a client; anything malformed comes back as `invalid`, never a throw. */
export function parseClientMessage(text: string): ClientMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { type: 'invalid', reason: 'The message is not JSON.' };
  }
  const message = asRecord(parsed);
  const event = message?.event;
  if (!message || typeof event !== 'string') return { type: 'invalid', reason: 'The message has no event.' };
  if (event === 'pusher:ping') return { type: 'ping' };
  if (event === 'pusher:pong') return { type: 'pong' };
  if (event.startsWith('client-'))
    return { type: 'client-event', event, channel: optionalString(message.channel) };
  if (event !== 'pusher:subscribe' && event !== 'pusher:unsubscribe') return { type: 'unknown', event };
  const data = readData(message.data);
  const channel = data.channel;
  if (typeof channel !== 'string' || !isValidChannelName(channel)) {
    return { type: 'invalid', reason: 'The channel name is missing or not valid.' };
  }
  if (event === 'pusher:unsubscribe') return { type: 'unsubscribe', channel };
  return {
    type: 'subscribe',
    channel,
    auth: optionalString(data.auth),
    channelData: optionalString(data.channel_data),
  };
}

/** The first message on every connection. */
export function formatConnectionEstablished(options: { socketId: string; activityTimeoutS: number }): string {
  const data = JSON.stringify({ socket_id: options.socketId, activity_timeout: options.activityTimeoutS });
  return JSON.stringify({ event: 'pusher:connection_established', data });
}

/** A protocol error; `code` null when the protocol defines none for the case. */
export function formatError(options: { message: string; code: number | null }): string {
  return JSON.stringify({ event: 'pusher:error', data: { message: options.message, code: options.code } });
}

export const PING_FRAME = JSON.stringify({ event: 'pusher:ping', data: {} });
export const PONG_FRAME = JSON.stringify({ event: 'pusher:pong', data: {} });

/** Presence members as the protocol lists them on subscription. */
export interface PresenceData {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

export function formatSubscriptionSucceeded(options: { channel: string; presence?: PresenceData }): string {
  const data = options.presence ? JSON.stringify({ presence: options.presence }) : '{}';
  return JSON.stringify({ event: 'pusher_internal:subscription_succeeded', channel: options.channel, data });
}

/** A refused subscription, in the shape pusher-js hands to `pusher:subscription_error` listeners. */
export function formatSubscriptionError(options: { channel: string; error: string; status: number }): string {
  return JSON.stringify({
    event: 'pusher:subscription_error',
    channel: options.channel,
    data: { type: 'AuthError', error: options.error, status: options.status },
  });
}

/** An application event on a channel: serialised once and sent as is to every subscriber. */
export function formatChannelEvent(options: { channel: string; event: string; data: unknown }): string {
  return JSON.stringify({
    event: options.event,
    channel: options.channel,
    data: JSON.stringify(options.data),
  });
}

export function formatMemberAdded(options: { channel: string; userId: string; userInfo: unknown }): string {
  const data = JSON.stringify({ user_id: options.userId, user_info: options.userInfo });
  return JSON.stringify({ event: 'pusher_internal:member_added', channel: options.channel, data });
}

export function formatMemberRemoved(options: { channel: string; userId: string }): string {
  const data = JSON.stringify({ user_id: options.userId });
  return JSON.stringify({ event: 'pusher_internal:member_removed', channel: options.channel, data });
}

/** The member a presence subscription announces, read from its signed channel_data. */
export function parsePresenceMember(
  channelData: string | undefined,
): { userId: string; userInfo: unknown } | undefined {
  if (channelData === undefined) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(channelData);
  } catch {
    return undefined;
  }
  const record = asRecord(parsed);
  const userId = record?.user_id;
  if (typeof userId !== 'string' && typeof userId !== 'number') return undefined;
  if (String(userId) === '') return undefined;
  return { userId: String(userId), userInfo: record?.user_info ?? null };
}
