import { type ChannelMessage, PER_USER_CACHES, SW_CHANNEL } from '../sw/sw-protocol';

/**
 * Empties the caches that hold the signed-out person's answers (`runtime-api-v1`, `attachments`),
 * so that the next person on this browser never reads them offline. The page deletes them itself
 * (a worker that is not running does not hear the channel) and tells a running worker too.
 */
export async function clearUserCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  if (typeof BroadcastChannel !== 'undefined') {
    const channel = new BroadcastChannel(SW_CHANNEL);
    channel.postMessage({ type: 'sign-out' } satisfies ChannelMessage);
    channel.close();
  }
  await Promise.all(PER_USER_CACHES.map((name) => caches.delete(name))).catch(() => {});
}
