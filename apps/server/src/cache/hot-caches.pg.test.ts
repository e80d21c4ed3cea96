import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { createTestApp, requestTo, type TestApp } from '../test/test-app';
import { invalidationCases, type Node } from './invalidation.cases';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

/**
 * Two server processes on one PostgreSQL and one Redis, each with its own caches: what one
 * revokes, the other refuses on the very next request.
 */
describe.skipIf(!databaseUrl || !redisUrl)('hot caches across two processes', () => {
  const env = { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `strata-test-${randomUUID()}:` };
  let t: TestApp;
  let b: App;
  let bDatabase: Database;
  let bDataDir: string;
  let nodeB: Node;

  beforeAll(async () => {
    t = await createTestApp({ env });
    bDataDir = mkdtempSync(join(tmpdir(), 'strata-test-b-'));
    bDatabase = await openDatabase({ databaseUrl: t.app.ctx.database.connectionString, poolSize: 3 });
    b = await buildApp(
      loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: bDataDir,
        LOG_LEVEL: 'silent',
        APP_URL: 'http://strata.test',
        WEB_DIST_DIR: join(bDataDir, 'no-web-build'),
        ...env,
      }),
      { database: bDatabase, logger: false, jobPollingIntervalSeconds: 0.5 },
    );
    nodeB = requestTo(b);
  });
  afterAll(async () => {
    await b?.close();
    await bDatabase?.close();
    await t?.close();
    if (bDataDir) rmSync(bDataDir, { recursive: true, force: true });
  });

  invalidationCases(() => ({ t, nodes: [t.request, nodeB] }));
});
