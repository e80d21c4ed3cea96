import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { buildRegistration } from '@strata/test-utils/factories';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from '../test/test-db';

let app: App;
let testDb: TestDatabase;
let dataDir: string;
let log = '';

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'strata-error-log-'));
  testDb = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    APP_URL: 'http://strata.test',
    WEB_DIST_DIR: join(dataDir, 'no-web-build'),
  });
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      log += chunk.toString();
      done();
    },
  });
  app = await buildApp(config, { database: testDb.database, logStream, jobPollingIntervalSeconds: 0.5 });
  await app.ready();
  // Every new account is refused by the database itself, after the password is hashed: the
  // check's detail ("Failing row contains (...)") and drizzle's params both carry the row.
  await testDb.database.executeSql(
    'alter table users add constraint strata_test_refuse check (false) not valid',
  );
});
afterAll(async () => {
  await app?.close();
  await testDb?.dispose();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a failed write is logged with its code, constraint and query text, never with the values it carried', async () => {
  const registration = buildRegistration({
    name: 'Name-secret-4711',
    password: 'password-secret-0815',
  });
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: registration });
  expect(res.statusCode).toBe(500);
  expect(res.json()).toEqual({ message: 'Something Went Wrong', code: 'INTERNAL' });

  const entries = log
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { msg?: string; err?: Record<string, unknown> });
  const failure = entries.find((entry) => entry.msg === 'unhandled error');
  expect(failure?.err).toMatchObject({
    type: 'DrizzleQueryError',
    code: '23514',
    query: expect.stringMatching(/^insert into "users" \(.*\) values \(default, \$1, \$2, \$3,/),
  });
  expect(JSON.stringify(failure)).toContain('strata_test_refuse');

  for (const secret of [
    registration.email,
    registration.name,
    registration.password,
    '$argon2id$',
    'params:',
  ]) {
    expect(log).not.toContain(secret);
  }
});
