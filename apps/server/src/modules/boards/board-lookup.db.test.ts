import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';

let t: TestApp;
let s: Seeded;
let other: Seeded;
beforeAll(async () => {
  t = await createTestApp();
  s = await seedWorkspace(t);
  other = await seedWorkspace(t);
});
afterAll(() => t?.close());

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const newId = () => Array.from({ length: 11 }, () => BASE62[randomInt(62)]).join('');

const lookup = async (token: string | undefined, boardId: string) => {
  const res = await t.request({ method: 'GET', url: `/api/boards/${boardId}`, token });
  return { status: res.statusCode, body: res.json() };
};

async function newBoard(seeded: Seeded, body: Record<string, unknown> = {}) {
  const id = newId();
  const res = await t.request({
    method: 'PUT',
    url: `/api/${seeded.team.id}/boards/${id}`,
    token: seeded.owner.token,
    json: { name: 'Roadmap', row_version: 1, ...body },
  });
  expect(res.statusCode, res.body).toBe(200);
  return id;
}

describe('GET /api/boards/{boardId}', () => {
  test('a member of its workspace gets the board with its team_id, whatever their role', async () => {
    const id = await newBoard(s, { description: 'Plans' });
    for (const person of [s.owner, s.admin, s['full-member'], s['restricted-member'], s.guest]) {
      const res = await lookup(person.token, id);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, object: 'board', team_id: s.team.id, name: 'Roadmap' });
    }
  });

  test('someone outside the workspace, or a pending invitee, gets 404', async () => {
    const id = await newBoard(s);
    expect((await lookup(s.outsider.token, id)).status).toBe(404);
    expect((await lookup(s.invitee.token, id)).status).toBe(404);
  });

  test('a member of another workspace gets 404 for this one’s board, and finds their own', async () => {
    const id = await newBoard(s);
    const theirs = await newBoard(other);
    for (const person of [other.owner, other.admin, other.guest]) {
      const res = await lookup(person.token, id);
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain('Roadmap');
    }
    expect((await lookup(other.admin.token, theirs)).body.team_id).toBe(other.team.id);
  });

  test('a private board: its members and the owner get it; other members get 404', async () => {
    const id = await newBoard(s, { is_private: true, user_ids: [s['full-member'].id] });
    expect((await lookup(s.owner.token, id)).status).toBe(200);
    expect((await lookup(s['full-member'].token, id)).status).toBe(200);
    for (const person of [s.admin, s['restricted-member'], s.guest]) {
      expect((await lookup(person.token, id)).status).toBe(404);
    }
  });

  test('a deleted board, and an id that was never used, answer 404', async () => {
    const id = await newBoard(s);
    const deleted = await t.request({
      method: 'DELETE',
      url: `/api/${s.team.id}/boards/${id}`,
      token: s.owner.token,
    });
    expect(deleted.statusCode).toBe(200);
    expect((await lookup(s.owner.token, id)).status).toBe(404);
    expect((await lookup(s.owner.token, newId())).status).toBe(404);
  });

  test('an id that is not 11 base62 characters is a 422; no token is a 401', async () => {
    expect((await lookup(s.owner.token, 'short')).status).toBe(422);
    expect((await lookup(undefined, await newBoard(s))).status).toBe(401);
  });
});
