import webpush from 'web-push';
import type { AppContext } from '../../context';
import { cachedSecret, storedSecret } from '../../lib/stored-secret';

/** The VAPID key pair that signs every push (RFC 8292), base64url. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

const VAPID_KEYS = 'vapid_keys';
const read = new WeakMap<object, Promise<VapidKeys>>();

/**
 * VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair generated on first use and kept
 * in `app_secrets` (as one row, so a pair is never split between two processes). Browsers tie
 * a subscription to the public key: changing it makes every device subscribe again.
 */
export function getVapidKeys(ctx: AppContext): Promise<VapidKeys> {
  const configured = ctx.config.vapid;
  if (configured) return Promise.resolve(configured);
  return cachedSecret(read, ctx, async () => {
    const stored = await storedSecret(ctx.db, VAPID_KEYS, () => JSON.stringify(webpush.generateVAPIDKeys()));
    return JSON.parse(stored) as VapidKeys;
  });
}
