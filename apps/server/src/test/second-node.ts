import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import type { TestApp } from './test-app';

/**
 * A second server process beside a test app on a real PostgreSQL (the cross-node tests): its own
 * pool on the first one's database, its own data directory, the same settings `env` (Redis).
 */
export async function startSecondNode(first: TestApp, env: Record<string, string | undefined>) {
  const dataDir = mkdtempSync(join(tmpdir(), 'strata-test-b-'));
  // B opens its own pool on A's database, as a second process would.
  const database = await openDatabase({ databaseUrl: first.app.ctx.database.connectionString, poolSize: 3 });
  const app: App = await buildApp(
    loadConfig({
      NODE_ENV: 'test',
      PASSWORD_HASHING: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      APP_URL: 'http://strata.test',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      ...env,
    }),
    { database, logger: false, jobPollingIntervalSeconds: 0.5, eventPollingIntervalMs: 50 },
  );
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
