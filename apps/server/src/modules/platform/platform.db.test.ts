import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: { MIN_CLIENT_VERSION: '35.0.0', FORCE_CLIENT_VERSION: '30.0.0', FEATURES: 'beta,gantt' },
  });
});
afterAll(() => t?.close());

describe('platform routes', () => {
  test('GET /api/health answers without authentication', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', version: expect.any(String) });
    expect((await t.request({ method: 'GET', url: '/api/health/ready' })).json().status).toBe('ok');
  });

  test('GET /api/app-vars carries the app variables from configuration', async () => {
    const res = await t.request({ method: 'GET', url: '/api/app-vars' });
    expect(res.statusCode).toBe(200);
    const vars = res.json();
    expect(vars.app).toMatchObject({
      name: 'Strata',
      version: expect.any(String),
      common_url: 'http://strata.test',
    });
    expect(vars.broadcasting).toEqual({ key: 'strata', host: 'strata.test', port: 80 });
    expect(vars.features).toEqual({ beta: true, gantt: true });
    expect(vars.customization.name).toBe('Strata');
    expect(vars).toHaveProperty('timeout');
    expect(vars).toHaveProperty('mobile_sync_threshold');
  });

  test('GET /api/docs serves the OpenAPI document of the routes', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs' })).json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/auth/register', '/api/me']),
    );
  });

  test('unknown API paths answer the error body with 404 or 401, never HTML', async () => {
    const res = await t.request({ method: 'GET', url: '/api/does-not-exist' });
    expect([401, 404]).toContain(res.statusCode);
    expect(res.json()).toHaveProperty('code');
  });
});

describe('PUT /api/log', () => {
  test('accepts an app event from a signed-in user with 204', async () => {
    const user = await t.signUp();
    const res = await t.request({
      method: 'PUT',
      url: '/api/log',
      token: user.token,
      json: { name: 'page_view', properties: { path: '/home', route: 'home' } },
    });
    expect(res.statusCode).toBe(204);
  });

  test.each([
    { token: false, body: { name: 'page_view' }, status: 401 },
    { token: true, body: { name: '' }, status: 422 },
    { token: true, body: { name: 'x', properties: { nested: { a: 1 } } }, status: 422 },
  ])('refuses $body (token $token) with $status', async ({ token, body, status }) => {
    const user = await t.signUp();
    const res = await t.request({
      method: 'PUT',
      url: '/api/log',
      token: token ? user.token : undefined,
      json: body,
    });
    expect(res.statusCode).toBe(status);
  });
});

describe('X-Client-Version', () => {
  test.each([
    { version: '34.9.0', flagged: true },
    { version: '35.0.0', flagged: false },
    { version: '36.0.0', flagged: false },
    { version: undefined, flagged: false },
  ])('$version -> update-required header $flagged', async ({ version, flagged }) => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: version ? { 'x-client-version': version } : {},
    });
    expect(res.headers['x-update-required'] !== undefined).toBe(flagged);
  });

  test.each([
    { version: '29.9.9', forced: true },
    { version: '30.0.0', forced: false },
    { version: '34.0.0', forced: false },
  ])('$version -> force-reload header $forced', async ({ version, forced }) => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-client-version': version },
    });
    expect(res.headers['x-force-reload'] !== undefined).toBe(forced);
  });
});

describe('security headers, CORS, rate limits', () => {
  test('documents carry the full CSP and hardening headers', async () => {
    const res = await t.request({ method: 'GET', url: '/dev/mail' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
    // A form's cover is an address on https; plain http images stay out of the page.
    expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:;");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });

  test('API responses carry the REST set: nosniff, no framing, nothing to load', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'referrer-policy': 'no-referrer',
    });
  });

  test('CORS is off by default: no allow-origin for a foreign origin', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example' },
    });
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  test('auth routes are rate limited: 429 with Retry-After past the limit', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT: '3' } });
    try {
      const attempt = () =>
        limited.request({
          method: 'POST',
          url: '/api/auth/login',
          json: { email: 'rl@example.test', password: 'whatever1' },
        });
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
      expect(statuses).toEqual([422, 422, 422, 429]);
      const refused = await attempt();
      expect(refused.headers['retry-after']).toBeDefined();
      expect(refused.json().code).toBe('RATE_LIMITED');
    } finally {
      await limited.close();
    }
  });
});

describe('development mail outbox', () => {
  test('lists mail newest first as JSON and as a page while no SMTP_URL is set', async () => {
    const list = await t.request({ method: 'GET', url: '/api/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(Array.isArray(list.json())).toBe(true);
    const page = await t.request({ method: 'GET', url: '/dev/mail' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Mail outbox');
  });

  test('does not exist when SMTP_URL is set', async () => {
    const withSmtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      expect((await withSmtp.request({ method: 'GET', url: '/api/dev/mail' })).statusCode).not.toBe(200);
      expect((await withSmtp.request({ method: 'GET', url: '/dev/mail' })).statusCode).toBe(404);
    } finally {
      await withSmtp.close();
    }
  });
});
