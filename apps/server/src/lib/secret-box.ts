import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppContext } from '../context';
import { cachedSecret, storedSecret } from './stored-secret';

const KEY_NAME = 'secrets_key';
const keys = new WeakMap<object, Promise<Buffer>>();
/** What a sealed text starts with: the format's version (so that a later one can be told apart). */
const PREFIX = 'v1.';

/**
 * The key of stored secrets: SECRETS_KEY, or one generated once and kept in `app_secrets` (then a
 * copy of the database holds it too: production sets SECRETS_KEY, docs/deployment.md).
 */
function keyOf(ctx: AppContext): Promise<Buffer> {
  const configured = ctx.config.secretsKey;
  if (configured) return Promise.resolve(configured);
  return cachedSecret(keys, ctx, async () =>
    Buffer.from(await storedSecret(ctx.db, KEY_NAME, () => randomBytes(32).toString('base64')), 'base64'),
  );
}

/** A secret encrypted for storage (AES-256-GCM, a random nonce each time): `v1.<nonce>.<tag>.<text>`. */
export async function sealSecret(ctx: AppContext, text: string): Promise<string> {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', await keyOf(ctx), nonce);
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return `${PREFIX}${[nonce, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.')}`;
}

/** The secret sealSecret sealed; throws if it was changed or sealed with another key. */
export async function openSecret(ctx: AppContext, stored: string): Promise<string> {
  if (!stored.startsWith(PREFIX)) throw new Error('not a sealed secret');
  const [nonce, tag, sealed] = stored
    .slice(PREFIX.length)
    .split('.')
    .map((part) => Buffer.from(part, 'base64url'));
  if (!nonce || !tag || !sealed) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', await keyOf(ctx), nonce);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed), decipher.final()]).toString('utf8');
}
