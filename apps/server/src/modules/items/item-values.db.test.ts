import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { type Seeded, seedWorkspace } from '../changes/changes.fixtures';
import { itemApi, uuid } from './items.fixtures';

let t: TestApp;
let api: ReturnType<typeof itemApi>;
let s: Seeded;
let folderId: string;
/** One attribute of every type on one board, by type. */
const attributeOf: Record<string, string> = {};
const label = { todo: uuid(), done: uuid() };

beforeAll(async () => {
  t = await createTestApp();
  api = itemApi(t);
  s = await seedWorkspace(t);
  const { board, folder, name } = await api.newPlace(s);
  folderId = folder.id;
  attributeOf.text = name.id;
  const settings: Record<string, unknown> = {
    label: {
      labels: [
        { id: label.todo, name: 'To do' },
        { id: label.done, name: 'Done' },
      ],
    },
    members: { multiple: false },
    progress: { min: 0, max: 10 },
    rating: { max: 5 },
  };
  for (const type of [
    'longtext',
    'number',
    'checkbox',
    'label',
    'members',
    'date',
    'date_range',
    'email',
    'phone',
    'links',
    'checklist',
    'progress',
    'rating',
    'reference',
    'button',
    'custom_id',
    'formula',
    'time_tracking',
    'created_at',
    'source_folder',
  ]) {
    attributeOf[type] = (await api.newAttribute(s, board.id, type, { settings: settings[type] })).id;
  }
  attributeOf.plain_text = (await api.newAttribute(s, board.id, 'text')).id;
});
afterAll(() => t?.close());

type Case = [type: string, data: unknown, expected: { data: unknown } | { code: string }];
const CASES: Case[] = [
  ['text', 'Plan', { data: 'Plan' }],
  ['text', '', { data: null }],
  ['text', 42, { code: 'INVALID_TYPE' }],
  // The name attribute: an item's name is held to ITEM_NAME_MAX_LENGTH (255) characters.
  ['text', 'x'.repeat(255), { data: 'x'.repeat(255) }],
  ['text', 'x'.repeat(256), { code: 'ITEM_NAME_TOO_LONG' }],
  ['text', 'x'.repeat(10_001), { code: 'TEXT_TOO_LONG' }],
  ['plain_text', 'x'.repeat(256), { data: 'x'.repeat(256) }],
  ['plain_text', 'x'.repeat(10_001), { code: 'TEXT_TOO_LONG' }],
  ['longtext', '<p>Hi <strong>there</strong></p>', { data: '<p>Hi <strong>there</strong></p>' }],
  ['longtext', '<p onclick="steal()">Hi<script>alert(1)</script></p>', { data: '<p>Hi</p>' }],
  ['longtext', '<a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)>', { data: '<a>x</a>' }],
  ['longtext', '<script>alert(1)</script>', { data: null }],
  ['number', 12.5, { data: 12.5 }],
  ['number', '12', { code: 'INVALID_NUMBER' }],
  ['checkbox', true, { data: true }],
  ['checkbox', 'yes', { code: 'INVALID_TYPE' }],
  ['label', [label.done], { data: [label.done] }],
  ['label', [uuid()], { code: 'UNKNOWN_LABEL' }],
  ['label', [label.todo, label.done], { code: 'TOO_MANY_LABELS' }],
  ['members', [2_000_000_000], { code: 'UNKNOWN_MEMBER' }],
  ['members', ['x'], { code: 'INVALID_ID' }],
  ['date', '2026-03-20', { data: '2026-03-20' }],
  ['date', '20 March', { code: 'INVALID_DATE' }],
  [
    'date_range',
    { start: '2026-03-01', end: '2026-03-20' },
    { data: { start: '2026-03-01', end: '2026-03-20' } },
  ],
  ['date_range', { start: 'soon', end: null }, { code: 'INVALID_DATE' }],
  ['email', ' ada@example.com ', { data: 'ada@example.com' }],
  ['email', 'ada@', { code: 'INVALID_EMAIL' }],
  ['phone', '+1 (555) 123-4567', { code: 'INVALID_PHONE' }],
  ['phone', '+44 20 7946 0958', { data: '+44 20 7946 0958' }],
  ['links', [{ id: uuid(), url: 'javascript:alert(1)', name: 'x' }], { code: 'INVALID_URL' }],
  ['checklist', [{ id: uuid(), name: '', done: false }], { code: 'NAME_REQUIRED' }],
  ['progress', 7, { data: 7 }],
  ['progress', 11, { code: 'OUT_OF_RANGE' }],
  ['rating', 2.5, { code: 'NOT_INTEGER' }],
  ['reference', [uuid()], { code: 'NOT_EDITABLE' }],
  ['button', null, { code: 'NOT_EDITABLE' }],
  ['custom_id', 4, { code: 'NOT_EDITABLE' }],
  ['formula', 1, { code: 'NOT_EDITABLE' }],
  ['time_tracking', 60, { code: 'NOT_EDITABLE' }],
  ['created_at', '2026-01-01', { code: 'NOT_EDITABLE' }],
  ['source_folder', 'abcdefghijk', { code: 'NOT_EDITABLE' }],
];

test.each(CASES)('%s %j', async (type, data, expected) => {
  const attributeId = attributeOf[type]!;
  const res = await api.putItem(s, s.owner.token, uuid(), {
    folder_id: folderId,
    values: { [attributeId]: { data } },
    row_version: 1,
  });
  if ('code' in expected) {
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors[0]).toMatchObject({ code: expected.code });
    expect(res.body.errors[0].path.startsWith(`values.${attributeId}`)).toBe(true);
    return;
  }
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.values[attributeId]?.data ?? null).toEqual(expected.data);
});

test('a members value takes workspace members only', async () => {
  const ok = await api.newItem(s, folderId, { values: { [attributeOf.members!]: { data: [s.guest.id] } } });
  expect(ok.values[attributeOf.members!]?.data).toEqual([s.guest.id]);
  const outsider = await api.putItem(s, s.owner.token, uuid(), {
    folder_id: folderId,
    values: { [attributeOf.members!]: { data: [s.outsider.id] } },
    row_version: 1,
  });
  expect(outsider.status).toBe(422);
  expect(outsider.body.errors[0]).toMatchObject({
    code: 'UNKNOWN_MEMBER',
    path: `values.${attributeOf.members}.0`,
  });
});

test('every problem of a save is listed, and nothing is written', async () => {
  const id = uuid();
  const res = await api.putItem(s, s.owner.token, id, {
    folder_id: folderId,
    values: {
      [attributeOf.number!]: { data: 'many' },
      [attributeOf.email!]: { data: 'nope' },
      [uuid()]: { data: 'x' },
      [attributeOf.text!]: { data: 'fine' },
    },
    row_version: 1,
  });
  expect(res.status).toBe(422);
  expect(res.body.errors.map((e: { code: string }) => e.code).sort()).toEqual(
    ['INVALID_EMAIL', 'INVALID_NUMBER', 'UNKNOWN_ATTRIBUTE'].sort(),
  );
  const listed = (await api.listItems(s, s.owner.token, folderId)).body;
  expect(listed.some((item: { id: string }) => item.id === id)).toBe(false);
});
