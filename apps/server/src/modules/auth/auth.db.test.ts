import { buildRegistration } from '@strata/test-utils/factories';
import { FakeClock, HOUR } from '@strata/test-utils/fake-clock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, linkFromMail, type TestApp } from '../../test/test-app';

let t: TestApp;
const clock = new FakeClock();

beforeAll(async () => {
  t = await createTestApp({ clock });
});
afterAll(() => t?.close());

const post = (url: string, json: unknown, token?: string) => t.request({ method: 'POST', url, json, token });

describe('registration', () => {
  test('a new account is created unverified and a verification link is mailed', async () => {
    const input = buildRegistration({ email: 'New.Person@Example.test' });
    const res = await post('/api/auth/register', input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ email: 'new.person@example.test', verification_sent: true });
    const mail = await t.waitForMail('new.person@example.test', /Verify your email/);
    const link = linkFromMail(mail.text);
    expect(link.pathname).toBe('/verify-email');
    expect(link.searchParams.get('email')).toBe('new.person@example.test');
    expect(mail.html).toContain('Verify email address');

    const login = await post('/api/auth/login', { email: input.email, password: input.password });
    expect(login.statusCode).toBe(403);
    expect(login.json()).toMatchObject({
      message: 'Your email address is not verified.',
      code: 'EMAIL_NOT_VERIFIED',
    });
  });

  test('an address already registered is refused with the spec text, whatever its case', async () => {
    const input = buildRegistration();
    expect((await post('/api/auth/register', input)).statusCode).toBe(201);
    const again = await post('/api/auth/register', { ...input, email: input.email.toUpperCase() });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ message: 'Email already exists.', code: 'EMAIL_TAKEN' });
  });

  test.each([
    { field: 'email', body: { email: 'not-an-email', name: 'A', password: 'longenough' } },
    { field: 'password', body: { email: 'short@example.test', name: 'A', password: 'seven77' } },
    { field: 'name', body: { email: 'noname@example.test', name: '  ', password: 'longenough' } },
    { field: 'locale', body: { email: 'loc@example.test', name: 'A', password: 'longenough', locale: 'xx' } },
  ])('a bad $field is a 422 listing the field, and nothing is created', async ({ field, body }) => {
    const res = await post('/api/auth/register', body);
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('VALIDATION_FAILED');
    expect(res.json().errors.map((e: { path: string }) => e.path)).toContain(field);
    const retry = await post('/api/auth/register', {
      email: body.email,
      name: 'Valid',
      password: 'longenough',
    });
    if (field !== 'email') expect(retry.statusCode).toBe(201);
  });

  test('passwords of exactly 8 characters are accepted', async () => {
    const res = await post('/api/auth/register', buildRegistration({ password: '12345678' }));
    expect(res.statusCode).toBe(201);
  });
});

describe('email verification links', () => {
  test('a link works once; a second use answers "The link has expired"', async () => {
    const input = buildRegistration();
    await post('/api/auth/register', input);
    const link = linkFromMail((await t.waitForMail(input.email)).text);
    const body = { token: link.searchParams.get('token'), email: input.email };
    expect((await post('/api/auth/email/verify', body)).statusCode).toBe(200);
    const again = await post('/api/auth/email/verify', body);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('The link has expired');
  });

  test('a link past its lifetime answers "The link has expired" and leaves the account unverified', async () => {
    const input = buildRegistration();
    await post('/api/auth/register', input);
    const link = linkFromMail((await t.waitForMail(input.email)).text);
    clock.advance(25 * HOUR);
    const res = await post('/api/auth/email/verify', {
      token: link.searchParams.get('token'),
      email: input.email,
    });
    expect(res.json().message).toBe('The link has expired');
    const login = await post('/api/auth/login', { email: input.email, password: input.password });
    expect(login.json().code).toBe('EMAIL_NOT_VERIFIED');
  });

  test('a link with another email or a made-up token does not verify', async () => {
    const input = buildRegistration();
    await post('/api/auth/register', input);
    const link = linkFromMail((await t.waitForMail(input.email)).text);
    const wrongEmail = await post('/api/auth/email/verify', {
      token: link.searchParams.get('token'),
      email: 'other@example.test',
    });
    expect(wrongEmail.json().message).toBe('The link has expired');
    const madeUp = await post('/api/auth/email/verify', { token: 'x'.repeat(43), email: input.email });
    expect(madeUp.json().message).toBe('The link has expired');
  });

  test('resending mails a new link and the older one stops working', async () => {
    const input = buildRegistration();
    await post('/api/auth/register', input);
    const first = linkFromMail((await t.waitForMail(input.email)).text);
    const resent = await post('/api/auth/email/resend', { email: input.email });
    expect(resent.statusCode).toBe(202);
    const second = linkFromMail((await t.waitForMail(input.email, /Verify/, 2)).text);
    expect(second.searchParams.get('token')).not.toBe(first.searchParams.get('token'));
    expect(
      (await post('/api/auth/email/verify', { token: first.searchParams.get('token'), email: input.email }))
        .statusCode,
    ).toBe(422);
    expect(
      (await post('/api/auth/email/verify', { token: second.searchParams.get('token'), email: input.email }))
        .statusCode,
    ).toBe(200);
  });

  test('resending for an unknown address answers the same as for a known one', async () => {
    const res = await post('/api/auth/email/resend', { email: 'nobody@example.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: true });
  });
});

describe('login', () => {
  test('answers the token record of spec section 3 and a null intended address', async () => {
    const user = await t.signUp();
    const res = await post('/api/auth/login', { email: user.email, password: user.password });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.intended).toBeNull();
    expect(Object.keys(body.token).sort()).toEqual([
      'access_token',
      'created_at',
      'expires_in',
      'refresh_expires_in',
    ]);
    expect(body.token.expires_in).toBe(900);
    expect(new Date(body.token.created_at).toISOString()).toBe(body.token.created_at);
    const cookie = res.cookies.find((c) => c.name === 'strata_refresh');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });
    const me = await t.request({ method: 'GET', url: '/api/me', token: body.token.access_token });
    expect(me.json().email).toBe(user.email);
  });

  test('grantType token answers the refresh token in the body and sets no cookie', async () => {
    const user = await t.signUp();
    const res = await post('/api/auth/login', {
      email: user.email,
      password: user.password,
      grantType: 'token',
    });
    expect(res.json().token.refresh_token).toEqual(expect.any(String));
    expect(res.cookies.find((c) => c.name === 'strata_refresh')).toBeUndefined();
  });

  test('a wrong password and an unknown email get the same answer', async () => {
    const user = await t.signUp();
    const wrong = await post('/api/auth/login', { email: user.email, password: 'wrong password' });
    const unknown = await post('/api/auth/login', {
      email: 'ghost@example.test',
      password: 'wrong password',
    });
    expect(wrong.statusCode).toBe(422);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toEqual(wrong.json());
  });

  test('requests without a token, or with an unknown or expired one, are 401', async () => {
    const user = await t.signUp();
    expect((await t.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/me', token: 'forged' })).statusCode).toBe(401);
    clock.advance(901_000);
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).statusCode).toBe(401);
  });
});

describe('refresh tokens rotate, and a reused one revokes the family', () => {
  test('cookie grant: each refresh sets a new cookie and a new access token', async () => {
    const user = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      json: { grantType: 'cookie' },
      cookies: { strata_refresh: user.refreshCookie },
    });
    expect(res.statusCode).toBe(200);
    const next = res.cookies.find((c) => c.name === 'strata_refresh')!;
    expect(next.value).not.toBe(user.refreshCookie);
    expect(res.json().token.access_token).not.toBe(user.token);
    const me = await t.request({ method: 'GET', url: '/api/me', token: res.json().token.access_token });
    expect(me.statusCode).toBe(200);
  });

  test('presenting a used refresh token again ends the whole session', async () => {
    const user = await t.signUp();
    const login = await post('/api/auth/login', {
      email: user.email,
      password: user.password,
      grantType: 'token',
    });
    const first = login.json().token;
    const rotated = (
      await post('/api/auth/refresh', { grantType: 'token', refresh_token: first.refresh_token })
    ).json().token;
    expect(rotated.refresh_token).not.toBe(first.refresh_token);

    const replay = await post('/api/auth/refresh', {
      grantType: 'token',
      refresh_token: first.refresh_token,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().message).toBe('The session has expired');
    // The thief's copy and the rightful holder's newer tokens are both dead now.
    expect(
      (await post('/api/auth/refresh', { grantType: 'token', refresh_token: rotated.refresh_token }))
        .statusCode,
    ).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/me', token: rotated.access_token })).statusCode).toBe(
      401,
    );
    // Other sessions of the same user are untouched.
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).statusCode).toBe(200);
  });

  test('an expired refresh token is refused', async () => {
    const user = await t.signUp();
    const login = (
      await post('/api/auth/login', { email: user.email, password: user.password, grantType: 'token' })
    ).json();
    clock.advance(31 * 24 * HOUR);
    const res = await post('/api/auth/refresh', {
      grantType: 'token',
      refresh_token: login.token.refresh_token,
    });
    expect(res.statusCode).toBe(401);
  });

  test('without any refresh token the answer is session expired', async () => {
    const res = await post('/api/auth/refresh', { grantType: 'cookie' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('SESSION_EXPIRED');
  });
});

describe('logout', () => {
  test('revokes the session: its access and refresh tokens stop working', async () => {
    const user = await t.signUp();
    const res = await t.request({ method: 'POST', url: '/api/auth/logout', token: user.token, json: {} });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).statusCode).toBe(401);
    const refresh = await t.request({
      method: 'POST',
      url: '/api/auth/refresh',
      json: { grantType: 'cookie' },
      cookies: { strata_refresh: user.refreshCookie },
    });
    expect(refresh.statusCode).toBe(401);
  });
});

describe('password reset', () => {
  test('a mailed link sets a new password once; the old password and old sessions stop working', async () => {
    const user = await t.signUp();
    expect((await post('/api/auth/password/forgot', { email: user.email })).statusCode).toBe(202);
    const mail = await t.waitForMail(user.email, /Reset your/);
    const link = linkFromMail(mail.text);
    const [, , , token, email] = link.pathname.split('/').map(decodeURIComponent);
    expect(link.pathname.startsWith('/password/reset/')).toBe(true);
    expect(email).toBe(user.email);

    const reset = await post('/api/auth/password/reset', { token, email, password: 'a brand new secret' });
    expect(reset.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      422,
    );
    expect(
      (await post('/api/auth/login', { email: user.email, password: 'a brand new secret' })).statusCode,
    ).toBe(200);

    const again = await post('/api/auth/password/reset', { token, email, password: 'yet another secret' });
    expect(again.json().message).toBe('The link has expired');
    await t.waitForMail(user.email, /password was changed/);
  });

  test('an unknown address gets the same answer and no mail', async () => {
    const res = await post('/api/auth/password/forgot', { email: 'nobody.here@example.test' });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ queued: true });
  });

  test('a reset link past its lifetime is refused and the password stays', async () => {
    const user = await t.signUp();
    await post('/api/auth/password/forgot', { email: user.email });
    const link = linkFromMail((await t.waitForMail(user.email, /Reset your/)).text);
    const [, , , token] = link.pathname.split('/').map(decodeURIComponent);
    clock.advance(25 * HOUR);
    const res = await post('/api/auth/password/reset', {
      token,
      email: user.email,
      password: 'another secret!',
    });
    expect(res.json().message).toBe('The link has expired');
    expect((await post('/api/auth/login', { email: user.email, password: user.password })).statusCode).toBe(
      200,
    );
  });
});
