import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loadConfig } from '../../config';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let plain: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TEST_TIME_SOURCE: '1' } });
  plain = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await plain?.close();
});

const advance = (app: TestApp, ms: number, remoteAddress = '127.0.0.1') =>
  app.request({ method: 'POST', url: '/api/dev/clock', remoteAddress, json: { advance_ms: ms } });

describe('the test time source', () => {
  test('moves the services’ clock forward from this machine only', async () => {
    const before = t.app.ctx.clock.now().getTime();
    const res = await advance(t, 3 * 86_400_000);
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().now) - before).toBeGreaterThanOrEqual(3 * 86_400_000);
    expect(t.app.ctx.clock.now().getTime() - Date.now()).toBeGreaterThanOrEqual(3 * 86_400_000 - 1000);
    expect((await advance(t, 1000, '10.1.2.3')).statusCode).toBe(404);
    expect((await advance(t, -5)).statusCode).toBe(422);
    const reset = await t.request({
      method: 'POST',
      url: '/api/dev/clock',
      remoteAddress: '127.0.0.1',
      json: { reset: true },
    });
    expect(reset.statusCode).toBe(200);
    expect(Math.abs(t.app.ctx.clock.now().getTime() - Date.now())).toBeLessThan(1000);
  });

  test('does not exist without TEST_TIME_SOURCE, and production refuses it', async () => {
    expect((await advance(plain, 1000)).statusCode).toBe(404);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', SMTP_URL: 'smtp://127.0.0.1:2525', TEST_TIME_SOURCE: '1' }),
    ).toThrow(/TEST_TIME_SOURCE/);
  });
});
