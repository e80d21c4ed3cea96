import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Database } from './client';

/** Applies the committed drizzle-kit migrations; a no-op when they are all applied. */
export async function runMigrations(database: Database, migrationsFolder: string): Promise<void> {
  // Both migrators only use the shared PgDatabase surface.
  // biome-ignore lint/suspicious/noExplicitAny: the two driver-specific database types differ only nominally
  const db = database.db as any;
  if (database.kind === 'postgres') await migratePg(db, { migrationsFolder });
  else await migratePglite(db, { migrationsFolder });
}
