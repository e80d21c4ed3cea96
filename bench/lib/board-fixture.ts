import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type App, buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { items, type StoredValues } from '../../apps/server/src/db/schema/items';
import { quickUser } from '../../apps/server/src/test/quick-user';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
export const base62Id = () =>
  Array.from({ length: 11 }, () => BASE62[Math.floor(Math.random() * 62)]).join('');

/** The eight attribute types of the benches' board: the common columns of a real table. */
export const BENCH_ATTRIBUTE_TYPES = [
  'text',
  'number',
  'checkbox',
  'label',
  'members',
  'date',
  'email',
  'longtext',
];

export interface BenchBoard {
  app: App;
  database: Database;
  teamId: number;
  ownerId: number;
  token: string;
  boardId: string;
  folderId: string;
  /** Attribute ids by type. */
  attributeIds: Record<string, string>;
  labelId: string;
  close(): Promise<void>;
}

async function ok(app: App, token: string, method: 'PUT' | 'POST', url: string, payload: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    payload: payload as object,
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/**
 * A database of its own on the PostgreSQL server of `serverUrl` (created, and dropped by `drop`),
 * for a bench that measures PostgreSQL instead of PGlite.
 */
async function freshServerDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `strata_bench_${randomUUID().replaceAll('-', '')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // Not WITH (FORCE): that would end the job queue's connections while they close, which throw.
  const drop = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await admin(`DROP DATABASE IF EXISTS ${name}`);
      } catch (error) {
        if (attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  return { url: url.toString(), drop };
}

/**
 * An app as in production (full plugin stack) on a PGlite data directory (a new temporary one, as
 * `npm start` keeps its own in DATA_DIR), or on a new database of the
 * PostgreSQL server `databaseUrl` names, with a workspace, a board, a folder and the eight
 * attributes, written through the API. `env` adds settings (the built web app to serve,
 * WEB_DIST_DIR).
 */
export async function openBenchBoard(
  env: Record<string, string> = {},
  options: { databaseUrl?: string } = {},
): Promise<BenchBoard> {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-'));
  const server = options.databaseUrl ? await freshServerDatabase(options.databaseUrl) : undefined;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: server?.url,
    ...env,
  });
  const database = await openDatabase(
    server ? { databaseUrl: server.url } : { dataDir: join(dataDir, 'db') },
  );
  const app = await buildApp(config, { database, logger: false });
  const close = async () => {
    await app.close();
    await database.close();
    await server?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    const owner = await quickUser(app.ctx, { name: 'Owner' });
    const team = await ok(app, owner.token, 'POST', '/api/teams', { name: 'Bench' });
    const boardId = base62Id();
    const folderId = base62Id();
    const labelId = randomUUID();
    const attributeIds = Object.fromEntries(BENCH_ATTRIBUTE_TYPES.map((type) => [type, randomUUID()]));
    const settings: Record<string, unknown> = {
      text: { primary: true },
      label: { labels: [{ id: labelId, name: 'Done', color: '#0a0' }] },
    };
    await ok(app, owner.token, 'POST', `/api/${team.id}/save-multiple`, [
      { type: 'board', op: 'put', id: boardId, body: { name: 'Bench board', row_version: 1 } },
      { type: 'folder', op: 'put', id: folderId, body: { board_id: boardId, name: 'All', row_version: 1 } },
      ...BENCH_ATTRIBUTE_TYPES.map((type) => ({
        type: 'attribute',
        op: 'put',
        id: attributeIds[type],
        body: { board_id: boardId, name: type, type, settings: settings[type], row_version: 1 },
      })),
    ]);
    return {
      app,
      database,
      teamId: team.id,
      ownerId: owner.id,
      token: owner.token,
      boardId,
      folderId,
      attributeIds,
      labelId,
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** Values for the eight attributes, as an item save sends them. */
export function benchValues(board: BenchBoard, n: number): Record<string, { data: unknown }> {
  const a = board.attributeIds;
  return {
    [a.text!]: { data: `Item ${n}` },
    [a.number!]: { data: n * 1.5 },
    [a.checkbox!]: { data: n % 2 === 0 },
    [a.label!]: { data: [board.labelId] },
    [a.members!]: { data: [board.ownerId] },
    [a.date!]: { data: '2026-03-20' },
    [a.email!]: { data: `person${n}@example.com` },
    [a.longtext!]: { data: `<p>Notes about item ${n}, with <strong>some</strong> detail.</p>` },
  };
}

/**
 * `count` item creates (PUT at row_version 1, the eight values of `benchValues(board, next())`) by
 * the board's owner through the API, started together; answers the wall time until all answered,
 * each checked (200, row_version 1).
 */
export async function createItemsTogether(
  board: BenchBoard,
  count: number,
  next: () => number,
): Promise<number> {
  const start = performance.now();
  const answers = await Promise.all(
    Array.from({ length: count }, () =>
      board.app.inject({
        method: 'PUT',
        url: `/api/${board.teamId}/items/${randomUUID()}`,
        headers: { authorization: `Bearer ${board.token}` },
        payload: { folder_id: board.folderId, values: benchValues(board, next()), row_version: 1 },
      }),
    ),
  );
  const elapsed = performance.now() - start;
  for (const res of answers)
    if (res.statusCode !== 200 || res.json().row_version !== 1)
      throw new Error(`create: ${res.statusCode} ${res.body}`);
  return elapsed;
}

/** Saves records through `POST /api/{teamId}/save-multiple` (one transaction), as the web app does. */
export async function saveRecords(board: BenchBoard, operations: readonly object[]): Promise<void> {
  await ok(board.app, board.token, 'POST', `/api/${board.teamId}/save-multiple`, operations);
}

/** A new folder of the board, saved through the API; answers its id. */
export async function createFolder(board: BenchBoard, name: string): Promise<string> {
  const id = base62Id();
  await saveRecords(board, [
    { type: 'folder', op: 'put', id, body: { board_id: board.boardId, name, row_version: 1 } },
  ]);
  return id;
}

/**
 * `count` items with a value of each attribute written straight to the database (multi-row
 * INSERTs of 500; no events or delta-sync notes: the benches read them, nobody syncs them), then
 * ANALYZE. `idOf` names the nth item, for values that name other items (dependencies).
 */
export async function insertBenchItems(
  board: BenchBoard,
  folderId: string,
  count: number,
  valuesOf: (n: number) => Record<string, { data: unknown }> = (n) => benchValues(board, n),
  idOf: (n: number) => string = () => randomUUID(),
): Promise<void> {
  const now = new Date();
  for (let start = 0; start < count; start += 500) {
    const rows = Array.from({ length: Math.min(500, count - start) }, (_, i) => {
      const n = start + i;
      const values: StoredValues = {};
      for (const [attributeId, { data }] of Object.entries(valuesOf(n)))
        values[attributeId] = { id: randomUUID(), attribute_id: attributeId, data };
      return {
        id: idOf(n),
        teamId: board.teamId,
        boardId: board.boardId,
        folderId,
        sortOrder: `a${String(n).padStart(6, '0')}`,
        values,
        createdBy: board.ownerId,
        createdAt: now,
        updatedAt: now,
      };
    });
    await board.app.ctx.db.insert(items).values(rows);
  }
  await board.database.executeSql('ANALYZE');
}
