import { messageSW, Workbox } from 'workbox-window';
import {
  type ChannelMessage,
  GET_VERSION,
  SKIP_WAITING,
  SW_CHANNEL,
  WAITING_WORKER_CHECK_MS,
  WORKER_UPDATE_WINDOW_MS,
} from '../sw/sw-protocol';

/** How long a worker of an older build may take to answer which version it brings. */
const VERSION_ANSWER_MS = 2_000;

/** The version a worker would bring, or null when it does not say in time. */
async function versionOf(worker: ServiceWorker): Promise<string | null> {
  const timeout = new Promise<null>((resolve) => window.setTimeout(() => resolve(null), VERSION_ANSWER_MS));
  const answer = messageSW(worker, { type: GET_VERSION }).catch(() => null);
  const version = await Promise.race([answer, timeout]);
  return typeof version === 'string' ? version : null;
}

export interface ServiceWorkerOptions {
  /**
   * Told the version a waiting or newly active worker brings (update-required flags it when
   * newer). Passed in rather than imported, so that this lazily loaded module shares no code
   * with the first chunk but the constants.
   */
  onWorkerVersion(version: string): void;
  /** How often to ask the server for a new worker. */
  checkEveryMs: number;
  /** Reloads the page into the new worker's build (tests pass their own). */
  reload?: () => void;
}

/**
 * Registers /service-worker.js and runs the update flow of spec sections 4 and 9 (production
 * builds only; main.tsx loads this module after the app mounted):
 * - a new worker waits while this page runs, so the page keeps the files it was built with;
 *   its version flags update-required, which shows the update banner;
 * - within WORKER_UPDATE_WINDOW_MS of a page load (the banner's Reload, or any fresh visit) a
 *   waiting worker takes over at once and the page reloads into the new build;
 * - the worker announces each activation on SW_CHANNEL: other open pages flag it;
 * - a worker already waiting is looked for WAITING_WORKER_CHECK_MS after registration, and the
 *   registration checks the server for a new worker every hour.
 */
export async function registerServiceWorker(options: ServiceWorkerOptions): Promise<void> {
  const workbox = new Workbox('/service-worker.js', { scope: '/' });
  const handled = new WeakSet<ServiceWorker>();
  let isTakingOver = false;

  const handleWaiting = async (worker: ServiceWorker) => {
    if (handled.has(worker)) return;
    handled.add(worker);
    const version = await versionOf(worker);
    if (version) options.onWorkerVersion(version);
    // performance.now() counts from this page's navigation.
    if (performance.now() <= WORKER_UPDATE_WINDOW_MS) {
      isTakingOver = true;
      worker.postMessage({ type: SKIP_WAITING });
    }
  };

  const reload = options.reload ?? (() => window.location.reload());
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!isTakingOver) return;
    isTakingOver = false;
    reload();
  });
  new BroadcastChannel(SW_CHANNEL).addEventListener('message', (event: MessageEvent<ChannelMessage>) => {
    if (event.data?.type === 'activated') options.onWorkerVersion(event.data.version);
  });
  workbox.addEventListener('waiting', (event) => {
    if (event.sw) void handleWaiting(event.sw);
  });

  const registration = await workbox.register();
  if (!registration) return;
  window.setTimeout(() => {
    if (registration.waiting) void handleWaiting(registration.waiting);
  }, WAITING_WORKER_CHECK_MS);
  window.setInterval(() => {
    registration.update().catch(() => {
      // offline or the server is away: the next check will try again
    });
  }, options.checkEveryMs);
}
