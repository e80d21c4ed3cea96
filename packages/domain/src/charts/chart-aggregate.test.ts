import { describe, expect, test } from 'vitest';
import { ALL_KEY, chartRows } from './chart-aggregate';
import { chartOf, makeItem, rowsOf } from './chart-test-board';

const count = [{ aggregate: 'count' }];

describe('date buckets in the reader’s time zone', () => {
  const items = [
    makeItem({ due: '2026-03-08T23:30:00Z' }),
    makeItem({ due: '2026-01-15T07:30:00Z' }),
    // A calendar date has no zone: it is the same day everywhere.
    makeItem({ due: '2026-03-08' }),
  ];
  test.each([
    {
      timeZone: 'UTC',
      rows: [
        ['2026-01-15', 1],
        ['2026-03-08', 2],
      ],
    },
    {
      timeZone: 'Asia/Tokyo',
      rows: [
        ['2026-01-15', 1],
        ['2026-03-08', 1],
        ['2026-03-09', 1],
      ],
    },
    {
      timeZone: 'America/Los_Angeles',
      rows: [
        ['2026-01-14', 1],
        ['2026-03-08', 2],
      ],
    },
  ])('by day in $timeZone', ({ timeZone, rows }) => {
    expect(
      rowsOf(chartOf({ x: { attribute_id: 'due', bucket: 'day' }, measures: count }, items, { timeZone })),
    ).toEqual(rows);
  });

  test.each([
    {
      bucket: 'month',
      timeZone: 'UTC',
      rows: [
        ['2025-12', 1],
        ['2026-01', 1],
      ],
    },
    { bucket: 'month', timeZone: 'Asia/Tokyo', rows: [['2026-01', 2]] },
    {
      bucket: 'quarter',
      timeZone: 'UTC',
      rows: [
        ['2025-Q4', 1],
        ['2026-Q1', 1],
      ],
    },
    { bucket: 'quarter', timeZone: 'Asia/Tokyo', rows: [['2026-Q1', 2]] },
    {
      bucket: 'year',
      timeZone: 'UTC',
      rows: [
        ['2025', 1],
        ['2026', 1],
      ],
    },
    { bucket: 'year', timeZone: 'Asia/Tokyo', rows: [['2026', 2]] },
    {
      bucket: 'year',
      timeZone: 'America/Los_Angeles',
      rows: [
        ['2025', 1],
        ['2026', 1],
      ],
    },
  ])('by $bucket in $timeZone, an instant on new year’s eve in UTC', ({ bucket, timeZone, rows }) => {
    const items = [makeItem({ due: '2025-12-31T23:30:00Z' }), makeItem({ due: '2026-01-10' })];
    expect(
      rowsOf(chartOf({ x: { attribute_id: 'due', bucket }, measures: count }, items, { timeZone })),
    ).toEqual(rows);
  });

  describe('weeks start on the profile’s day, else the locale’s', () => {
    // Saturday 7, Sunday 8, Monday 9, Wednesday 11 March 2026.
    const items = ['2026-03-07', '2026-03-08', '2026-03-09', '2026-03-11'].map((due) => makeItem({ due }));
    const settings = { x: { attribute_id: 'due', bucket: 'week' }, measures: count };
    test.each([
      {
        weekStart: 0,
        locale: undefined,
        rows: [
          ['2026-03-01', 1],
          ['2026-03-08', 3],
        ],
      },
      {
        weekStart: 1,
        locale: undefined,
        rows: [
          ['2026-03-02', 2],
          ['2026-03-09', 2],
        ],
      },
      { weekStart: 6, locale: undefined, rows: [['2026-03-07', 4]] },
      {
        weekStart: null,
        locale: 'en-US',
        rows: [
          ['2026-03-01', 1],
          ['2026-03-08', 3],
        ],
      },
      {
        weekStart: null,
        locale: 'de-DE',
        rows: [
          ['2026-03-02', 2],
          ['2026-03-09', 2],
        ],
      },
      { weekStart: null, locale: 'ar-EG', rows: [['2026-03-07', 4]] },
      {
        weekStart: 1,
        locale: 'en-US',
        rows: [
          ['2026-03-02', 2],
          ['2026-03-09', 2],
        ],
      },
    ])('profile $weekStart, locale $locale', ({ weekStart, locale, rows }) => {
      expect(rowsOf(chartOf(settings, items, { weekStart, locale }))).toEqual(rows);
    });
  });

  test('a date range falls on its start; no date or an unreadable one is the none bucket, last', () => {
    const items = [
      makeItem({ span: { start: '2026-05-20', end: '2026-07-01' } }),
      makeItem({ span: { start: null, end: '2026-07-01' } }),
      makeItem({ span: '2026-05-01' }),
      makeItem({}),
      makeItem({ span: { start: '2026-02-30', end: null } }),
      makeItem({ span: { start: '2026-04-02T10:00:00+02:00', end: null } }),
    ];
    expect(rowsOf(chartOf({ x: { attribute_id: 'span' }, measures: count }, items))).toEqual([
      ['2026-04', 1],
      ['2026-05', 1],
      [null, 4],
    ]);
  });
});

describe('aggregates', () => {
  const items = [
    makeItem({ status: ['l-todo'], estimate: 2 }),
    makeItem({ status: ['l-todo'], estimate: 4 }),
    makeItem({ status: ['l-todo'], estimate: 9 }),
    makeItem({ status: ['l-todo'] }),
    makeItem({ status: ['l-done'], estimate: -1.5 }),
    makeItem({ status: ['l-doing'] }),
  ];
  test.each([
    {
      aggregate: 'count',
      rows: [
        ['l-todo', 4],
        ['l-doing', 1],
        ['l-done', 1],
      ],
    },
    {
      aggregate: 'sum',
      rows: [
        ['l-todo', 15],
        ['l-doing', 0],
        ['l-done', -1.5],
      ],
    },
    {
      aggregate: 'avg',
      rows: [
        ['l-todo', 5],
        ['l-doing', null],
        ['l-done', -1.5],
      ],
    },
    {
      aggregate: 'min',
      rows: [
        ['l-todo', 2],
        ['l-doing', null],
        ['l-done', -1.5],
      ],
    },
    {
      aggregate: 'max',
      rows: [
        ['l-todo', 9],
        ['l-doing', null],
        ['l-done', -1.5],
      ],
    },
  ])('$aggregate of a number per label ($rows)', ({ aggregate, rows }) => {
    const measure = aggregate === 'count' ? { aggregate } : { aggregate, attribute_id: 'estimate' };
    expect(rowsOf(chartOf({ x: { attribute_id: 'status' }, measures: [measure] }, items))).toEqual(rows);
  });

  test('several measures are several series, in the settings’ order, even over the same attribute', () => {
    const chart = chartOf(
      {
        type: 'line',
        x: { attribute_id: 'status' },
        measures: [
          { aggregate: 'max', attribute_id: 'estimate' },
          { aggregate: 'count' },
          { aggregate: 'avg', attribute_id: 'estimate' },
          { aggregate: 'min', attribute_id: 'estimate' },
        ],
      },
      items,
    );
    expect(chart.series).toEqual([
      { key: 'm0', measure: 0 },
      { key: 'm1', measure: 1 },
      { key: 'm2', measure: 2 },
      { key: 'm3', measure: 3 },
    ]);
    expect(rowsOf(chart)).toEqual([
      ['l-todo', 9, 4, 5, 2],
      ['l-doing', null, 1, null, null],
      ['l-done', -1.5, 1, -1.5, -1.5],
    ]);
  });

  test('up to seven measures over as many attributes, stored numbers and formulas mixed, each in its series', () => {
    const items = [
      makeItem({ flag: true, estimate: 1, cost: 10, hours: 100, points: 1000, score: 'ignored' }),
      makeItem({ flag: true, estimate: 2, cost: 20, points: 3000 }),
      makeItem({ flag: false, hours: 5 }),
    ];
    const numberOf = (item: { id: string }, attributeId: string) =>
      attributeId === 'score' ? (item.id === items[2]!.id ? 0.5 : 7) : null;
    const chart = chartOf(
      {
        x: { attribute_id: 'flag' },
        measures: [
          { aggregate: 'avg', attribute_id: 'score' },
          { aggregate: 'sum', attribute_id: 'estimate' },
          { aggregate: 'max', attribute_id: 'cost' },
          { aggregate: 'min', attribute_id: 'hours' },
          { aggregate: 'avg', attribute_id: 'points' },
          { aggregate: 'count' },
          { aggregate: 'min', attribute_id: 'score' },
        ],
      },
      items,
      { numberOf },
    );
    expect(rowsOf(chart)).toEqual([
      ['false', 0.5, 0, null, 5, null, 1, 0.5],
      ['true', 7, 3, 20, 100, 2000, 2, 7],
    ]);
  });

  test('items are counted in blocks: numbers of many items land with their own item', () => {
    const items = Array.from({ length: 150 }, (_, i) =>
      makeItem({ flag: i % 3 === 0, estimate: i, cost: i % 7 === 0 ? undefined : 2 * i, hours: i % 5 }),
    );
    const numberOf = (item: { id: string }) => items.findIndex((one) => one.id === item.id) * 10;
    const measures = [
      { aggregate: 'sum', attribute_id: 'estimate' },
      { aggregate: 'sum', attribute_id: 'score' },
      { aggregate: 'max', attribute_id: 'cost' },
      { aggregate: 'sum', attribute_id: 'hours' },
    ];
    const chart = chartOf({ x: { attribute_id: 'flag' }, measures }, items, { numberOf });
    const expected = [false, true].map((flag) => {
      const mine = items.map((_, i) => i).filter((i) => (i % 3 === 0) === flag);
      return [
        String(flag),
        mine.reduce((sum, i) => sum + i, 0),
        mine.reduce((sum, i) => sum + i * 10, 0),
        Math.max(...mine.filter((i) => i % 7 !== 0).map((i) => 2 * i)),
        mine.reduce((sum, i) => sum + (i % 5), 0),
      ];
    });
    expect(rowsOf(chart)).toEqual(expected);
  });

  test('a formula’s numbers come from numberOf; without it, from its stored result when that is a number', () => {
    const items = [
      makeItem({ flag: true, score: 'stale' }),
      makeItem({ flag: true, score: 3 }),
      makeItem({ flag: false, score: 10 }),
    ];
    const settings = { x: { attribute_id: 'flag' }, measures: [{ aggregate: 'sum', attribute_id: 'score' }] };
    const computed = new Map([
      [items[0]!.id, 7],
      [items[1]!.id, null],
      [items[2]!.id, Number.NaN],
    ]);
    const numberOf = (item: { id: string }, attributeId: string) =>
      attributeId === 'score' ? (computed.get(item.id) ?? null) : null;
    expect(rowsOf(chartOf(settings, items, { numberOf }))).toEqual([
      ['false', 0],
      ['true', 7],
    ]);
    expect(rowsOf(chartOf(settings, items))).toEqual([
      ['false', 10],
      ['true', 3],
    ]);
  });

  test('a single number (kpi) is one bucket over all items', () => {
    const kpi = chartOf({ type: 'kpi', measures: [{ aggregate: 'avg', attribute_id: 'estimate' }] }, items);
    expect(kpi).toEqual({
      buckets: [{ key: ALL_KEY }],
      series: [{ key: 'm0', measure: 0 }],
      values: [[13.5 / 4]],
    });
    expect(chartOf({ type: 'kpi' }, []).values).toEqual([[0]]);
  });
});

describe('items with several values, and the order of buckets', () => {
  test('an item counts under each of its labels, in the attribute’s label order; unknown label ids are skipped', () => {
    const items = [
      makeItem({ status: ['l-done', 'l-todo'], estimate: 5 }),
      makeItem({ status: ['l-done'], estimate: 1 }),
      makeItem({ status: ['l-gone'], estimate: 100 }),
      makeItem({ status: [], estimate: 7 }),
      makeItem({ estimate: 8 }),
    ];
    const chart = chartOf(
      {
        x: { attribute_id: 'status' },
        measures: [{ aggregate: 'count' }, { aggregate: 'sum', attribute_id: 'estimate' }],
      },
      items,
    );
    expect(chart.buckets).toEqual([
      { key: 'l-todo', label: 'To do' },
      { key: 'l-done', label: 'Done' },
      { key: null },
    ]);
    expect(rowsOf(chart)).toEqual([
      ['l-todo', 1, 5],
      ['l-done', 2, 6],
      [null, 3, 115],
    ]);
  });

  test('a label listed twice on an item counts once', () => {
    expect(
      rowsOf(chartOf({ x: { attribute_id: 'status' } }, [makeItem({ status: ['l-todo', 'l-todo'] })])),
    ).toEqual([['l-todo', 1]]);
  });

  test('an item counts for each of its members, in the order the members are given, others after by id', () => {
    const items = [
      makeItem({ owners: [10, 30], estimate: 2 }),
      makeItem({ owners: [99, 20], estimate: 3 }),
      makeItem({ owners: [5] }),
      makeItem({ owners: null }),
    ];
    const chart = chartOf(
      { x: { attribute_id: 'owners' }, measures: [{ aggregate: 'sum', attribute_id: 'estimate' }] },
      items,
    );
    expect(chart.buckets).toEqual([
      { key: '30', label: 'Chloé' },
      { key: '10', label: 'Amir' },
      { key: '20', label: 'Bea' },
      { key: '5' },
      { key: '99' },
      { key: null },
    ]);
    expect(chart.values).toEqual([[2, 2, 3, 0, 3, 0]]);
  });

  test('checkbox: unchecked, then checked; no value reads as unchecked', () => {
    const items = [
      makeItem({ flag: true }),
      makeItem({ flag: false }),
      makeItem({}),
      makeItem({ flag: true }),
    ];
    expect(rowsOf(chartOf({ x: { attribute_id: 'flag' } }, items))).toEqual([
      ['false', 2],
      ['true', 2],
    ]);
    expect(rowsOf(chartOf({ x: { attribute_id: 'flag' } }, [makeItem({ flag: true })]))).toEqual([
      ['true', 1],
    ]);
  });

  test('dates go in time order whatever order the items come in', () => {
    const items = ['2026-05-01', '2024-01-01', '2025-07-01', '2026-01-01'].map((due) => makeItem({ due }));
    expect(chartOf({ x: { attribute_id: 'due', bucket: 'year' } }, items).buckets.map((b) => b.key)).toEqual([
      '2024',
      '2025',
      '2026',
    ]);
  });

  test('no items: no buckets', () => {
    expect(chartOf({ x: { attribute_id: 'due' } }, [])).toEqual({
      buckets: [],
      series: [{ key: 'm0', measure: 0 }],
      values: [[]],
    });
  });
});

test('chartRows gives Recharts one row per bucket with a field per series', () => {
  const items = [makeItem({ status: ['l-todo'], estimate: 2 }), makeItem({ estimate: 3 })];
  const chart = chartOf(
    {
      x: { attribute_id: 'status' },
      measures: [{ aggregate: 'count' }, { aggregate: 'sum', attribute_id: 'estimate' }],
    },
    items,
  );
  expect(chartRows(chart)).toEqual([
    { key: 'l-todo', label: 'To do', m0: 1, m1: 2 },
    { key: null, label: null, m0: 1, m1: 3 },
  ]);
});
