import { FakeClock, HOUR } from '@strata/test-utils/fake-clock';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { passwordConfirmations } from '../db/schema/auth';
import { idempotencyKeys } from '../db/schema/platform';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

/** POST /api/auth/password/confirm creates a row per run: a visible side effect to count. */
function confirm(token: string, password: string, key?: string) {
  return t.request({
    method: 'POST',
    url: '/api/auth/password/confirm',
    token,
    json: { password },
    headers: key ? { 'x-idempotency-key': key } : {},
  });
}
async function confirmationsOf(userId: number): Promise<number> {
  const [row] = await t.app.ctx.db
    .select({ n: count() })
    .from(passwordConfirmations)
    .where(eq(passwordConfirmations.userId, userId));
  return row!.n;
}

describe('X-Idempotency-Key (Stripe semantics, per user)', () => {
  test('a repeated key replays the first response and runs nothing again', async () => {
    const user = await t.signUp();
    const first = await confirm(user.token, user.password, 'key-1');
    const second = await confirm(user.token, user.password, 'key-1');
    expect(second.statusCode).toBe(first.statusCode);
    expect(second.body).toBe(first.body);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await confirmationsOf(user.id)).toBe(1);
  });

  test('a 4xx first response is replayed as well', async () => {
    const user = await t.signUp();
    const first = await confirm(user.token, 'wrong password', 'key-bad');
    expect(first.statusCode).toBe(422);
    const second = await confirm(user.token, 'wrong password', 'key-bad');
    expect(second.statusCode).toBe(422);
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  test('the same key with another body is a 422 and runs nothing', async () => {
    const user = await t.signUp();
    await confirm(user.token, user.password, 'key-2');
    const other = await confirm(user.token, 'different body', 'key-2');
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await confirmationsOf(user.id)).toBe(1);
  });

  test('two concurrent requests with one key: exactly one runs; the other is a 409 or, if the first has finished, its replay', async () => {
    const user = await t.signUp();
    const results = await Promise.all([
      confirm(user.token, user.password, 'key-3'),
      confirm(user.token, user.password, 'key-3'),
    ]);
    const ran = results.filter((r) => r.statusCode === 200 && !r.headers['idempotent-replayed']);
    expect(ran).toHaveLength(1);
    const other = results.find((r) => r !== ran[0])!;
    if (other.statusCode === 409) expect(other.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    else expect([other.statusCode, other.headers['idempotent-replayed']]).toEqual([200, 'true']);
    expect(await confirmationsOf(user.id)).toBe(1);
  });

  test('while the first request with a key is still running, a second is a 409 and does not run', async () => {
    const user = await t.signUp();
    await confirm(user.token, user.password, 'key-running');
    // The stored answer taken away: the key is claimed and its first request has not finished.
    await t.app.ctx.db
      .update(idempotencyKeys)
      .set({ statusCode: null, contentType: null, responseBody: null, lockedAt: clock.now() })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, 'key-running')));
    const second = await confirm(user.token, user.password, 'key-running');
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('IDEMPOTENCY_IN_PROGRESS');
    expect(await confirmationsOf(user.id)).toBe(1);
  });

  test('keys are per user: another user with the same key runs normally', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    await confirm(a.token, a.password, 'shared-key');
    const res = await confirm(b.token, b.password, 'shared-key');
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await confirmationsOf(b.id)).toBe(1);
  });

  test('after 24 hours a key is forgotten and runs again', async () => {
    const user = await t.signUp();
    await confirm(user.token, user.password, 'key-4');
    clock.advance(25 * HOUR);
    const fresh = (
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        json: { email: user.email, password: user.password },
      })
    ).json();
    const res = await confirm(fresh.token.access_token, user.password, 'key-4');
    expect(res.statusCode).toBe(200);
    expect(res.headers['idempotent-replayed']).toBeUndefined();
    expect(await confirmationsOf(user.id)).toBe(2);
  });

  test('without a key every request runs', async () => {
    const user = await t.signUp();
    await confirm(user.token, user.password);
    await confirm(user.token, user.password);
    expect(await confirmationsOf(user.id)).toBe(2);
  });

  test('GET requests are never stored', async () => {
    const user = await t.signUp();
    const res = await t.request({
      method: 'GET',
      url: '/api/me',
      token: user.token,
      headers: { 'x-idempotency-key': 'k' },
    });
    const again = await t.request({
      method: 'GET',
      url: '/api/me',
      token: user.token,
      headers: { 'x-idempotency-key': 'k' },
    });
    expect(res.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
  });
});
