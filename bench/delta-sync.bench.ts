/**
 * Delta sync: `GET /api/{teamId}/changes?since=cursor` for a recent cursor must not slow down as a
 * workspace's history grows (ARCHITECTURE §4): 100,000 noted changes <= 1.2x 10,000.
 *
 * Method:
 * - Two apps as in production (full plugin stack, auth, zod serialisation), each on its own
 *   in-memory PGlite with the migrations applied. Each holds one workspace whose record_changes
 *   has exactly ROWS rows: the workspace, its permission record, its owner, and ROWS - 3 members
 *   (users and memberships written by SQL, with one change each, as the migration's backfill
 *   numbers them). `ANALYZE` afterwards, as autovacuum would on a server.
 * - The request asks for the last RECENT changes (`since = head - RECENT`): RECENT members, loaded
 *   with their users, in the shape of GET .../members. Every answer is checked (200, RECENT
 *   changes, has_more false), so a wrong plan cannot pass as a fast one.
 * - Through `app.inject` (no sockets: the network is the same for both sides and not measured).
 * - Warm-up of WARMUP requests per side, then ROUNDS rounds alternating which side goes first; a
 *   sample is the wall time of BATCH sequential requests divided by BATCH. Figures are medians
 *   over rounds; ratio = median at 100,000 / median at 10,000 (goal <= 1.2).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { quickUser } from '../apps/server/src/test/quick-user';
import { median, round } from './lib/stats';
import type { BenchResult } from './lib/types';

const SIZES = [10_000, 100_000] as const;
const RECENT = 100;
const WARMUP = 30;
const ROUNDS = 41;
const BATCH = 5;

interface Side {
  rows: number;
  app: App;
  database: Database;
  dataDir: string;
  url: string;
  token: string;
  samples: number[];
}

/**
 * A workspace whose change history holds exactly `rows` rows, in an app of its own; the side joins
 * `sides` as soon as its app exists, so that it is closed whatever fails after.
 */
async function prepare(rows: number, sides: Side[]): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'strata-bench-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    DATABASE_URL: undefined,
  });
  const database = await openDatabase({ dataDir: 'memory://' });
  const app = await buildApp(config, { database, logger: false });
  const side: Side = { rows, app, database, dataDir, url: '', token: '', samples: [] };
  sides.push(side);
  const owner = await quickUser(app.ctx, { name: 'Owner' });
  const created = await app.inject({
    method: 'POST',
    url: '/api/teams',
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { name: 'Bench' },
  });
  if (created.statusCode !== 201) throw new Error(`create workspace: ${created.body}`);
  const teamId = (created.json() as { id: number }).id;
  const run = database.executeSql;
  await run(
    `INSERT INTO users (email, name, email_verified_at)
     SELECT 'member' || g || '@bench.test', 'Member ' || g, now() FROM generate_series(1, $1::int) g`,
    [rows - 3],
  );
  await run(
    `INSERT INTO team_members (team_id, user_id, role)
     SELECT $1, id, 'full-member' FROM users WHERE email LIKE '%@bench.test'`,
    [teamId],
  );
  await run(
    `INSERT INTO record_changes (team_id, record_type, record_id, change_seq, deleted)
     SELECT $1, 'member', user_id::text, 3 + row_number() OVER (ORDER BY user_id), false
     FROM team_members WHERE team_id = $1 AND role = 'full-member'`,
    [teamId],
  );
  await run(
    'UPDATE teams SET change_seq = (SELECT max(change_seq) FROM record_changes WHERE team_id = $1) WHERE id = $1',
    [teamId],
  );
  await run('ANALYZE');
  const [counted] = (
    await run(
      'SELECT count(*)::int AS n, max(change_seq)::int AS head FROM record_changes WHERE team_id = $1',
      [teamId],
    )
  ).rows as { n: number; head: number }[];
  if (counted?.n !== rows || counted.head !== rows)
    throw new Error(`seeded ${JSON.stringify(counted)}, wanted ${rows}`);
  side.url = `/api/${teamId}/changes?since=${rows - RECENT}`;
  side.token = owner.token;
}

async function pullRecent(side: Side): Promise<void> {
  const res = await side.app.inject({
    method: 'GET',
    url: side.url,
    headers: { authorization: `Bearer ${side.token}` },
  });
  if (res.statusCode !== 200) throw new Error(`${side.url}: ${res.statusCode} ${res.body}`);
  const page = res.json() as { changes: unknown[]; has_more: boolean; cursor: number };
  if (page.changes.length !== RECENT || page.has_more || page.cursor !== side.rows)
    throw new Error(
      `${side.url}: ${page.changes.length} changes, has_more ${page.has_more}, cursor ${page.cursor}`,
    );
}

async function measure(side: Side): Promise<number> {
  const start = performance.now();
  for (let i = 0; i < BATCH; i++) await pullRecent(side);
  return (performance.now() - start) / BATCH;
}

export async function run(): Promise<BenchResult> {
  const sides: Side[] = [];
  try {
    for (const rows of SIZES) await prepare(rows, sides);
    for (const side of sides) for (let i = 0; i < WARMUP; i++) await pullRecent(side);
    for (let i = 0; i < ROUNDS; i++) {
      const order = i % 2 === 0 ? sides : [...sides].reverse();
      for (const side of order) side.samples.push(await measure(side));
    }
    const [small, large] = sides.map((side) => median(side.samples));
    return {
      name: 'delta-sync',
      ratio: large! / small!,
      goal: '<=1.2',
      details: {
        recent: RECENT,
        rows_small: SIZES[0],
        rows_large: SIZES[1],
        small_ms: round(small!, 2),
        large_ms: round(large!, 2),
      },
    };
  } finally {
    for (const side of sides) {
      await side.app.close();
      await side.database.close();
      await rm(side.dataDir, { recursive: true, force: true });
    }
  }
}
