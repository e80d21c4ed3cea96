import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { AppError } from '@strata/domain/errors';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AppContext } from '../../context';
import { pushSubscriptions } from '../../db/schema/push-subscriptions';
import { quickUser } from '../../test/quick-user';
import { createTestApp, type TestApp } from '../../test/test-app';
import { assertPushEndpoint } from './push-subscriptions';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const PATH = '/api/notifications/device-tokens';

/** A subscription as Chrome gives it: FCM endpoint, a fresh P-256 key and auth secret. */
function browserToken(endpoint = `https://fcm.googleapis.com/fcm/send/${randomUUID()}`) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    expirationTime: null,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

const rowsOf = (userId: number) =>
  t.app.ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));

describe('POST and DELETE /api/notifications/device-tokens', () => {
  test('a browser subscription is saved once per endpoint; saving it again refreshes its keys', async () => {
    const me = await quickUser(t.app.ctx);
    const token = browserToken();
    const saved = await t.request({ method: 'POST', url: PATH, token: me.token, json: { token } });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ ok: true });
    const renewed = { ...token, keys: browserToken().keys };
    expect(
      (await t.request({ method: 'POST', url: PATH, token: me.token, json: { token: renewed } })).statusCode,
    ).toBe(200);
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      endpoint: token.endpoint,
      p256dh: renewed.keys.p256dh,
      auth: renewed.keys.auth,
    });
    expect(rows[0]!.lastUsedAt).toBeNull();
  });

  test('bad tokens are refused with a message naming the problem, and change nothing', async () => {
    const me = await quickUser(t.app.ctx);
    const good = browserToken();
    await t.request({ method: 'POST', url: PATH, token: me.token, json: { token: good } });
    const keys = good.keys;
    const cases: [unknown, string, RegExp][] = [
      [{}, 'token', /required/i],
      [{ token: { ...good, endpoint: 'not a url' } }, 'token.endpoint', /https URL/],
      [{ token: { ...good, endpoint: 'ftp://fcm.googleapis.com/x' } }, 'token.endpoint', /https URL/],
      [{ token: { ...good, endpoint: 'http://fcm.googleapis.com/x' } }, 'token.endpoint', /https URL/],
      [{ token: { ...good, endpoint: 'http://127.0.0.1:9/x' } }, 'token.endpoint', /https URL/],
      [{ token: { ...good, endpoint: 'https://evil.example.com/push' } }, 'token.endpoint', /push service/],
      [
        { token: { ...good, endpoint: 'https://fcm.googleapis.com.evil.test/x' } },
        'token.endpoint',
        /push service/,
      ],
      [
        { token: { ...good, endpoint: 'https://user:pw@fcm.googleapis.com/x' } },
        'token.endpoint',
        /user name/,
      ],
      [
        { token: { ...good, endpoint: `https://fcm.googleapis.com/${'a'.repeat(1000)}` } },
        'token.endpoint',
        /1000/,
      ],
      [{ token: { endpoint: good.endpoint } }, 'token.keys', /required/],
      [
        { token: { ...good, keys: { ...keys, p256dh: keys.p256dh.slice(0, 80) } } },
        'token.keys.p256dh',
        /65 bytes/,
      ],
      [
        { token: { ...good, keys: { ...keys, p256dh: `A${keys.p256dh.slice(1)}` } } },
        'token.keys.p256dh',
        /P-256/,
      ],
      [
        { token: { ...good, keys: { ...keys, p256dh: `${keys.p256dh.slice(0, 86)}+` } } },
        'token.keys.p256dh',
        /base64url/,
      ],
      [
        { token: { ...good, keys: { ...keys, auth: randomBytes(12).toString('base64url') } } },
        'token.keys.auth',
        /16 bytes/,
      ],
      [{ token: { ...good, keys: { ...keys, auth: 12 } } }, 'token.keys.auth', /./],
    ];
    for (const [body, path, message] of cases) {
      const res = await t.request({ method: 'POST', url: PATH, token: me.token, json: body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(422);
      const error = res.json().errors.find((e: { path: string }) => e.path.startsWith(path));
      expect(error?.message, `${path} in ${res.body}`).toMatch(message);
    }
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ endpoint: good.endpoint, p256dh: keys.p256dh, auth: keys.auth });
  });

  test('DELETE removes only the caller’s own token; another person’s stays', async () => {
    const me = await quickUser(t.app.ctx);
    const other = await quickUser(t.app.ctx);
    const mine = browserToken();
    const theirs = browserToken();
    await t.request({ method: 'POST', url: PATH, token: me.token, json: { token: mine } });
    await t.request({ method: 'POST', url: PATH, token: other.token, json: { token: theirs } });

    const foreign = await t.request({
      method: 'DELETE',
      url: PATH,
      token: me.token,
      json: { token: theirs },
    });
    expect(foreign.json()).toEqual({ ok: true, removed: false });
    expect(await rowsOf(other.id)).toHaveLength(1);

    const own = await t.request({
      method: 'DELETE',
      url: PATH,
      token: me.token,
      json: { token: { endpoint: mine.endpoint } },
    });
    expect(own.json()).toEqual({ ok: true, removed: true });
    expect(await rowsOf(me.id)).toHaveLength(0);
    const again = await t.request({ method: 'DELETE', url: PATH, token: me.token, json: { token: mine } });
    expect(again.json()).toEqual({ ok: true, removed: false });

    const bad = await t.request({
      method: 'DELETE',
      url: PATH,
      token: me.token,
      json: { token: { endpoint: 'nope' } },
    });
    expect(bad.statusCode).toBe(422);
    expect(await rowsOf(other.id)).toHaveLength(1);
  });

  test('a browser that signs in as someone else hands its endpoint over to them', async () => {
    const first = await quickUser(t.app.ctx);
    const second = await quickUser(t.app.ctx);
    const token = browserToken();
    await t.request({ method: 'POST', url: PATH, token: first.token, json: { token } });
    await t.request({ method: 'POST', url: PATH, token: second.token, json: { token } });
    expect(await rowsOf(first.id)).toHaveLength(0);
    expect(await rowsOf(second.id)).toHaveLength(1);
  });

  test('guest accounts get no push; without a session 401', async () => {
    const guest = await quickUser(t.app.ctx, { guest: true });
    const res = await t.request({
      method: 'POST',
      url: PATH,
      token: guest.token,
      json: { token: browserToken() },
    });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(guest.id)).toHaveLength(0);
    expect((await t.request({ method: 'POST', url: PATH, json: { token: browserToken() } })).statusCode).toBe(
      401,
    );
    expect(
      (await t.request({ method: 'DELETE', url: PATH, json: { token: browserToken() } })).statusCode,
    ).toBe(401);
  });
});

describe('push endpoints the server sends to', () => {
  /** The message of the endpoint's field error, or null when it is taken. */
  const refusal = (ctx: AppContext, url: string) => {
    try {
      assertPushEndpoint(ctx, url);
      return null;
    } catch (error) {
      return (error as AppError).errors?.[0]?.message ?? 'no field error';
    }
  };
  const withConfig = (overrides: Partial<AppContext['config']>) =>
    ({ ...t.app.ctx, config: { ...t.app.ctx.config, ...overrides } }) as AppContext;

  test('plain http only on loopback, and only when OUTGOING_ALLOW_LOOPBACK is on', () => {
    const on = withConfig({ outgoingAllowLoopback: true });
    const off = withConfig({ outgoingAllowLoopback: false });
    for (const url of ['http://127.0.0.1:4000/p', 'http://localhost/p', 'http://[::1]:80/p'])
      expect(() => assertPushEndpoint(on, url)).not.toThrow();
    expect(() => assertPushEndpoint(on, 'http://10.0.0.1/p')).toThrow();
    expect(refusal(off, 'http://127.0.0.1:4000/p')).toMatch(/https URL/);
  });

  test('https on a listed push service or its subdomains; `*` allows any host', () => {
    const ctx = withConfig({ outgoingAllowLoopback: false });
    for (const url of [
      'https://fcm.googleapis.com/fcm/send/a',
      'https://updates.push.services.mozilla.com/wpush/v2/a',
      'https://wns2-par02p.notify.windows.com/w/?token=a',
      'https://web.push.apple.com/a',
    ])
      expect(() => assertPushEndpoint(ctx, url)).not.toThrow();
    expect(refusal(ctx, 'https://push.example.org/a')).toMatch(/push service/);
    expect(() =>
      assertPushEndpoint(withConfig({ pushServiceHosts: ['*'] }), 'https://push.example.org/a'),
    ).not.toThrow();
  });
});

test('GET /api/notifications/push-key answers the same VAPID public key every time', async () => {
  const me = await quickUser(t.app.ctx);
  const first = await t.request({ method: 'GET', url: '/api/notifications/push-key', token: me.token });
  expect(first.statusCode).toBe(200);
  const key = first.json().public_key as string;
  expect(Buffer.from(key, 'base64url')).toHaveLength(65);
  const second = await t.request({ method: 'GET', url: '/api/notifications/push-key', token: me.token });
  expect(second.json().public_key).toBe(key);
  expect((await t.request({ method: 'GET', url: '/api/notifications/push-key' })).statusCode).toBe(401);
});
