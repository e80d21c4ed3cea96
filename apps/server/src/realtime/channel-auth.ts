import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Pusher channel signatures: `{key}:{hex HMAC-SHA256(secret, "{socket_id}:{channel}")}`, with
 * `:{channel_data}` appended for presence channels. The server that answers multi-auth and the
 * hub that checks a subscription share only the secret, so any node can check any signature.
 */
export interface ChannelSignatureInput {
  secret: string;
  socketId: string;
  channel: string;
  /** Presence channels sign the member data the client will announce. */
  channelData?: string;
}

/** The hex digest alone. */
export function signChannel(options: ChannelSignatureInput): string {
  const text =
    options.channelData === undefined
      ? `${options.socketId}:${options.channel}`
      : `${options.socketId}:${options.channel}:${options.channelData}`;
  return createHmac('sha256', options.secret).update(text).digest('hex');
}

/** The `auth` value a client sends with `pusher:subscribe`. */
export function channelAuthString(options: ChannelSignatureInput & { key: string }): string {
  return `${options.key}:${signChannel(options)}`;
}

/**
 * Whether `auth` is the signature of this socket, channel (and channel data) under our key.
 * The digest is compared in constant time so that timing reveals nothing of the expected value.
 */
export function isValidChannelAuth(
  options: ChannelSignatureInput & { key: string; auth: string | undefined },
): boolean {
  const { auth, key } = options;
  if (!auth?.startsWith(`${key}:`)) return false;
  const given = Buffer.from(auth.slice(key.length + 1), 'utf8');
  const expected = Buffer.from(signChannel(options), 'utf8');
  if (given.length !== expected.length) return false;
  return timingSafeEqual(given, expected);
}
