import type { TokenRecord } from '@strata/domain/auth/token-rules';
import { describe, expect, test, vi } from 'vitest';
import { createHttpClient, HttpError } from './http-client';
import { memoryTokenStore } from './token-store';

interface Call {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: string;
}

/** A scripted transport: answers each call with the next queued response and records the call. */
function transport(answers: Array<(call: Call) => Response>) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const call = {
      url,
      method: String(init.method),
      headers: init.headers as Record<string, string>,
      body: init.body as string,
    };
    calls.push(call);
    const next = answers.shift();
    if (!next) throw new Error(`unexpected call ${call.method} ${url}`);
    return next(call);
  });
  return { calls, fetch: fetch as unknown as typeof globalThis.fetch };
}
const json =
  (status: number, body: unknown, headers: Record<string, string> = {}) =>
  () =>
    new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json', ...headers },
    });

const NOW = Date.parse('2026-06-01T10:00:00Z');
const token = (access: string, ageMs = 0): TokenRecord => ({
  access_token: access,
  expires_in: 900,
  refresh_expires_in: 86400,
  created_at: new Date(NOW - ageMs).toISOString(),
});

let keys = 0;
const client = (t: ReturnType<typeof transport>, store = memoryTokenStore(token('A')), extra = {}) =>
  createHttpClient({
    clientVersion: '35.0.0',
    tokens: store,
    fetch: t.fetch,
    now: () => NOW,
    newIdempotencyKey: () => `key-${++keys}`,
    isOnline: () => true,
    ...extra,
  });

describe('request headers', () => {
  test('every request carries X-Client-Version and the bearer token; only non-GET ones a fresh idempotency key', async () => {
    const t = transport([json(200, {}), json(200, {}), json(200, {})]);
    const http = client(t);
    await http.get('/api/me');
    await http.put('/api/me', { name: 'x' });
    await http.put('/api/me', { name: 'y' });
    expect(t.calls[0]!.headers).toMatchObject({ 'x-client-version': '35.0.0', authorization: 'Bearer A' });
    expect(t.calls[0]!.headers['x-idempotency-key']).toBeUndefined();
    const [a, b] = [t.calls[1]!.headers['x-idempotency-key'], t.calls[2]!.headers['x-idempotency-key']];
    expect(a).toBeDefined();
    expect(a).not.toBe(b);
  });

  test('a replay sends the idempotency key it is given instead of a fresh one; a GET still sends none', async () => {
    const t = transport([json(200, {}), json(200, {})]);
    const http = client(t);
    await http.request('PUT', '/api/me', { body: { name: 'x' }, idempotencyKey: 'original-key' });
    await http.get('/api/me', { idempotencyKey: 'original-key' });
    expect(t.calls[0]!.headers['x-idempotency-key']).toBe('original-key');
    expect(t.calls[1]!.headers['x-idempotency-key']).toBeUndefined();
  });

  test('auth: false sends no bearer token', async () => {
    const t = transport([json(200, {})]);
    await client(t).post('/api/auth/login', {}, { auth: false });
    expect(t.calls[0]!.headers.authorization).toBeUndefined();
  });
});

describe('token refresh', () => {
  test('an access token within 5 s of expiry is refreshed before the request', async () => {
    const store = memoryTokenStore(token('OLD', 896_000));
    const t = transport([json(200, { token: token('NEW') }), json(200, { ok: 1 })]);
    await client(t, store).get('/api/me');
    expect(t.calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/me']);
    expect(t.calls[1]!.headers.authorization).toBe('Bearer NEW');
  });

  test('a 401 triggers one refresh and a retry with the same idempotency key', async () => {
    const t = transport([
      json(401, { message: 'Unauthenticated.', code: 'UNAUTHENTICATED' }),
      json(200, { token: token('B') }),
      json(200, {}),
    ]);
    await client(t).put('/api/me', { name: 'x' });
    expect(t.calls.map((c) => c.url)).toEqual(['/api/me', '/api/auth/refresh', '/api/me']);
    expect(t.calls[2]!.headers['x-idempotency-key']).toBe(t.calls[0]!.headers['x-idempotency-key']);
    expect(t.calls[2]!.headers.authorization).toBe('Bearer B');
  });

  test('concurrent callers share one refresh', async () => {
    const store = memoryTokenStore(token('OLD', 896_000));
    const t = transport([json(200, { token: token('NEW') }), json(200, {}), json(200, {})]);
    const http = client(t, store);
    await Promise.all([http.get('/api/a'), http.get('/api/b')]);
    expect(t.calls.filter((c) => c.url === '/api/auth/refresh')).toHaveLength(1);
  });

  test('a refresh refused with 401 clears the token and reports the session as expired', async () => {
    const store = memoryTokenStore(token('OLD'));
    const onSessionExpired = vi.fn();
    const t = transport([json(401, {}), json(401, { message: 'The session has expired' })]);
    await expect(client(t, store, { onSessionExpired }).get('/api/me')).rejects.toBeInstanceOf(HttpError);
    expect(onSessionExpired).toHaveBeenCalledOnce();
    expect(store.get()).toBeNull();
  });

  test('a 401 with type reauth is not refreshed: it is handed to the caller', async () => {
    const t = transport([json(401, { message: 'Please confirm', code: 'REAUTH_REQUIRED', type: 'reauth' })]);
    const error = await client(t)
      .put('/api/me/email', { email: 'a@b.co' })
      .catch((e: HttpError) => e);
    expect(error).toMatchObject({ status: 401, type: 'reauth' });
    expect(t.calls).toHaveLength(1);
  });
});

describe('failures', () => {
  test.each([
    {
      status: 422,
      body: { message: 'Email already exists.', code: 'EMAIL_TAKEN' },
      message: 'Email already exists.',
    },
    { status: 404, body: {}, message: 'Not Found' },
    { status: 500, body: null, message: 'Something Went Wrong' },
  ])('$status answers HttpError "$message"', async ({ status, body, message }) => {
    const t = transport([json(status, body)]);
    const error = await client(t, memoryTokenStore())
      .get<never>('/api/x')
      .catch((e: HttpError) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toBe(message);
    expect(error.status).toBe(status);
  });

  test('the error keeps the placeholders’ values and the whole body (a 409’s server copy, invited users)', async () => {
    const body = {
      message: 'Updates overlapped',
      code: 'CONFLICT',
      params: { n: 5 },
      current: { row_version: 4 },
      users: [{ id: 3 }],
    };
    const t = transport([json(409, body)]);
    const error = await client(t, memoryTokenStore())
      .post<never>('/api/x', {})
      .catch((e: HttpError) => e);
    expect(error.params).toEqual({ n: 5 });
    expect(error.data).toEqual(body);
  });

  test('offline, a request fails at once with "Offline" and sends nothing', async () => {
    const t = transport([]);
    const error = await client(t, memoryTokenStore(), { isOnline: () => false })
      .get<never>('/api/x')
      .catch((e: HttpError) => e);
    expect(error.message).toBe('Offline');
    expect(t.calls).toHaveLength(0);
  });

  test.each([
    { method: 'GET', sent: true },
    { method: 'PUT', sent: false },
    { method: 'DELETE', sent: false },
  ])(
    'offline with a service worker that can answer reads: a $method is sent: $sent',
    async ({ method, sent }) => {
      const t = transport([json(200, { cached: true })]);
      const http = client(t, memoryTokenStore(), { isOnline: () => false, readsOffline: () => true });
      const result = await http
        .request(method, '/api/x', method === 'PUT' ? { body: {} } : {})
        .catch((e) => e);
      expect(t.calls).toHaveLength(sent ? 1 : 0);
      if (sent) expect(result).toEqual({ cached: true });
      else expect(result).toMatchObject({ status: 0, message: 'Offline' });
    },
  );

  test("the service worker's 503 OFFLINE (no network, nothing cached) counts as no answer; another 503 does not", async () => {
    const onNoAnswer = vi.fn();
    const t = transport([
      json(503, { message: 'Could not find the cached response: /api/x', code: 'OFFLINE' }),
      json(503, { message: 'Down' }),
    ]);
    const http = client(t, memoryTokenStore(), { onNoAnswer });
    expect(await http.get('/api/x').catch((e) => e)).toMatchObject({
      status: 0,
      code: 'OFFLINE',
      message: 'Offline',
    });
    expect(onNoAnswer).toHaveBeenCalledOnce();
    expect(await http.get('/api/y').catch((e) => e)).toMatchObject({ status: 503 });
    expect(onNoAnswer).toHaveBeenCalledOnce();
  });

  test('the update-required header is reported', async () => {
    const onUpdateRequired = vi.fn();
    const t = transport([json(200, {}, { 'x-update-required': '36.0.0' })]);
    await client(t, memoryTokenStore(), { onUpdateRequired }).get('/api/health');
    expect(onUpdateRequired).toHaveBeenCalledWith('36.0.0');
  });
});

describe('connection signals', () => {
  test('an answered request reports its method once on success, and nothing on an error status', async () => {
    const onRequestSucceeded = vi.fn();
    const onNoAnswer = vi.fn();
    const t = transport([json(200, {}), json(201, {}), json(422, { code: 'X' }), json(503, {})]);
    const http = client(t, memoryTokenStore(), { onRequestSucceeded, onNoAnswer });
    await http.get('/api/a');
    await http.put('/api/b', {});
    await http.post('/api/c', {}).catch(() => undefined);
    await http.delete('/api/d').catch(() => undefined);
    expect(onRequestSucceeded.mock.calls).toEqual([['GET'], ['PUT']]);
    expect(onNoAnswer).not.toHaveBeenCalled();
  });

  test('a request that gets no answer reports it and fails with "Offline"', async () => {
    const onNoAnswer = vi.fn();
    const onRequestSucceeded = vi.fn();
    const t = transport([
      () => {
        throw new TypeError('Failed to fetch');
      },
    ]);
    const error = await client(t, memoryTokenStore(), { onNoAnswer, onRequestSucceeded })
      .put<never>('/api/me', { name: 'x' })
      .catch((e: HttpError) => e);
    expect(error).toMatchObject({ status: 0, code: 'OFFLINE', message: 'Offline' });
    expect(onNoAnswer).toHaveBeenCalledOnce();
    expect(onRequestSucceeded).not.toHaveBeenCalled();
  });

  test('a cancelled request, or one refused because the browser is offline, is not a lost answer', async () => {
    const onNoAnswer = vi.fn();
    const aborted = transport([
      () => {
        throw new DOMException('The operation was aborted.', 'AbortError');
      },
    ]);
    await client(aborted, memoryTokenStore(), { onNoAnswer })
      .get('/api/a')
      .catch(() => undefined);
    await client(transport([]), memoryTokenStore(), { onNoAnswer, isOnline: () => false })
      .put('/api/b', {})
      .catch(() => undefined);
    expect(aborted.calls).toHaveLength(1);
    expect(onNoAnswer).not.toHaveBeenCalled();
  });
});

describe('preview mode', () => {
  test('changes are refused at once with the preview message and nothing is sent; reads and sign-out go through', async () => {
    const t = transport([json(200, {}), json(200, { ok: true })]);
    const http = client(t, memoryTokenStore(token('A')), {
      previewMessage: () => 'This feature is not available in preview mode.',
    });
    const error = await http.put<never>('/api/me', { name: 'x' }).catch((e: HttpError) => e);
    expect(error).toMatchObject({
      message: 'This feature is not available in preview mode.',
      code: 'PREVIEW_MODE',
    });
    await http.get('/api/me');
    await http.post('/api/auth/logout', {});
    expect(t.calls.map((c) => c.url)).toEqual(['/api/me', '/api/auth/logout']);
  });
});

describe('file answers', () => {
  test("responseType 'blob' answers the bytes as they came (a CSV's byte order mark kept)", async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x2c, 0x62, 0x0d, 0x0a]);
    const t = transport([
      () => new Response(bytes, { status: 200, headers: { 'content-type': 'text/csv' } }),
    ]);
    const blob = await client(t).get<Blob>('/api/1/folders/f/export', { responseType: 'blob' });
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);
  });

  test("responseType 'blob' still answers a failure as HttpError with the server's code", async () => {
    const t = transport([json(403, { message: 'This action is unauthorized.', code: 'FORBIDDEN' })]);
    const error = await client(t)
      .get<Blob>('/api/1/folders/f/export', { responseType: 'blob' })
      .catch((e: HttpError) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).code).toBe('FORBIDDEN');
  });
});

describe('early answers (reads sent before the client existed)', () => {
  /** Early answers by path, each taken once, recording what was taken. */
  function early(answers: Record<string, Promise<Response>>) {
    const taken: string[] = [];
    return {
      taken,
      takeEarlyResponse: (path: string) => {
        const answer = answers[path];
        if (!answer) return undefined;
        delete answers[path];
        taken.push(path);
        return answer;
      },
    };
  }

  test('a plain read takes its early answer instead of sending, once; the next read of it is sent', async () => {
    const t = transport([json(200, { name: 'sent' })]);
    const reads = early({ '/api/me': Promise.resolve(json(200, { name: 'early' })()) });
    const http = client(t, undefined, { takeEarlyResponse: reads.takeEarlyResponse });
    expect(await http.get('/api/me')).toEqual({ name: 'early' });
    expect(t.calls).toEqual([]);
    expect(await http.get('/api/me')).toEqual({ name: 'sent' });
    expect(t.calls.map((c) => c.url)).toEqual(['/api/me']);
  });

  test('changes, reads with their own headers and reads without a session never take one', async () => {
    const t = transport([json(200, {}), json(200, {}), json(200, {})]);
    const reads = early({ '/api/me': Promise.resolve(json(200, { name: 'early' })()) });
    await client(t, undefined, { takeEarlyResponse: reads.takeEarlyResponse }).put('/api/me', { name: 'x' });
    await client(t, undefined, { takeEarlyResponse: reads.takeEarlyResponse }).get('/api/me', {
      headers: { 'if-none-match': '"a"' },
    });
    await client(t, memoryTokenStore(null), { takeEarlyResponse: reads.takeEarlyResponse }).get('/api/me');
    expect(reads.taken).toEqual([]);
    expect(t.calls).toHaveLength(3);
  });

  test('an early read that got no answer is sent again', async () => {
    const t = transport([json(200, { name: 'sent' })]);
    const reads = early({ '/api/me': Promise.reject(new TypeError('Failed to fetch')) });
    const http = client(t, undefined, { takeEarlyResponse: reads.takeEarlyResponse });
    expect(await http.get('/api/me')).toEqual({ name: 'sent' });
    expect(reads.taken).toEqual(['/api/me']);
  });

  test('an early 401 is handled as any: the token is refreshed and the read sent again', async () => {
    const t = transport([json(200, { token: token('B') }), json(200, { name: 'after refresh' })]);
    const reads = early({ '/api/me': Promise.resolve(json(401, { code: 'UNAUTHENTICATED' })()) });
    const http = client(t, undefined, { takeEarlyResponse: reads.takeEarlyResponse });
    expect(await http.get('/api/me')).toEqual({ name: 'after refresh' });
    expect(t.calls.map((c) => c.url)).toEqual(['/api/auth/refresh', '/api/me']);
    expect(t.calls[1]!.headers.authorization).toBe('Bearer B');
  });

  test("an early answer's update-required header is reported as a sent one's", async () => {
    const onUpdateRequired = vi.fn();
    const reads = early({
      '/api/me': Promise.resolve(json(200, {}, { 'x-update-required': '36.0.0' })()),
    });
    await client(transport([]), undefined, {
      takeEarlyResponse: reads.takeEarlyResponse,
      onUpdateRequired,
    }).get('/api/me');
    expect(onUpdateRequired).toHaveBeenCalledWith('36.0.0');
  });
});
