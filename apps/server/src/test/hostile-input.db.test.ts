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

const SCRIPTED =
  '<p>Hello</p><script>alert(1)</script><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>';
/** What the long-text allow-list must never let through. */
const UNSAFE_HTML = /<script|onerror|javascript:/i;

describe('HTML is sanitised wherever it is stored', () => {
  test("a long-text attribute's default_data is stored sanitised", async () => {
    const attribute = await api.newAttribute(s, place.board.id, 'longtext', { default_data: SCRIPTED });
    expect(attribute.default_data).toContain('Hello');
    expect(attribute.default_data).not.toMatch(UNSAFE_HTML);
    const listed = await api.listAttributes(s, s.owner.token, place.board.id);
    expect(JSON.stringify(listed.body)).not.toMatch(UNSAFE_HTML);
  });

  test("a button's set_values keeps long text sanitised and other text as it was sent", async () => {
    const notes = await api.newAttribute(s, place.board.id, 'longtext');
    const label = await api.newAttribute(s, place.board.id, 'text');
    const button = await api.newAttribute(s, place.board.id, 'button', {
      settings: {
        label: 'Fill',
        action: {
          type: 'set_values',
          values: [
            { attribute_id: notes.id, data: SCRIPTED },
            { attribute_id: label.id, data: 'a <b> c' },
          ],
        },
      },
    });
    const values = (button.settings as { action: { values: { attribute_id: string; data: string }[] } })
      .action.values;
    expect(values[0]!.data).toContain('Hello');
    expect(values[0]!.data).not.toMatch(UNSAFE_HTML);
    expect(values[1]!.data).toBe('a <b> c');
  });
});

describe('URL fields take only http, https and mailto', () => {
  const HOSTILE_URLS = [
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
  ];

  test.each(HOSTILE_URLS)("a button's open_url of %j is refused", async (url) => {
    const res = await api.putAttribute(s, s.owner.token, uuid(), {
      board_id: place.board.id,
      name: 'Open',
      type: 'button',
      settings: { label: 'Open', action: { type: 'open_url', url } },
      row_version: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.errors[0]).toMatchObject({ path: 'settings.action.url', code: 'INVALID_URL' });
  });

  test("a button's open_url of http, https or mailto is taken", async () => {
    for (const url of ['https://example.com/a?b=c', 'http://example.com', 'mailto:team@example.com']) {
      const button = await api.newAttribute(s, place.board.id, 'button', {
        settings: { label: 'Open', action: { type: 'open_url', url } },
      });
      expect((button.settings as { action: { url: string } }).action.url).toBe(url);
    }
  });

  test.each(HOSTILE_URLS)("a link's favicon or url of %j is refused", async (url) => {
    const links = await api.newAttribute(s, place.board.id, 'links');
    const item = await api.newItem(s, place.folder.id);
    for (const link of [
      { id: uuid(), url: 'https://example.com', name: 'Example', favicon: url },
      { id: uuid(), url, name: 'Example', favicon: null },
    ]) {
      const res = await api.putItem(s, s.owner.token, item.id, {
        row_version: item.row_version + 1,
        values: { [links.id]: { data: [link] } },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.errors[0].code).toBe('INVALID_URL');
    }
  });

  test('a link with an https favicon is taken', async () => {
    const links = await api.newAttribute(s, place.board.id, 'links');
    const link = {
      id: uuid(),
      url: 'https://example.com',
      name: 'Example',
      favicon: 'https://example.com/f.ico',
    };
    const item = await api.newItem(s, place.folder.id, { values: { [links.id]: { data: [link] } } });
    expect(item.values[links.id]!.data).toEqual([link]);
  });
});
