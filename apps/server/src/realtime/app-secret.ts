import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSecrets } from '../db/schema/secrets';

const PUSHER_SECRET = 'pusher_app_secret';

/**
 * The secret that signs channel authorisations: PUSHER_APP_SECRET when set, else one generated
 * on first start and kept in the database, so every process on it (and every restart) agrees.
 * Two processes starting at once both insert; the first wins and both read the winner.
 */
export async function resolvePusherSecret(options: { db: Db; configured?: string }): Promise<string> {
  if (options.configured) return options.configured;
  await options.db
    .insert(appSecrets)
    .values({ name: PUSHER_SECRET, value: randomBytes(32).toString('hex') })
    .onConflictDoNothing();
  const [row] = await options.db.select().from(appSecrets).where(eq(appSecrets.name, PUSHER_SECRET));
  if (!row) throw new Error('the real-time secret could not be stored');
  return row.value;
}
