/**
 * What the service worker and the pages share: cache names, the BroadcastChannel and its
 * messages, and the timings of the update flow (spec section 9). Imported by both sides, so it
 * holds constants and types only.
 */

const API_CACHE = 'runtime-api-v1';
const ATTACHMENTS_CACHE = 'attachments';

/** Runtime caches, by the names of spec section 9 (precached app files live in Workbox's own cache). */
export const CACHES = {
  api: API_CACHE,
  images: 'images',
  attachments: ATTACHMENTS_CACHE,
  generatedAvatars: 'generated-avatars',
} as const;

/** Caches that hold one person's answers: emptied when they sign out. */
export const PER_USER_CACHES: readonly string[] = [API_CACHE, ATTACHMENTS_CACHE];

/** The BroadcastChannel between the worker and every open page. */
export const SW_CHANNEL = 'SW_CHANNEL';

/** Worker to pages: a worker of this version became active. Pages to worker: someone signed out. */
export type ChannelMessage = { type: 'activated'; version: string } | { type: 'sign-out' };

/** Messages a page sends to one worker directly (the second expects a reply on the port). */
export const SKIP_WAITING = 'SKIP_WAITING';
export const GET_VERSION = 'GET_VERSION';

/** After a page loads, a waiting worker may take over (and the page reloads) for this long. */
export const WORKER_UPDATE_WINDOW_MS = 60_000;
/** Delay after registration before looking for a worker already waiting. */
export const WAITING_WORKER_CHECK_MS = 200;
/** How long the API cache waits for the network before answering from the cache. */
export const API_NETWORK_TIMEOUT_S = 4;

/** The 503 body (and worker log line) when neither network nor cache can answer (spec section 8). */
export function cachedResponseMissing(url: string): string {
  return `Could not find the cached response: ${url}`;
}
