/** Spec section 9: channel authorisations wait 2 s and go to the server as one request. */
export const CHANNEL_AUTH_BATCH_MS = 2_000;

export interface ChannelAuth {
  auth: string;
  channel_data?: string;
}

/** The server's answer keyed by channel: 200 with the auth string, anything else a refusal. */
export type MultiAuthAnswer = Record<string, { status: number; data?: ChannelAuth } | undefined>;

export interface ChannelAuthorizer {
  /** Resolves with the channel's auth, or rejects with 'Unauthorized'. */
  authorize(socketId: string, channelName: string): Promise<ChannelAuth>;
}

interface Pending {
  channelName: string;
  resolve(auth: ChannelAuth): void;
  reject(error: Error): void;
}

/**
 * Collects the channels a socket asks for during the batch window and authorises them with one
 * call (POST /api/broadcasting/multi-auth). A status other than 200 or a missing entry is
 * 'Unauthorized' (spec section 7); a failed call refuses the whole batch.
 */
export function createChannelAuthorizer(options: {
  request(socketId: string, channelNames: string[]): Promise<MultiAuthAnswer>;
  waitMs?: number;
}): ChannelAuthorizer {
  const waitMs = options.waitMs ?? CHANNEL_AUTH_BATCH_MS;
  const batches = new Map<string, Pending[]>();

  async function flush(socketId: string) {
    const pending = batches.get(socketId) ?? [];
    batches.delete(socketId);
    const names = [...new Set(pending.map((p) => p.channelName))];
    let answer: MultiAuthAnswer;
    try {
      answer = await options.request(socketId, names);
    } catch {
      for (const p of pending) p.reject(new Error('Unauthorized'));
      return;
    }
    for (const p of pending) {
      const entry = answer[p.channelName];
      if (entry?.status === 200 && entry.data?.auth) p.resolve(entry.data);
      else p.reject(new Error('Unauthorized'));
    }
  }

  return {
    authorize(socketId, channelName) {
      return new Promise((resolve, reject) => {
        const batch = batches.get(socketId);
        if (batch) batch.push({ channelName, resolve, reject });
        else {
          batches.set(socketId, [{ channelName, resolve, reject }]);
          setTimeout(() => void flush(socketId), waitMs);
        }
      });
    },
  };
}
