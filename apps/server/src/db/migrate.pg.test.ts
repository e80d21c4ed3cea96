import { randomUUID } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, test } from 'vitest';
import { serverRoot } from '../lib/paths';
import { freePort, type ServerProcess, startServerProcess, waitHealthy } from '../test/server-process';
import { openDatabase } from './client';
import { runMigrations } from './migrate';

const serverUrl = process.env.TEST_DATABASE_URL;
const migrationsDir = join(serverRoot(), 'drizzle');
const journal = JSON.parse(readFileSync(join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
  entries: { tag: string }[];
};

const databases: string[] = [];
const processes: ServerProcess[] = [];
const tempDirs: string[] = [];

afterAll(async () => {
  for (const run of processes) run.child.kill('SIGKILL');
  await Promise.all(processes.map((run) => run.exited));
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  if (!serverUrl) return;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
});

/** A new, empty database on the test server; dropped after the file. */
async function createDatabase(): Promise<string> {
  const name = `strata_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function query<T extends Record<string, unknown>>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/** Every column of the application's tables, as `table.column type`, sorted. */
async function publicColumns(url: string): Promise<string[]> {
  const rows = await query<{ column: string }>(
    url,
    `select table_name || '.' || column_name || ' ' || data_type as column
       from information_schema.columns where table_schema = 'public' order by 1`,
  );
  return rows.map((r) => r.column);
}

/** Three `npm start`s at once on the database, as a deploy of three processes would do. */
async function startThree(databaseUrl: string): Promise<ServerProcess[]> {
  const runs: ServerProcess[] = [];
  for (let i = 0; i < 3; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'strata-migrate-'));
    tempDirs.push(dataDir);
    runs.push(startServerProcess(await freePort(), { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }));
  }
  processes.push(...runs);
  return runs;
}

/** The schema a single process makes on its own, to compare the concurrent starts against. */
async function referenceColumns(): Promise<string[]> {
  const url = await createDatabase();
  const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
  try {
    await runMigrations(database, migrationsDir);
  } finally {
    await database.close();
  }
  return publicColumns(url);
}

describe.skipIf(!serverUrl)('migrations on PostgreSQL', () => {
  test('three servers started at once on a fresh database all come up, and the schema is complete', async () => {
    const url = await createDatabase();
    const runs = await startThree(url);
    await Promise.all(runs.map((run) => waitHealthy(run, 120_000)));

    for (const run of runs) expect(run.output()).not.toMatch(/failed to start|Failed query/);
    const applied = await query<{ count: string }>(url, 'select count(*) from drizzle.__drizzle_migrations');
    expect(Number(applied[0]!.count)).toBe(journal.entries.length);
    expect(await publicColumns(url)).toEqual(await referenceColumns());
  }, 180_000);

  test('three servers started at once on a database of an older release bring it up to date together', async () => {
    const url = await createDatabase();
    // The older release: only the first half of today's migrations.
    const older = mkdtempSync(join(tmpdir(), 'strata-older-migrations-'));
    tempDirs.push(older);
    cpSync(migrationsDir, older, { recursive: true });
    const kept = Math.ceil(journal.entries.length / 2);
    writeFileSync(
      join(older, 'meta/_journal.json'),
      JSON.stringify({ ...journal, entries: journal.entries.slice(0, kept) }),
    );
    const database = await openDatabase({ databaseUrl: url, poolSize: 1 });
    try {
      await runMigrations(database, older);
    } finally {
      await database.close();
    }

    const runs = await startThree(url);
    await Promise.all(runs.map((run) => waitHealthy(run, 120_000)));

    const applied = await query<{ count: string }>(url, 'select count(*) from drizzle.__drizzle_migrations');
    expect(Number(applied[0]!.count)).toBe(journal.entries.length);
    expect(await publicColumns(url)).toEqual(await referenceColumns());
  }, 180_000);
});
