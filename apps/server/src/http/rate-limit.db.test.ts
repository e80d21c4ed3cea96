import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';

const redisUrl = process.env.TEST_REDIS_URL;

/** Two server processes behind one load balancer share their auth rate limits through Redis. */
describe.skipIf(!redisUrl)('rate limits shared through Redis', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: `strata-test-${randomUUID()}:`,
      AUTH_RATE_LIMIT: '4',
    };
    a = await createTestApp({ env });
    b = await createTestApp({ env });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  test('attempts on two servers count against one limit', async () => {
    const attempt = (t: TestApp) =>
      t.request({
        method: 'POST',
        url: '/api/auth/login',
        json: { email: 'shared@example.test', password: 'whatever1' },
      });
    const statuses = [];
    for (const t of [a, b, a, b, a]) statuses.push((await attempt(t)).statusCode);
    expect(statuses).toEqual([422, 422, 422, 422, 429]);
    expect((await attempt(b)).headers['retry-after']).toBeDefined();
  });
});
