import type { ActivityAttribute, ActivityEntry } from '@strata/contracts/activity';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import enUS from '../../i18n/locales/en-US.json';
import { type ActivityLookups, describeEntry, groupByDay } from './activity-text';

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
  t = i18n.t;
});

const TODO = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0001';
const DONE = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0002';
const attribute = (
  id: string,
  name: string,
  type: ActivityAttribute['type'],
  settings = {},
): ActivityAttribute => ({
  id,
  name,
  type,
  settings,
  deleted: false,
});
const ATTRIBUTES = [
  attribute('status', 'Status', 'label', {
    labels: [
      { id: TODO, name: 'To do' },
      { id: DONE, name: 'Done' },
    ],
  }),
  attribute('due', 'Due', 'date'),
  attribute('owners', 'Owners', 'members'),
  attribute('done', 'Done?', 'checkbox'),
  attribute('notes', 'Notes', 'longtext'),
];
const LOOKUPS: ActivityLookups = {
  attributes: new Map(ATTRIBUTES.map((a) => [a.id, a])),
  itemNames: { item1: 'Write the plan', item2: 'Launch' },
  folderNames: { f1: 'Backlog', f2: 'Doing' },
  context: {
    locale: 'en-US',
    timeZone: 'UTC',
    memberName: (id) => ({ 1: 'Ana', 2: 'Bo' })[id],
  },
};

let nextId = 1;
function entry(
  event: string,
  type: string,
  changes: Record<string, unknown>,
  extra: Partial<ActivityEntry> = {},
) {
  return {
    id: nextId++,
    event,
    user: { id: 1, name: 'Ana', photo_url: '/a.svg' },
    record: {
      type,
      id: type === 'item' || type === 'value' ? 'item1' : 'rec',
      folder_id: 'f1',
      item_id: 'item1',
    },
    changes,
    created_at: '2026-03-20T10:00:00Z',
    ...extra,
  } satisfies ActivityEntry;
}
const say = (e: ActivityEntry) => describeEntry(e, LOOKUPS, t);

describe('value sentences show values in the reader language by their type', () => {
  test.each([
    [{ attribute_id: 'status', before: [TODO], after: [DONE] }, 'Ana changed Status from To do to Done'],
    [{ attribute_id: 'status', before: null, after: [TODO] }, 'Ana set Status to To do'],
    [{ attribute_id: 'status', before: [DONE], after: null }, 'Ana cleared Status (was Done)'],
    [
      { attribute_id: 'due', before: '2026-03-01', after: '2026-03-20' },
      'Ana changed Due from Mar 1, 2026 to Mar 20, 2026',
    ],
    [{ attribute_id: 'owners', before: null, after: [1, 2] }, 'Ana set Owners to Ana, Bo'],
    [{ attribute_id: 'done', before: false, after: true }, 'Ana checked Done?'],
    [{ attribute_id: 'done', before: true, after: false }, 'Ana unchecked Done?'],
    [
      { attribute_id: 'notes', before: null, after: '<p>First</p><p>Second &amp; last</p>' },
      'Ana set Notes to First Second & last',
    ],
    [{ attribute_id: 'gone', before: 'a', after: 'b' }, 'Ana changed (deleted column) from a to b'],
  ])('%j', (changes, sentence) => {
    expect(say(entry('value.updated', 'value', changes))).toEqual([sentence]);
  });

  test('a long value is cut in the sentence', () => {
    const [sentence] = say(
      entry('value.updated', 'value', { attribute_id: 'notes', before: null, after: 'x'.repeat(300) }),
    );
    expect(sentence!.length).toBeLessThan(120);
    expect(sentence).toMatch(/…$/);
  });
});

describe('record sentences', () => {
  test.each([
    [
      entry('item.created', 'item', { folder_id: 'f1', parent_id: null, visitor: true }, { user: null }),
      ['A visitor created Write the plan in Backlog'],
    ],
    [
      entry(
        'value.updated',
        'value',
        { attribute_id: 'done', before: false, after: true, visitor: true },
        { user: null },
      ),
      ['A visitor checked Done?'],
    ],
    [
      entry(
        'value.updated',
        'value',
        {
          attribute_id: 'done',
          before: false,
          after: true,
          automation: { id: 'a1', name: 'Close done work' },
        },
        { user: { id: 99, name: 'Autobot', photo_url: '/a.svg' } },
      ),
      ['Autobot via Close done work checked Done?'],
    ],
    [
      entry('item.created', 'item', { folder_id: 'f1', parent_id: null }, { user: null }),
      ['Someone created Write the plan in Backlog'],
    ],
    [
      entry('item.created', 'item', { folder_id: 'f1', parent_id: null }),
      ['Ana created Write the plan in Backlog'],
    ],
    [
      entry('item.created', 'item', { folder_id: 'f1', parent_id: 'item2' }),
      ['Ana created Write the plan as a subitem of Launch'],
    ],
    [
      entry('item.created', 'item', {
        folder_id: 'f1',
        parent_id: null,
        form: { id: 'v1', name: 'Requests' },
      }),
      ['Ana submitted Write the plan through the form Requests'],
    ],
    [
      entry(
        'item.created',
        'item',
        { folder_id: 'f1', parent_id: null, form: { id: 'v1', name: 'Requests' } },
        { user: null },
      ),
      ['Write the plan came in through the form Requests'],
    ],
    [
      entry('item.updated', 'item', {
        folder_id: { before: 'f1', after: 'f2' },
        parent_id: { before: 'item2', after: null },
      }),
      ['Ana moved Write the plan from Backlog to Doing', 'Ana made Write the plan a top-level item'],
    ],
    [entry('item.deleted', 'item', {}), ['Ana deleted Write the plan']],
    [
      entry('attribute.created', 'attribute', { name: 'Cost', type: 'number' }),
      ['Ana added the column Cost'],
    ],
    [
      entry('attribute.updated', 'attribute', {
        name: { before: 'Cost', after: 'Price' },
        changed: ['settings'],
      }),
      ['Ana renamed the column Cost to Price', 'Ana changed the settings of the column Price'],
    ],
    [
      entry('folder.created', 'folder', { name: 'Ideas', parent_id: 'f1' }),
      ['Ana created the folder Ideas in Backlog'],
    ],
    [
      entry('folder.updated', 'folder', {
        name: { before: 'Ideas', after: 'Plans' },
        parent_id: { before: 'f1', after: null },
      }),
      ['Ana renamed the folder Ideas to Plans', 'Ana moved the folder Plans to the top level'],
    ],
    [entry('folder.deleted', 'folder', { name: 'Plans' }), ['Ana deleted the folder Plans']],
    [
      entry('board.updated', 'board', {
        name: { before: 'Board', after: 'Roadmap' },
        is_private: { before: false, after: true },
        user_ids: { added: [2], removed: [] },
      }),
      [
        'Ana renamed the board from Board to Roadmap',
        'Ana made the board private',
        'Ana added Bo to the board',
      ],
    ],
    [entry('board.updated', 'board', {}), ['Ana changed the board']],
    [entry('comment.created', 'comment', {}), ['Ana made a change (comment.created)']],
  ])('%#: %j', (e, sentences) => {
    expect(say(e)).toEqual(sentences);
  });

  test('an author whose account is gone is "Someone"; an item without a name is untitled', () => {
    const e = entry('item.deleted', 'item', {}, { user: null });
    e.record = { ...e.record, id: 'nameless', item_id: 'nameless' };
    expect(say(e)).toEqual(['Someone deleted Untitled item']);
  });
});

describe('groupByDay', () => {
  const at = (created_at: string) => entry('item.deleted', 'item', {}, { created_at });
  test('groups newest-first entries by day in the reader zone: Today, Yesterday, then the date', () => {
    const entries = [
      at('2026-03-20T09:00:00Z'),
      at('2026-03-20T01:00:00Z'),
      at('2026-03-19T23:30:00Z'),
      at('2026-03-10T12:00:00Z'),
    ];
    const now = new Date('2026-03-20T12:00:00Z');
    const utc = groupByDay(entries, { locale: 'en-US', timeZone: 'UTC', now, t });
    expect(utc.map((day) => [day.label, day.entries.length])).toEqual([
      ['Today', 2],
      ['Yesterday', 1],
      ['Tuesday, March 10, 2026', 1],
    ]);
    // In Tokyo (UTC+9) 23:30 UTC on the 19th is already the 20th.
    const tokyo = groupByDay(entries, { locale: 'en-US', timeZone: 'Asia/Tokyo', now, t });
    expect(tokyo.map((day) => [day.label, day.entries.length])).toEqual([
      ['Today', 3],
      ['Tuesday, March 10, 2026', 1],
    ]);
  });

  test('Yesterday crosses a month boundary', () => {
    const days = groupByDay([at('2026-02-28T10:00:00Z')], {
      locale: 'en-US',
      timeZone: 'UTC',
      now: new Date('2026-03-01T10:00:00Z'),
      t,
    });
    expect(days.map((day) => day.label)).toEqual(['Yesterday']);
  });
});
