import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Seeded, seedWorkspace } from '../modules/changes/changes.fixtures';
import { itemApi, uuid } from '../modules/items/items.fixtures';
import { createTestApp, type TestApp } from './test-app';

let t: TestApp;
let s: Seeded;
let api: ReturnType<typeof itemApi>;
let place: Awaited<ReturnType<ReturnType<typeof itemApi>['newPlace']>>;

beforeAll(async () => {
  t = await createTestApp();
  s = await seedWorkspace(t);
  api = itemApi(t);
  place = await api.newPlace(s);
});
afterAll(() => t?.close());

describe('numbers and dates PostgreSQL refuses are answered 422 by the contract', () => {
  test('a members value past the integer range is refused and the item keeps its value', async () => {
    const members = await api.newAttribute(s, place.board.id, 'members');
    const item = await api.newItem(s, place.folder.id, { values: { [members.id]: { data: [s.owner.id] } } });
    for (const id of [2_147_483_648, 1e20, 2 ** 53]) {
      const res = await api.putItem(s, s.owner.token, item.id, {
        row_version: item.row_version + 1,
        values: { [members.id]: { data: [id] } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[0].path).toBe(`values.${members.id}.0`);
    }
    const list = await api.listItems(s, s.owner.token, place.folder.id);
    const stored = list.body.find((i: { id: string }) => i.id === item.id);
    expect(stored.values[members.id].data).toEqual([s.owner.id]);
  });

  test('a members default past the integer range is refused', async () => {
    const res = await api.putAttribute(s, s.owner.token, uuid(), {
      board_id: place.board.id,
      name: 'Owners',
      type: 'members',
      default_data: [2_147_483_648],
      row_version: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
  });

  test.each([2_147_483_648, 1e20])('a permissions row_version of %d is refused', async (rowVersion) => {
    const res = await api.send('POST', `/api/${s.team.id}/permissions`, s.owner.token, {
      resource_type: 'workspace',
      resource_id: String(s.team.id),
      permissions: [],
      final_permissions: [],
      row_version: rowVersion,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[0].path).toBe('row_version');
  });

  test.each([
    '0000-01-01T00:00:00Z',
    '0001-01-01T00:30:00+01:00', // year 0 once in UTC
  ])('a read_at of %s is refused', async (readAt) => {
    const res = await api.send('PUT', '/api/notifications/read-all', s.owner.token, { read_at: readAt });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[0].path).toBe('read_at');
  });

  test('a read_at in the years 0001-9999 is taken', async () => {
    for (const readAt of ['0001-01-01T00:00:00Z', '2026-11-26T10:00:00+02:00']) {
      const res = await api.send('PUT', '/api/notifications/read-all', s.owner.token, { read_at: readAt });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
  });
});
