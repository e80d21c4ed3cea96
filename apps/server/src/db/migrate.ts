import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import type { Database } from './client';

/**
 * Key of the session-level advisory lock that serialises schema changes (our migrations, the job
 * queues' tables) across processes sharing one PostgreSQL database ("Strata" in ASCII). Changing it
 * would let an old and a new release migrate the same database at once.
 */
export const MIGRATION_LOCK_KEY = 0x537472617461n;

/**
 * Runs `work` while this process holds the schema lock: a session-level advisory lock on a
 * connection of its own (a pool would spread the lock over several sessions). The lock goes with
 * the connection, so a process that dies while holding it does not block the next one.
 */
export async function withSchemaLock<T>(
  connectionString: string,
  work: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Applies the committed drizzle-kit migrations; a no-op when they are all applied.
 *
 * On PostgreSQL any number of processes may start at once (a rolling deploy, several workers):
 * each migrates under the schema lock, on the locked connection, so one migrates while the others
 * wait, then find nothing left to apply. PGlite has a single process per data directory, which the
 * data-directory lock file already guarantees.
 */
export async function runMigrations(database: Database, migrationsFolder: string): Promise<void> {
  if (database.kind === 'pglite') {
    // biome-ignore lint/suspicious/noExplicitAny: the driver-specific database type differs only nominally
    await migratePglite(database.db as any, { migrationsFolder });
    return;
  }
  if (!database.connectionString)
    throw new Error('a PostgreSQL database needs its connection string to migrate');
  await withSchemaLock(database.connectionString, (client) =>
    migratePg(drizzlePg(client), { migrationsFolder }),
  );
}
