import { z } from 'zod';

export const realtimePaths = {
  multiAuth: '/api/broadcasting/multi-auth',
} as const;

/** Pusher socket ids are two integers joined by a dot (`123.456`). */
export const SOCKET_ID_PATTERN = /^\d+\.\d+$/;

/** Most channels one batched authorisation may name: the web app batches for 2 s. */
export const MAX_CHANNELS_PER_AUTH = 100;

/** The Pusher channel-name alphabet and length limit. */
export const CHANNEL_NAME_PATTERN = /^[A-Za-z0-9_\-=@,.;]{1,164}$/;

/** POST /api/broadcasting/multi-auth: authorise one socket for several channels at once. */
export const multiAuthBody = z.object({
  socketId: z.string().max(64).regex(SOCKET_ID_PATTERN, 'The socket id must look like 123.456.'),
  channelNames: z.array(z.string().min(1).max(164)).min(1).max(MAX_CHANNELS_PER_AUTH),
});
export type MultiAuthBody = z.infer<typeof multiAuthBody>;

/** One channel's answer: a Pusher auth string, or a refusal that the client reports as Unauthorized. */
export const channelAuthAnswer = z.union([
  z.object({
    status: z.literal(200),
    data: z.object({ auth: z.string(), channel_data: z.string().optional() }),
  }),
  z.object({ status: z.literal(403) }),
]);
export type ChannelAuthAnswer = z.infer<typeof channelAuthAnswer>;

/** Keyed by channel name, one entry per requested channel. */
export const multiAuthResponse = z.record(z.string(), channelAuthAnswer);
export type MultiAuthResponse = z.infer<typeof multiAuthResponse>;
