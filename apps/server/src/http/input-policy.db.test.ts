import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { attachments } from '../db/schema/attachments';
import { type Seeded, seedWorkspace } from '../modules/changes/changes.fixtures';
import { createTestApp, type TestApp } from '../test/test-app';
import { exceedsJsonDepth, findUnstorableText, MAX_JSON_DEPTH } from './input-policy';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = () => Array.from({ length: 11 }, () => BASE62[randomInt(62)]).join('');

let t: TestApp;
let s: Seeded;
let boardId: string;
beforeAll(async () => {
  t = await createTestApp();
  s = await seedWorkspace(t);
  boardId = newId();
  const board = await t.request({
    method: 'PUT',
    url: `/api/${s.team.id}/boards/${boardId}`,
    token: s.owner.token,
    json: { name: 'Uploads', row_version: 1 },
  });
  expect(board.statusCode).toBe(200);
});
afterAll(() => t?.close());

/** A raw JSON text as the body, so escapes reach the server as written. */
function sendRaw(method: 'PUT' | 'POST', url: string, payload: string) {
  return t.request({
    method,
    url,
    token: s.owner.token,
    headers: { 'content-type': 'application/json' },
    payload,
  });
}

const nested = (depth: number) => `${'{"a":'.repeat(depth - 1)}{"a":1}${'}'.repeat(depth - 1)}`;

describe('the JSON depth limit', () => {
  test('counts arrays and objects, not brackets inside strings', () => {
    expect(exceedsJsonDepth('[[["]]]]]]"]]]', 3)).toBe(false);
    expect(exceedsJsonDepth('[[[[]]]]', 3)).toBe(true);
    expect(exceedsJsonDepth('{"a\\"[[[[":1}', 1)).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH), MAX_JSON_DEPTH)).toBe(false);
    expect(exceedsJsonDepth(nested(MAX_JSON_DEPTH + 1), MAX_JSON_DEPTH)).toBe(true);
  });

  test.each([65, 4_000, 6_000, 100_000])(
    'a body nested %i deep is answered 422 and nothing is stored',
    async (depth) => {
      const id = newId();
      const body = `{"name":"Deep","row_version":1,"settings":${nested(depth)}}`;
      const res = await sendRaw('PUT', `/api/${s.team.id}/boards/${id}`, body);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ code: 'FIELD_INVALID' }] });
      const read = await t.request({
        method: 'GET',
        url: `/api/${s.team.id}/boards/${id}`,
        token: s.owner.token,
      });
      expect(read.statusCode).toBe(404);
    },
  );
});

describe('strings that cannot be stored', () => {
  test('the walker finds U+0000 and lone surrogates in keys and values, with their path', () => {
    expect(findUnstorableText({ a: [{ b: 'ok' }, { c: 'x\u0000' }] })?.path).toBe('a.1.c');
    expect(findUnstorableText({ a: { '\ud800': 1 } })?.path).toBe('a.\ud800');
    expect(findUnstorableText(['\udc00x'])?.path).toBe('0');
    expect(findUnstorableText({ ok: 'emoji 😀 and عربى' })).toBeNull();
  });

  test.each([
    ['U+0000', '\\u0000'],
    ['a lone high surrogate', '\\ud800'],
    ['a lone low surrogate', '\\udfff'],
  ])('%s in a board name is answered 422 at the field, and nothing is stored', async (_label, escaped) => {
    const id = newId();
    const res = await sendRaw(
      'PUT',
      `/api/${s.team.id}/boards/${id}`,
      `{"name":"Bad ${escaped} name","row_version":1}`,
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors).toEqual([expect.objectContaining({ path: 'name', code: 'FIELD_INVALID' })]);
    const read = await t.request({
      method: 'GET',
      url: `/api/${s.team.id}/boards/${id}`,
      token: s.owner.token,
    });
    expect(read.statusCode).toBe(404);
  });

  test('U+0000 in a key deep in a save-multiple body names the whole path', async () => {
    const res = await sendRaw(
      'POST',
      `/api/${s.team.id}/save-multiple`,
      `[{"type":"board","op":"put","id":"${newId()}","body":{"name":"x","row_version":1,"settings":{"k\\u0000":1}}}]`,
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors[0].path).toBe('0.body.settings.k\u0000');
  });

  test('U+0000 in a search query or a path parameter is answered 422', async () => {
    const board = newId();
    const q = await t.request({
      method: 'GET',
      url: `/api/${s.team.id}/boards/${board}/items?q=a%00b`,
      token: s.owner.token,
    });
    expect(q.statusCode, q.body).toBe(422);
    expect(q.json().errors[0]).toMatchObject({ path: 'q', code: 'FIELD_INVALID' });
    const param = await t.request({ method: 'GET', url: `/api/boards/ab%00cd`, token: s.owner.token });
    expect(param.statusCode, param.body).toBe(422);
  });

  test('text in any script, emoji included, is stored as sent', async () => {
    const id = newId();
    const res = await sendRaw(
      'PUT',
      `/api/${s.team.id}/boards/${id}`,
      JSON.stringify({ name: 'خطة 😀 \ud83d\ude00', row_version: 1 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().name).toBe('خطة 😀 😀');
  });

  test('prototype poisoning is still refused by the JSON parser', async () => {
    const res = await sendRaw('PUT', `/api/${s.team.id}/boards/${newId()}`, '{"__proto__":{"x":1}}');
    expect(res.statusCode).toBe(400);
  });
});

describe('multipart uploads', () => {
  const boundary = '----strata-hostile';
  const uploads = () => [
    `/api/${s.team.id}/attachments?board_id=${boardId}`,
    '/api/me/photo',
    `/api/teams/${s.team.id}/photo`,
  ];
  const malformed: [string, string, string][] = [
    [
      'a body cut short',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc`,
    ],
    ['no boundary', 'multipart/form-data', `--${boundary}\r\n\r\n`],
    [
      'a broken part header',
      `multipart/form-data; boundary=${boundary}`,
      `--${boundary}\r\nContent-Disposition\r\n\r\nx\r\n--${boundary}--\r\n`,
    ],
    ['garbage', `multipart/form-data; boundary=${boundary}`, '\u0000\u0001\u0002'],
  ];
  test.each(malformed)(
    '%s is answered 4xx, never 500, and nothing is stored',
    async (_label, type, payload) => {
      const before = await t.app.ctx.db.$count(attachments);
      for (const url of uploads()) {
        const res = await t.request({
          method: 'POST',
          url,
          token: s.owner.token,
          headers: { 'content-type': type },
          payload,
        });
        expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, `${url} ${res.body}`).toBeLessThan(500);
      }
      expect(await t.app.ctx.db.$count(attachments)).toBe(before);
    },
  );

  test('a body cut short is answered 400 MALFORMED_MULTIPART', async () => {
    const [, type, payload] = malformed[0]!;
    const res = await t.request({
      method: 'POST',
      url: uploads()[0]!,
      token: s.owner.token,
      headers: { 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('MALFORMED_MULTIPART');
  });
});
