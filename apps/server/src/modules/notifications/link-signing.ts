import { createHmac, randomBytes } from 'node:crypto';
import type { AppContext } from '../../context';
import { cachedSecret, storedSecret } from '../../lib/stored-secret';
import { safeEqual } from '../../lib/tokens';

const LINK_KEY = 'notification_link_key';
const read = new WeakMap<object, Promise<string>>();

/**
 * The HMAC key of the anonymous links of notifications (the mail's unsubscribe link, a push's
 * state check): generated once and kept in `app_secrets`, like the Pusher secret.
 */
function getLinkKey(ctx: AppContext): Promise<string> {
  return cachedSecret(read, ctx, () =>
    storedSecret(ctx.db, LINK_KEY, () => randomBytes(32).toString('base64url')),
  );
}

/** HMAC-SHA256 of `purpose` and `parts`, base64url: a link of one purpose never passes for another. */
export async function signLink(ctx: AppContext, purpose: string, parts: readonly (string | number)[]) {
  return createHmac('sha256', await getLinkKey(ctx))
    .update([purpose, ...parts].join(':'))
    .digest('base64url');
}

/** Whether `signature` is signLink's for these parts, compared in constant time. */
export async function isLinkSigned(
  ctx: AppContext,
  purpose: string,
  parts: readonly (string | number)[],
  signature: string,
): Promise<boolean> {
  return safeEqual(signature, await signLink(ctx, purpose, parts));
}
