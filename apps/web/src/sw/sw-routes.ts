import { CACHES } from './sw-protocol';

export type RuntimeCacheName = (typeof CACHES)[keyof typeof CACHES];

/**
 * API paths never kept for offline reading: sign-in and token traffic (answers carry tokens and
 * must reflect the server now), development tools, real-time channel authorisation.
 */
const API_NEVER_CACHED = /^\/api\/(auth|dev|broadcasting)(\/|$)/;

/**
 * Attachment files: the shared file route's own folder, and the attachment routes of the API
 * (`/api/attachments/...`, `/api/{teamId}/attachments/...`) for what they download.
 */
const ATTACHMENT = /^\/api\/(files\/attachments\/|(\d+\/)?attachments\/.+)/;

/**
 * Which runtime cache answers a same-origin GET, if any. Generated avatars and uploaded photos
 * are served by the file routes (`/api/avatars/...`, `/api/files/{folder}/...`); every other
 * API read is the person's data in `runtime-api-v1`.
 */
export function runtimeCacheFor(url: URL, origin: string): RuntimeCacheName | null {
  if (url.origin !== origin) return null;
  const path = url.pathname;
  if (!path.startsWith('/api/')) return null;
  if (path.startsWith('/api/avatars/')) return CACHES.generatedAvatars;
  if (ATTACHMENT.test(path)) return CACHES.attachments;
  if (path.startsWith('/api/files/')) return CACHES.images;
  if (API_NEVER_CACHED.test(path)) return null;
  return CACHES.api;
}

/**
 * Paths the server owns outright: the API, the real-time and co-editing sockets, the development
 * mail pages, published sites (server-rendered: never the app's shell in their place).
 */
const SERVER_PATHS = /^\/(api|app|collab|dev|p)(\/|$)/;

/**
 * Whether a navigation is one of the app's own pages, answered offline with the precached
 * index.html. Never the server's paths, the worker script itself or a file (a last segment with
 * an extension): those must reach the network, or fail, as they are.
 */
export function isAppNavigation(url: URL, origin: string): boolean {
  if (url.origin !== origin) return false;
  if (SERVER_PATHS.test(url.pathname)) return false;
  const last = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
  return !last.includes('.');
}
