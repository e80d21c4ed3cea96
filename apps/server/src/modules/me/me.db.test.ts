import { FakeClock, MINUTE } from '@strata/test-utils/fake-clock';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { multipart, PNG } from '../../test/multipart';
import { createTestApp, linkFromMail, type TestApp } from '../../test/test-app';

let t: TestApp;
const clock = new FakeClock();
beforeAll(async () => {
  t = await createTestApp({ clock, env: { PHOTO_MAX_MB: '1' } });
});
afterAll(() => t?.close());

async function confirmation(token: string, password: string): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/password/confirm',
    token,
    json: { password },
  });
  expect(res.statusCode).toBe(200);
  return res.json().confirmation;
}

describe('GET and PUT /api/me', () => {
  test('the profile has the fields of spec section 3 and a generated default avatar', async () => {
    const user = await t.signUp({ name: 'Grace Hopper' });
    const res = await t.request({ method: 'GET', url: '/api/me', token: user.token });
    expect(res.json()).toEqual({
      id: user.id,
      name: 'Grace Hopper',
      email: user.email,
      photo_url: expect.stringMatching(/^\/api\/avatars\/GH\.svg\?hue=\d+$/),
      guest: false,
      preferences: {},
      locale: 'en-US',
      start_of_week: null,
      timezone: null,
      survey: null,
      pending_email: null,
    });
    const avatar = await t.request({ method: 'GET', url: res.json().photo_url });
    expect(avatar.headers['content-type']).toContain('image/svg+xml');
    expect(avatar.body).toContain('>GH<');
  });

  test('an update changes only the fields sent and merges preferences key by key', async () => {
    const user = await t.signUp();
    const put = (json: unknown) => t.request({ method: 'PUT', url: '/api/me', token: user.token, json });
    await put({ preferences: { workspaceSortOrder: [3, 1] } });
    const res = await put({
      name: 'Renamed',
      locale: 'ar',
      timezone: 'Europe/Rome',
      start_of_week: 1,
      preferences: { theme: 'dark' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Renamed',
      locale: 'ar',
      timezone: 'Europe/Rome',
      start_of_week: 1,
      preferences: { workspaceSortOrder: [3, 1], theme: 'dark' },
    });
  });

  test.each([
    { body: { locale: 'klingon' } },
    { body: { timezone: 'Mars/Olympus' } },
    { body: { start_of_week: 7 } },
    { body: { name: '' } },
  ])('a bad update $body is a 422 and changes nothing', async ({ body }) => {
    const user = await t.signUp();
    const before = (await t.request({ method: 'GET', url: '/api/me', token: user.token })).json();
    const res = await t.request({ method: 'PUT', url: '/api/me', token: user.token, json: body });
    expect(res.statusCode).toBe(422);
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).json()).toEqual(before);
  });
});

describe('PUT /api/me/email needs a password confirmation of the last 30 minutes', () => {
  test('without X-Authorization-Password the answer is 401 with type reauth', async () => {
    const user = await t.signUp();
    const res = await t.request({
      method: 'PUT',
      url: '/api/me/email',
      token: user.token,
      json: { email: 'new@example.test' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'REAUTH_REQUIRED', type: 'reauth' });
  });

  test('a wrong password gives no confirmation', async () => {
    const user = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/password/confirm',
      token: user.token,
      json: { password: 'nope nope' },
    });
    expect(res.statusCode).toBe(422);
  });

  test('with a confirmation, the new address gets a link and becomes the email once followed', async () => {
    const user = await t.signUp();
    const header = await confirmation(user.token, user.password);
    const newEmail = `changed.${user.id}@example.test`;
    const res = await t.request({
      method: 'PUT',
      url: '/api/me/email',
      token: user.token,
      json: { email: newEmail },
      headers: { 'x-authorization-password': header },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: user.email, pending_email: newEmail });
    const link = linkFromMail((await t.waitForMail(newEmail, /Confirm your new email/)).text);
    const verified = await t.request({
      method: 'POST',
      url: '/api/auth/email/verify',
      json: { token: link.searchParams.get('token'), email: newEmail },
    });
    expect(verified.statusCode).toBe(200);
    const me = (await t.request({ method: 'GET', url: '/api/me', token: user.token })).json();
    expect(me).toMatchObject({ email: newEmail, pending_email: null });
  });

  test('a confirmation older than 30 minutes, or of another user, is refused', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const header = await confirmation(user.token, user.password);
    const put = (token: string) =>
      t.request({
        method: 'PUT',
        url: '/api/me/email',
        token,
        json: { email: 'x@example.test' },
        headers: { 'x-authorization-password': header },
      });
    expect((await put(other.token)).statusCode).toBe(401);
    clock.advance(31 * MINUTE);
    const fresh = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { email: user.email, password: user.password },
    });
    expect((await put(fresh.json().token.access_token)).json().type).toBe('reauth');
  });

  test('an address another account uses is refused with the spec text', async () => {
    const user = await t.signUp();
    const other = await t.signUp();
    const header = await confirmation(user.token, user.password);
    const res = await t.request({
      method: 'PUT',
      url: '/api/me/email',
      token: user.token,
      json: { email: other.email },
      headers: { 'x-authorization-password': header },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('Email already exists.');
  });
});

describe('PUT /api/me/password', () => {
  test('with a confirmation it changes the password and signs out the other sessions only', async () => {
    const user = await t.signUp();
    const second = (
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        json: { email: user.email, password: user.password },
      })
    ).json();
    const header = await confirmation(user.token, user.password);
    const res = await t.request({
      method: 'PUT',
      url: '/api/me/password',
      token: user.token,
      json: { password: 'the new password' },
      headers: { 'x-authorization-password': header },
    });
    expect(res.statusCode).toBe(200);
    expect((await t.request({ method: 'GET', url: '/api/me', token: user.token })).statusCode).toBe(200);
    expect(
      (await t.request({ method: 'GET', url: '/api/me', token: second.token.access_token })).statusCode,
    ).toBe(401);
    const login = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      json: { email: user.email, password: 'the new password' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('profile photo', () => {
  test('an image is stored and served with its type and nosniff; deleting restores the default avatar', async () => {
    const user = await t.signUp();
    const upload = await t.request({
      method: 'POST',
      url: '/api/me/photo',
      token: user.token,
      ...multipart('photo', 'me.png', PNG),
    });
    expect(upload.statusCode).toBe(200);
    const url = upload.json().photo_url as string;
    expect(url).toMatch(/^\/api\/files\/photos\/\d+\/[\w-]{24}\.png$/);
    const file = await t.request({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const removed = await t.request({ method: 'DELETE', url: '/api/me/photo', token: user.token });
    expect(removed.json().photo_url).toMatch(/^\/api\/avatars\//);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(404);
  });

  test('a file over the limit gets the spec message with the limit in MB, and the photo stays', async () => {
    const user = await t.signUp();
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10, 0)]);
    const res = await t.request({
      method: 'POST',
      url: '/api/me/photo',
      token: user.token,
      ...multipart('photo', 'big.png', big),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'The file you are trying to upload is too large. Your file must be less than 1MB.',
    );
    const me = (await t.request({ method: 'GET', url: '/api/me', token: user.token })).json();
    expect(me.photo_url).toMatch(/^\/api\/avatars\//);
  });

  test('a file that is not an image is refused whatever its name and type say', async () => {
    const user = await t.signUp();
    const res = await t.request({
      method: 'POST',
      url: '/api/me/photo',
      token: user.token,
      ...multipart('photo', 'evil.png', Buffer.from('<svg onload=alert(1)>'), 'image/png'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('UNSUPPORTED_FILE');
  });
});
