import { createHash, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { freshPglite } from '@strata/test-utils/pglite-template';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Database, openDatabase, pgliteExecutor } from '../db/client';
import { runMigrations } from '../db/migrate';
import { serverRoot } from '../lib/paths';

const migrationsDir = join(serverRoot(), 'drizzle');

function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const name of readdirSync(migrationsDir).sort()) {
    if (name.endsWith('.sql')) hash.update(name).update(readFileSync(join(migrationsDir, name)));
  }
  const bossManifest = join(dirname(createRequire(import.meta.url).resolve('pg-boss')), '..', 'package.json');
  return hash.update(readFileSync(bossManifest)).digest('hex');
}

export interface TestDatabase {
  database: Database;
  /** Drops what the test created (the whole database on a PostgreSQL server). */
  dispose(): Promise<void>;
}

/**
 * A database of its own for one test file: an in-memory PGlite cloned from a migrated template,
 * or, with TEST_DATABASE_URL set, a new database on that server that is dropped afterwards.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `strata_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 });
    return {
      database,
      async dispose() {
        await database.close().catch(() => {});
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const pglite = await freshPglite(migrationsHash(), async (pg) => {
    const database = await openDatabase({ pglite: pg });
    await runMigrations(database, migrationsDir);
    const boss = new PgBoss({ db: { executeSql: pgliteExecutor(pg) }, schedule: false, supervise: false });
    await boss.start();
    await boss.stop({ graceful: false, close: false, wait: true });
  });
  const database = await openDatabase({ pglite });
  return { database, dispose: () => database.close() };
}
