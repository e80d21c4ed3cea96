/**
 * Web Push in the service worker (docs/notifications.md): a push is shown only while its
 * notification is still unread, and clicking it opens the app at what it is about.
 */

/** What a push carries (contracts' pushPayloadSchema; the worker checks the shape itself). */
export interface PushMessage {
  id: string;
  title: string;
  body: string;
  url: string;
  check: string;
}

/** The parts of the worker's global scope used here. */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface PushEvent extends ExtendableEvent {
  data: { text(): string } | null;
}
interface NotificationEvent extends ExtendableEvent {
  notification: Notification;
}
interface WindowClient {
  url: string;
  focused: boolean;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
}
export interface PushWorkerScope {
  location: Location;
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClient[]>;
    openWindow(url: string): Promise<WindowClient | null>;
  };
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}

/** How long the unread check may take before the push is shown anyway. */
const CHECK_TIMEOUT_MS = 4_000;

/** A push's message, or null when it is not one of ours. */
export function parsePushMessage(text: string): PushMessage | null {
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    const fields = ['id', 'title', 'body', 'url', 'check'] as const;
    return fields.every((field) => typeof value[field] === 'string')
      ? (value as unknown as PushMessage)
      : null;
  } catch {
    return null;
  }
}

/** Where clicking leads: the push's address when it is this app's own, else the app's home. */
export function pushTarget(url: unknown, origin: string): string {
  if (typeof url !== 'string') return `${origin}/home`;
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.href : `${origin}/home`;
  } catch {
    return `${origin}/home`;
  }
}

/**
 * Whether the notification is still unread, asked with the push's own signed check (the worker
 * holds no session). Only a clear "read" says no: offline, slow or refused, it is shown.
 */
export async function isStillUnread(message: PushMessage, origin: string, fetcher: typeof fetch = fetch) {
  const query = new URLSearchParams({ id: message.id, check: message.check });
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), CHECK_TIMEOUT_MS);
  try {
    const response = await fetcher(`${origin}/api/notifications/push-state?${query}`, {
      cache: 'no-store',
      credentials: 'omit',
      signal: controller.signal,
    });
    if (!response.ok) return true;
    return ((await response.json()) as { unread?: unknown }).unread !== false;
  } catch {
    return true;
  } finally {
    clearTimeout(timer);
  }
}

async function showPush(scope: PushWorkerScope, text: string) {
  const message = parsePushMessage(text);
  if (!message) return;
  const origin = scope.location.origin;
  if (!(await isStillUnread(message, origin))) return;
  await scope.registration.showNotification(message.title, {
    body: message.body,
    // One notification per notification: a push delivered twice replaces itself.
    tag: message.id,
    dir: 'auto',
    icon: '/icons/icon-192.png',
    data: { url: pushTarget(message.url, origin) },
  });
}

async function openTarget(scope: PushWorkerScope, url: string) {
  const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => client.focused) ?? windows[0];
  if (open) {
    // The address marks the notification read when the app opens it (notification={id}).
    const navigated = await open.navigate(url).catch(() => null);
    await (navigated ?? open).focus();
    return;
  }
  await scope.clients.openWindow(url);
}

/** The push and notificationclick handlers of the service worker. */
export function registerPushHandlers(scope: PushWorkerScope): void {
  scope.addEventListener('push', (event) => {
    event.waitUntil(showPush(scope, event.data?.text() ?? ''));
  });
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = pushTarget((event.notification.data as { url?: unknown } | null)?.url, scope.location.origin);
    event.waitUntil(openTarget(scope, url));
  });
}

/**
 * At sign-out the browser's subscription ends, so the next person on this device is not told the
 * last one's news: the push service then answers the server 410 and it forgets the token.
 */
export async function endPushSubscription(scope: PushWorkerScope): Promise<void> {
  const subscription = await scope.registration.pushManager?.getSubscription();
  await subscription?.unsubscribe();
}
