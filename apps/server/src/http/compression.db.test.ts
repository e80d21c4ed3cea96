import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { quickUser } from '../test/quick-user';
import { createTestApp, type TestApp } from '../test/test-app';

/** Text of a chunk large enough to be worth compressing (as a real build's chunks are). */
const CHUNK = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(',')}];\n`;
const WORKER = `self.addEventListener("fetch", () => {}); // ${'padding '.repeat(200)}\n`;

/** A build as apps/web/vite/precompress.ts leaves it: each text file with a .br and a .gz copy. */
function precompressedBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'strata-web-build-'));
  mkdirSync(join(dir, 'assets'));
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Strata</title><div id="root"></div>',
    'assets/index-Abc123.js': CHUNK,
    'service-worker.js': WORKER,
  };
  for (const [name, text] of Object.entries(files)) {
    writeFileSync(join(dir, name), text);
    if (text.length < 1024) continue;
    writeFileSync(join(dir, `${name}.br`), brotliCompressSync(text));
    writeFileSync(join(dir, `${name}.gz`), gzipSync(text));
  }
  return dir;
}

/** The body as the browser reads it: decoded by the answer's Content-Encoding. */
function decoded(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(raw).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  return raw.toString('utf8');
}

let build: string;
let t: TestApp;
beforeAll(async () => {
  build = precompressedBuild();
  t = await createTestApp({ env: { WEB_DIST_DIR: build } });
});
afterAll(async () => {
  await t?.close();
  rmSync(build, { recursive: true, force: true });
});

describe('static files go out as the build compressed them', () => {
  test.each([
    { accept: 'br, gzip', encoding: 'br' },
    { accept: 'gzip, deflate', encoding: 'gzip' },
    { accept: 'identity', encoding: undefined },
    { accept: undefined, encoding: undefined },
  ])('Accept-Encoding $accept gets $encoding', async ({ accept, encoding }) => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/index-Abc123.js',
      headers: accept ? { 'accept-encoding': accept } : {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(decoded(res.rawPayload, encoding)).toBe(CHUNK);
    if (encoding) expect(res.rawPayload.length).toBeLessThan(CHUNK.length / 2);
  });

  test("the worker's compressed copy keeps the worker's headers", async () => {
    const res = await t.request({
      method: 'GET',
      url: '/service-worker.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['service-worker-allowed']).toBe('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(decoded(res.rawPayload, 'br')).toBe(WORKER);
  });
});

describe('answers are compressed on the way out', () => {
  test('a JSON answer over 1 KB is compressed with the encoding the client prefers', async () => {
    const plain = await t.request({ method: 'GET', url: '/api/docs' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);
    for (const encoding of ['br', 'gzip']) {
      const res = await t.request({
        method: 'GET',
        url: '/api/docs',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(JSON.parse(decoded(res.rawPayload, encoding))).toEqual(plain.json());
      expect(res.rawPayload.length).toBeLessThan(plain.body.length / 2);
    }
  });

  test('a small answer goes out as it is', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json()).toBeTruthy();
  });

  test('app paths get the page whatever the client accepts', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/team/5/boards',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    // Under the 1 KB threshold in this stand-in build: it is sent as it is, as HTML.
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(decoded(res.rawPayload, res.headers['content-encoding'] as string | undefined)).toContain(
      '<div id="root">',
    );
  });
});

describe('an idempotent replay', () => {
  test('is stored plain and compressed for the client that asks again', async () => {
    const owner = await quickUser(t.app.ctx);
    const team = (
      await t.request({ method: 'POST', url: '/api/teams', token: owner.token, json: { name: 'Zip' } })
    ).json();
    const boardId = 'Zipboard001';
    const batch = [
      { type: 'board', op: 'put', id: boardId, body: { name: 'Roadmap', row_version: 1 } },
      ...Array.from({ length: 8 }, (_, n) => ({
        type: 'folder',
        op: 'put',
        id: `Zipfolder0${n}`,
        body: { board_id: boardId, name: `Folder ${n} ${'x'.repeat(40)}`, row_version: 1 },
      })),
    ];
    const send = (encoding: string) =>
      t.request({
        method: 'POST',
        url: `/api/${team.id}/save-multiple`,
        token: owner.token,
        json: batch,
        headers: { 'x-idempotency-key': 'zip-replay-1', 'accept-encoding': encoding },
      });
    // The first answer goes out compressed; what is stored must be the plain body, which a
    // client asking for no compression gets back as it is, and one asking for br compressed.
    const first = await send('br');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const body = JSON.parse(decoded(first.rawPayload, 'br'));
    const plain = await send('identity');
    expect(plain.headers['idempotent-replayed']).toBe('true');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(body);
    const again = await send('br');
    expect(again.headers['content-encoding']).toBe('br');
    expect(JSON.parse(decoded(again.rawPayload, 'br'))).toEqual(body);
  });
});
