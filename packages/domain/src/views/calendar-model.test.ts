import { describe, expect, test } from 'vitest';
import { calendarAttributes, calendarModel, valueAfterMove } from './calendar-model';
import type { ViewAttribute, ViewItem } from './view-rows';
import { readViewSettings } from './view-settings';

const PALETTE = ['#0a0a0a', '#1b1b1b', '#2c2c2c'];

const attributes: ViewAttribute[] = [
  { id: 'name', name: 'Name', type: 'text', settings: { primary: true } },
  { id: 'due', name: 'Due', type: 'date' },
  { id: 'plan', name: 'Plan', type: 'date_range' },
  { id: 'meet', name: 'Meeting', type: 'date', settings: { includeTime: true } },
  {
    id: 'status',
    name: 'Status',
    type: 'label',
    settings: { labels: [{ id: 'done', name: 'Done', color: '#00aa00' }] },
  },
];

const item = (id: string, values: Record<string, unknown>, parent: string | null = null): ViewItem => ({
  id,
  parent_id: parent,
  values: Object.fromEntries(Object.entries(values).map(([key, data]) => [key, { data }])),
});

const model = (items: ViewItem[], settings: Record<string, unknown> = {}) =>
  calendarModel({
    items,
    attributes,
    settings: readViewSettings(settings),
    nameAttributeId: 'name',
    untitled: 'Untitled',
    palette: PALETTE,
  });

describe('calendar model', () => {
  test('without a choice the board’s first date attribute is shown; chosen ones keep their order', () => {
    expect(calendarAttributes(attributes, { date_attribute_ids: [] }).map((a) => a.id)).toEqual(['due']);
    expect(
      calendarAttributes(attributes, { date_attribute_ids: ['plan', 'gone', 'due'] }).map((a) => a.id),
    ).toEqual(['plan', 'due']);
    expect(calendarAttributes(attributes.slice(0, 1), { date_attribute_ids: [] })).toEqual([]);
  });

  test.each([
    ['a day', 'due', '2026-03-20', { start: '2026-03-20', allDay: true }],
    ['a time', 'meet', '2026-03-20T09:30:00Z', { start: '2026-03-20T09:30:00Z', allDay: false }],
    [
      'a range of days (the end exclusive)',
      'plan',
      { start: '2026-03-20', end: '2026-03-22' },
      { start: '2026-03-20', end: '2026-03-23', allDay: true },
    ],
    [
      'a range across a month end',
      'plan',
      { start: '2026-02-27', end: '2026-02-28' },
      { start: '2026-02-27', end: '2026-03-01', allDay: true },
    ],
    [
      'a range of times',
      'plan',
      { start: '2026-03-20T09:00:00Z', end: '2026-03-20T11:00:00Z' },
      { start: '2026-03-20T09:00:00Z', end: '2026-03-20T11:00:00Z', allDay: false },
    ],
    [
      'a range with its start only',
      'plan',
      { start: '2026-03-20', end: null },
      { start: '2026-03-20', allDay: true },
    ],
    [
      'a range with its end only',
      'plan',
      { start: null, end: '2026-03-20' },
      { start: '2026-03-20', allDay: true },
    ],
    [
      'a range ending before it starts: its start alone',
      'plan',
      { start: '2026-03-20', end: '2026-03-10' },
      { start: '2026-03-20', allDay: true },
    ],
  ])('%s', (_name, attributeId, data, expected) => {
    const { events, undated } = model([item('a', { name: 'Launch', [attributeId]: data })], {
      date_attribute_ids: [attributeId],
    });
    expect(undated).toEqual([]);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ itemId: 'a', attributeId, title: 'Launch', ...expected });
    if (!('end' in expected)) expect(events[0]!.end).toBeUndefined();
  });

  test.each([
    ['no value', {}],
    ['an empty range', { plan: { start: null, end: null } }],
    ['not a date', { due: '2026-02-30', plan: 'soon' }],
  ])('%s: undated', (_name, values) => {
    const { events, undated } = model([item('a', { name: 'A', ...values })], {
      date_attribute_ids: ['due', 'plan'],
    });
    expect(events).toEqual([]);
    expect(undated.map((i) => i.id)).toEqual(['a']);
  });

  test('an item shows once per date attribute, each in its colour; a label colour wins', () => {
    const { events } = model(
      [
        item('a', { name: 'A', due: '2026-03-20', plan: { start: '2026-03-01', end: '2026-03-02' } }),
        item('b', { name: 'B', due: '2026-03-21', status: ['done'] }),
      ],
      { date_attribute_ids: ['due', 'plan'], color_by: 'status' },
    );
    expect(events.map((e) => [e.id, e.color])).toEqual([
      ['a:due', PALETTE[0]],
      ['a:plan', PALETTE[1]],
      ['b:due', '#00aa00'],
    ]);
  });

  test('the view’s filters apply; subitems show under shown items; no name reads as untitled', () => {
    const { events, undated } = model(
      [
        item('a', { name: 'Kept', due: '2026-03-20', status: ['done'] }),
        item('b', { name: 'Filtered out', due: '2026-03-20' }),
        item('c', { due: '2026-03-21' }, 'a'),
        item('d', { name: 'Sub of hidden', due: '2026-03-21' }, 'b'),
      ],
      { filters: [{ attribute_id: 'name', operator: 'contains', operand: 'Kept' }] },
    );
    expect(events.map((e) => [e.itemId, e.title])).toEqual([
      ['a', 'Kept'],
      ['c', 'Untitled'],
    ]);
    expect(undated).toEqual([]);
  });

  test.each([
    ['a day moved', 'date', { start: '2026-03-25', end: null, allDay: true }, '2026-03-25'],
    [
      'a time moved',
      'date',
      { start: '2026-03-25T10:00:00+01:00', end: null, allDay: false },
      '2026-03-25T10:00:00+01:00',
    ],
    [
      'a range of days resized (the exclusive end back to the last day)',
      'date_range',
      { start: '2026-03-20', end: '2026-03-25', allDay: true },
      { start: '2026-03-20', end: '2026-03-24' },
    ],
    [
      'a one-day range moved',
      'date_range',
      { start: '2026-04-01', end: null, allDay: true },
      { start: '2026-04-01', end: '2026-04-01' },
    ],
    [
      'a range of times moved',
      'date_range',
      { start: '2026-03-20T09:00:00Z', end: '2026-03-20T12:00:00Z', allDay: false },
      { start: '2026-03-20T09:00:00Z', end: '2026-03-20T12:00:00Z' },
    ],
  ] as const)('%s', (_name, type, moved, expected) => {
    expect(valueAfterMove({ type }, moved)).toEqual(expected);
  });
});
