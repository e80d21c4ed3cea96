/**
 * The service worker, built by vite-plugin-pwa (injectManifest) to /service-worker.js. It serves
 * the precached app shell offline, keeps the runtime caches of spec section 9 and talks to the
 * pages over SW_CHANNEL. docs/pwa.md describes the choices.
 */
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import {
  API_NETWORK_TIMEOUT_S,
  CACHES,
  type ChannelMessage,
  cachedResponseMissing,
  GET_VERSION,
  PER_USER_CACHES,
  SKIP_WAITING,
  SW_CHANNEL,
} from './sw-protocol';
import { endPushSubscription, type PushWorkerScope, registerPushHandlers } from './sw-push';
import { isAppNavigation, type RuntimeCacheName, runtimeCacheFor } from './sw-routes';

/** The parts of the worker's global scope used here (the web app compiles with the DOM library). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  data: unknown;
  ports: readonly MessagePort[];
}
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}
declare const self: WorkerScope & PushWorkerScope;

const BUILD_VERSION: string = __APP_VERSION__;
const DAY_S = 24 * 60 * 60;
const origin = self.location.origin;
const channel = new BroadcastChannel(SW_CHANNEL);

// The app shell: index.html, every script and stylesheet chunk (locale catalogues included),
// fonts, icons and the manifest, revisioned by the build; older precaches go on activation.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && isAppNavigation(url, origin),
  createHandlerBoundToURL('/index.html'),
);

/** Keep only complete answers the server allows to be stored. */
const storableOnly = {
  cacheWillUpdate: async ({ response }: { response: Response }) =>
    response.status === 200 && !/no-store/i.test(response.headers.get('cache-control') ?? '')
      ? response
      : null,
};

function expiring(maxEntries: number, days: number) {
  return new ExpirationPlugin({ maxEntries, maxAgeSeconds: days * DAY_S, purgeOnQuotaError: true });
}

const strategies: Record<RuntimeCacheName, CacheFirst | NetworkFirst> = {
  // The person's data: always the network's answer when it comes in time; the last one seen
  // when it does not (offline, or a network that hangs).
  [CACHES.api]: new NetworkFirst({
    cacheName: CACHES.api,
    networkTimeoutSeconds: API_NETWORK_TIMEOUT_S,
    // Answers differ by the bearer token only, and this cache is emptied at sign-out.
    matchOptions: { ignoreVary: true },
    plugins: [storableOnly, expiring(300, 7)],
  }),
  // Uploaded photos live behind file names that change with every upload: a name never changes content.
  [CACHES.images]: new CacheFirst({ cacheName: CACHES.images, plugins: [storableOnly, expiring(300, 30)] }),
  // An attachment's file never changes under the same address either (a new upload is a new one).
  [CACHES.attachments]: new CacheFirst({
    cacheName: CACHES.attachments,
    plugins: [storableOnly, expiring(100, 30)],
  }),
  // Drawn from the address alone (initials and hue): the same address is the same picture.
  [CACHES.generatedAvatars]: new CacheFirst({
    cacheName: CACHES.generatedAvatars,
    plugins: [storableOnly, expiring(500, 30)],
  }),
};

registerRoute(
  ({ url }) => runtimeCacheFor(url, origin) !== null,
  (options) => strategies[runtimeCacheFor(options.url, origin)!].handle(options),
);

// Neither the network nor a cache could answer: a 503 that says so. API callers get the error
// body of the API, with the code the web app shows as its offline message.
setCatchHandler(async ({ request }) => {
  const message = cachedResponseMissing(request.url);
  console.warn(message);
  if (new URL(request.url).pathname.startsWith('/api/')) {
    return Response.json({ message, code: 'OFFLINE' }, { status: 503 });
  }
  return new Response(message, { status: 503, headers: { 'content-type': 'text/plain; charset=utf-8' } });
});

function clearPerUserCaches(): Promise<unknown> {
  return Promise.all(PER_USER_CACHES.map((name) => caches.delete(name)));
}

self.addEventListener('message', (event) => {
  const type = (event.data as { type?: unknown } | null)?.type;
  // A page decided this waiting worker takes over (lib/service-worker.ts says when).
  if (type === SKIP_WAITING) event.waitUntil(self.skipWaiting());
  // A page asks which version this worker would bring, to flag it as required.
  else if (type === GET_VERSION) event.ports[0]?.postMessage(BUILD_VERSION);
});

self.addEventListener('activate', () => {
  channel.postMessage({ type: 'activated', version: BUILD_VERSION } satisfies ChannelMessage);
});

// Pushes are shown while their notification is unread; a click opens the app at their target.
registerPushHandlers(self);

channel.addEventListener('message', (event: MessageEvent<ChannelMessage>) => {
  if (event.data?.type === 'sign-out') {
    void clearPerUserCaches();
    void endPushSubscription(self).catch(() => undefined);
  }
});
