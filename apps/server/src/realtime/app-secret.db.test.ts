import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { runMigrations } from '../db/migrate';
import { appSecrets } from '../db/schema/secrets';
import { serverRoot } from '../lib/paths';
import { createTestDatabase, type TestDatabase } from '../test/test-db';
import { resolvePusherSecret } from './app-secret';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  await runMigrations(testDb.database, join(serverRoot(), 'drizzle'));
});
afterAll(() => testDb?.dispose());

describe('the real-time signing secret', () => {
  test('PUSHER_APP_SECRET wins and nothing is stored', async () => {
    const db = testDb.database.db;
    expect(await resolvePusherSecret({ db, configured: 'from-env' })).toBe('from-env');
    expect(await db.select().from(appSecrets)).toEqual([]);
  });

  test('without it, one secret is generated and every caller (process) gets the same', async () => {
    const db = testDb.database.db;
    const answers = await Promise.all([resolvePusherSecret({ db }), resolvePusherSecret({ db })]);
    expect(answers[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(answers[1]).toBe(answers[0]);
    expect(await resolvePusherSecret({ db })).toBe(answers[0]);
    expect(await db.select().from(appSecrets)).toHaveLength(1);
  });
});
