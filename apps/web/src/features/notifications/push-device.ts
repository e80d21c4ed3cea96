import type { PushSubscriptionJson } from '@strata/contracts/notifications';
import { api } from '../../lib/api';

const DEVICE_TOKENS = '/api/notifications/device-tokens';

/** The browser refused (or the person blocked) notifications for this site. */
export class PushDeniedError extends Error {
  constructor() {
    super('User denied permissions!');
    this.name = 'PushDeniedError';
  }
}

/** Whether this browser can take Web Push at all (and a service worker serves this page). */
export function isPushSupported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** How long to wait for the service worker (development builds have none). */
const WORKER_WAIT_MS = 5_000;

async function workerRegistration(): Promise<ServiceWorkerRegistration> {
  const timeout = new Promise<never>((_resolve, reject) =>
    window.setTimeout(() => reject(new Error('No service worker serves this page.')), WORKER_WAIT_MS),
  );
  return Promise.race([navigator.serviceWorker.ready, timeout]);
}

/** The VAPID key as PushManager takes it: the bytes of its base64url text. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

const sameKey = (subscription: PushSubscription, key: Uint8Array) => {
  const current = subscription.options.applicationServerKey;
  if (!current) return false;
  const bytes = new Uint8Array(current);
  return bytes.length === key.length && bytes.every((byte, i) => byte === key[i]);
};

/** This browser's subscription, if push is on for it. */
export async function findPushSubscription(): Promise<PushSubscription | null> {
  if (!isPushSupported() || Notification.permission !== 'granted') return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Turns push on for this browser: asks for the permission (PushDeniedError when refused),
 * subscribes with the server's VAPID key (again when the key changed) and saves the device token.
 */
export async function enablePush(): Promise<void> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDeniedError();
  const registration = await workerRegistration();
  const { public_key: publicKey } = await api.get<{ public_key: string }>('/api/notifications/push-key');
  const key = keyBytes(publicKey);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription, key)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: key,
  });
  await api.post(DEVICE_TOKENS, { token: subscription.toJSON() as PushSubscriptionJson });
}

/** Turns push off for this browser: the server forgets the token, the push service the subscription. */
export async function disablePush(): Promise<void> {
  const subscription = await findPushSubscription();
  if (!subscription) return;
  await api.delete(DEVICE_TOKENS, { body: { token: { endpoint: subscription.endpoint } } });
  await subscription.unsubscribe();
}
