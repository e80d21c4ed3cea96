import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema/secrets';

/**
 * A secret the server makes for itself when the environment gives none, kept in `app_secrets` so
 * that every process on the database (and every restart) uses the same one. Two processes
 * starting at once both insert; the first wins and both read the winner.
 */
export async function storedSecret(db: Db, name: string, create: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`the secret ${name} could not be stored`);
  return row.value;
}

/**
 * storedSecret read once per process: `cache` holds the promise (dropped when it fails, so the
 * next call tries again).
 */
export function cachedSecret<T>(cache: WeakMap<object, Promise<T>>, owner: object, read: () => Promise<T>) {
  const known = cache.get(owner);
  if (known) return known;
  const reading = read();
  cache.set(owner, reading);
  reading.catch(() => cache.delete(owner));
  return reading;
}
