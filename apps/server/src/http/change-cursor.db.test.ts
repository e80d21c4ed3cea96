import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { pull, type Seeded, seedWorkspace } from '../modules/changes/changes.fixtures';
import { createTestApp, type TestApp } from '../test/test-app';

let t: TestApp;
let s: Seeded;
let other: Seeded;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = () => Array.from({ length: 11 }, () => BASE62[randomInt(62)]).join('');
const boardId = newId();
const folderId = newId();

beforeAll(async () => {
  t = await createTestApp();
  s = await seedWorkspace(t);
  other = await seedWorkspace(t);
  const res = await t.request({
    method: 'POST',
    url: `/api/${s.team.id}/save-multiple`,
    token: s.owner.token,
    json: [
      { type: 'board', op: 'put', id: boardId, body: { name: 'Roadmap', row_version: 1 } },
      { type: 'folder', op: 'put', id: folderId, body: { board_id: boardId, name: 'Now', row_version: 1 } },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(() => t?.close());

const lists = () => [
  `/api/${s.team.id}/boards`,
  `/api/${s.team.id}/boards/${boardId}/folders`,
  `/api/${s.team.id}/boards/${boardId}/attributes`,
  `/api/${s.team.id}/folders/${folderId}/items`,
  `/api/${s.team.id}/folders/${folderId}/views`,
];

async function cursorOf(url: string, token = s.owner.token): Promise<number> {
  const res = await t.request({ method: 'GET', url, token });
  expect(res.statusCode, res.body).toBe(200);
  const header = res.headers['x-change-seq'];
  expect(header, url).toMatch(/^\d+$/);
  return Number(header);
}

describe('X-Change-Seq on the lists of synced records', () => {
  test("each list answers the workspace's change counter, the cursor a delta pull starts from", async () => {
    const { cursor } = await pull(t, s.owner.token, s.team.id);
    for (const url of lists()) expect(await cursorOf(url), url).toBe(cursor);
  });

  test('a pull from a list’s cursor brings exactly what changed after the list was read', async () => {
    const before = await cursorOf(`/api/${s.team.id}/folders/${folderId}/items`);
    const itemId = randomUUID();
    const saved = await t.request({
      method: 'PUT',
      url: `/api/${s.team.id}/items/${itemId}`,
      token: s.owner.token,
      json: { board_id: boardId, folder_id: folderId, row_version: 1, values: {} },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const page = await pull(t, s.owner.token, s.team.id, before);
    expect(page.changes.map((c) => `${c.type}:${c.id}`)).toEqual([`item:${itemId}`]);
    expect(await cursorOf(`/api/${s.team.id}/folders/${folderId}/items`)).toBe(page.cursor);
    expect(page.cursor).toBeGreaterThan(before);
  });

  test('a refused answer carries no cursor: another workspace learns nothing', async () => {
    for (const url of lists()) {
      for (const token of [other.owner.token, s.outsider.token]) {
        const res = await t.request({ method: 'GET', url, token });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.headers['x-change-seq'], url).toBeUndefined();
      }
    }
  });

  test('a record’s own GET and other routes carry none', async () => {
    const res = await t.request({
      method: 'GET',
      url: `/api/teams/${s.team.id}/members`,
      token: s.owner.token,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-change-seq']).toBeUndefined();
  });
});
