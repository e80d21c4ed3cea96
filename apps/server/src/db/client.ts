import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as activitySchema from './schema/activity';
import * as attachmentsSchema from './schema/attachments';
import * as authSchema from './schema/auth';
import * as boardUnlocksSchema from './schema/board-unlocks';
import * as boardsSchema from './schema/boards';
import * as changesSchema from './schema/changes';
import * as eventsSchema from './schema/events';
import * as invitationsSchema from './schema/invitations';
import * as itemsSchema from './schema/items';
import * as notificationsSchema from './schema/notifications';
import * as platformSchema from './schema/platform';
import * as secretsSchema from './schema/secrets';
import * as teamsSchema from './schema/teams';
import * as usersSchema from './schema/users';
import * as viewsSchema from './schema/views';

export const schema = {
  ...usersSchema,
  ...authSchema,
  ...platformSchema,
  ...teamsSchema,
  ...invitationsSchema,
  ...eventsSchema,
  ...secretsSchema,
  ...changesSchema,
  ...boardsSchema,
  ...itemsSchema,
  ...notificationsSchema,
  ...viewsSchema,
  ...activitySchema,
  ...attachmentsSchema,
  ...boardUnlocksSchema,
};
export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Anything queries can run on: the database or an open transaction. */
export type DbOrTx = Db | Tx;

/** Raw SQL runner with `$n` placeholders: what pg-boss and a few hand-written queries need. */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  executeSql: ExecuteSql;
  /** pg-boss connects by itself to a server; on PGlite it shares our single connection. */
  connectionString?: string;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** PGlite data directory; ignored with databaseUrl. `memory://` keeps it in memory. */
  dataDir?: string;
  /** An already opened PGlite (tests clone a migrated template into one). */
  pglite?: PGlite;
  poolSize?: number;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const connections = countConnections(pool);
    await pool.query('select 1');
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      connectionString: options.databaseUrl,
      executeSql: async (text, values) => pool.query(text, values),
      close: async () => {
        await pool.end();
        await connections.closed();
      },
    };
  }
  let client = options.pglite;
  if (!client) {
    const dir = options.dataDir ?? 'memory://';
    if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
    // pg_trgm: search's matches inside words (docs/search.md).
    client = await PGlite.create(dir.startsWith('memory://') ? dir : join(dir, 'pg'), {
      extensions: { pg_trgm },
    });
  }
  const pglite = client;
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    executeSql: pgliteExecutor(pglite),
    close: () => pglite.close(),
  };
}

/**
 * The pool's connections until each has closed. `pool.end()` resolves while a connection that was
 * in use when it was called is still closing, and without a listener for its errors then: a server
 * that ends it meanwhile (a database dropped, a restart) would throw in the process.
 */
function countConnections(pool: pg.Pool) {
  let open = 0;
  let settle: (() => void) | undefined;
  pool.on('connect', () => open++);
  pool.on('remove', () => {
    open--;
    if (open === 0) settle?.();
  });
  return {
    closed: () => (open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (settle = resolve))),
  };
}

/** Multi-statement text without values must go through exec(); everything else through query(). */
export function pgliteExecutor(pglite: Pick<PGlite, 'query' | 'exec'>): ExecuteSql {
  return async (text, values) => {
    if (values && values.length > 0)
      return pglite.query(text, values) as Promise<{ rows: Record<string, unknown>[] }>;
    const results = await pglite.exec(text);
    return { rows: (results.at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
}

/**
 * Runs `$n`-placeholder SQL on a Drizzle database or transaction, so that foreign SQL (pg-boss's
 * job insert) joins our transaction through Drizzle's public API.
 */
export function drizzleExecutor(db: DbOrTx): ExecuteSql {
  return async (text, values = []) => {
    const parts = text.split(/\$(\d+)/);
    const chunks: SQL[] = [];
    for (let i = 0; i < parts.length; i++) {
      if (i % 2 === 0) chunks.push(sql.raw(parts[i]!));
      else chunks.push(sql`${toParam(values[Number(parts[i]) - 1])}`);
    }
    return rowsOf(await db.execute(sql.join(chunks)));
  };
}

/** Drizzle drops undefined chunks, so they become NULL; objects go as JSON text. */
function toParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (
    value !== null &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    !(value instanceof Date) &&
    !Buffer.isBuffer(value)
  ) {
    return JSON.stringify(value);
  }
  return value;
}

/** PGlite and node-postgres both answer `{ rows }`. */
export function rowsOf<T = Record<string, unknown>>(result: unknown): { rows: T[] } {
  return { rows: ((result as { rows?: T[] }).rows ?? []) as T[] };
}
