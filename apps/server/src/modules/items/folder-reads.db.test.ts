import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { queryCounter } from '../../test/query-counter';
import { createTestApp, type TestApp } from '../../test/test-app';
import { seedWorkspace } from '../changes/changes.fixtures';
import { itemApi } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let counter: ReturnType<typeof queryCounter>;
beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  counter = queryCounter(t.app.ctx.db);
});
afterAll(() => t?.close());

/** A GET and the statements it sent (the fewest of three: polling in the background adds some). */
const read = (url: string, token: string, headers: Record<string, string> = {}) =>
  counter.fewest(() => t.request({ method: 'GET', url, token, headers }));
/** A GET measured once (the first after a change: a second would find the kept answer). */
const readOnce = (url: string, token: string) =>
  counter.measure(() => t.request({ method: 'GET', url, token }));

test('a folder is read from the database once: readers get the kept answer without a query, also after a change of its items, which patches it', async () => {
  const s = await seedWorkspace(t);
  const { folder, name } = await api.newPlace(s);
  const item = await api.newItem(s, folder.id, { values: { [name.id]: { data: 'First' } } });
  const url = `/api/${s.team.id}/folders/${folder.id}/items`;

  const first = await readOnce(url, s.owner.token);
  expect(first.result.statusCode).toBe(200);
  expect(first.queries).toBeGreaterThan(0);
  const again = await read(url, s.owner.token);
  expect(again.queries).toBe(0);
  expect(again.result.body).toBe(first.result.body);
  expect(again.result.headers['x-change-seq']).toBe(first.result.headers['x-change-seq']);
  // Another member who sees the folder shares the kept answer once they were let in.
  expect((await readOnce(url, s['full-member'].token)).queries).toBeGreaterThan(0);
  expect((await read(url, s['full-member'].token)).queries).toBe(0);

  // A change of its items patches it: the next reader gets the new state, with a newer cursor,
  // and the database is not asked.
  await api.putItem(s, s.owner.token, item.id, { values: { [name.id]: { data: 'Second' } }, row_version: 2 });
  const changed = await read(url, s.owner.token);
  expect(changed.queries).toBe(0);
  expect(changed.result.json()[0].values[name.id].data).toBe('Second');
  expect(Number(changed.result.headers['x-change-seq'])).toBeGreaterThan(
    Number(first.result.headers['x-change-seq']),
  );
  expect((await read(url, s.owner.token)).queries).toBe(0);
});

test('a conditional GET naming the current ETag is a 304 answered without touching the database', async () => {
  const s = await seedWorkspace(t);
  const { folder } = await api.newPlace(s);
  await api.newItem(s, folder.id);
  const url = `/api/${s.team.id}/folders/${folder.id}/items`;
  const first = await read(url, s.owner.token);
  const etag = first.result.headers.etag as string;
  const cached = await read(url, s.owner.token, { 'if-none-match': etag });
  expect(cached.result.statusCode).toBe(304);
  expect(cached.result.body).toBe('');
  expect(cached.queries).toBe(0);
  expect(cached.result.headers['x-change-seq']).toBe(first.result.headers['x-change-seq']);
});

test('the kept answer is compressed once per change, in the encoding each client prefers, and decodes to the plain body', async () => {
  const s = await seedWorkspace(t);
  const { folder, name } = await api.newPlace(s);
  for (let n = 0; n < 30; n++)
    await api.newItem(s, folder.id, { values: { [name.id]: { data: `Item number ${n}` } } });
  const url = `/api/${s.team.id}/folders/${folder.id}/items`;
  const plain = (await read(url, s.owner.token)).result;
  expect(plain.headers['content-encoding']).toBeUndefined();
  const br = (await read(url, s.owner.token, { 'accept-encoding': 'br, gzip' })).result;
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers.vary).toContain('accept-encoding');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  const gzip = await read(url, s.owner.token, { 'accept-encoding': 'gzip' });
  expect(gzip.result.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.result.rawPayload).toString()).toBe(plain.body);
  expect(gzip.queries).toBe(0);
  expect(br.rawPayload.length).toBeLessThan(plain.body.length / 3);
});

test('who may read is still decided per caller: an outsider gets 404 and a removed member is refused at once', async () => {
  const s = await seedWorkspace(t);
  const { folder } = await api.newPlace(s);
  const url = `/api/${s.team.id}/folders/${folder.id}/items`;
  expect((await read(url, s['full-member'].token)).result.statusCode).toBe(200);
  expect((await read(url, s.outsider.token)).result.statusCode).toBe(404);
  const removed = await t.request({
    method: 'DELETE',
    url: `/api/teams/${s.team.id}/members/${s['full-member'].id}`,
    token: s.owner.token,
  });
  expect(removed.statusCode).toBe(200);
  expect((await read(url, s['full-member'].token)).result.statusCode).toBe(404);
});

test('a folder made private is refused at once to those it hides from', async () => {
  const s = await seedWorkspace(t);
  const { board, folder } = await api.newPlace(s);
  const url = `/api/${s.team.id}/folders/${folder.id}/items`;
  expect((await read(url, s['full-member'].token)).result.statusCode).toBe(200);
  const hidden = await api.send('PUT', `/api/${s.team.id}/boards/${board.id}`, s.owner.token, {
    name: 'Private now',
    is_private: true,
    user_ids: [s.owner.id],
    row_version: board.row_version + 1,
  });
  expect(hidden.status).toBe(200);
  expect((await read(url, s['full-member'].token)).result.statusCode).toBe(404);
});
