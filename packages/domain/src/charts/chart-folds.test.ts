import { describe, expect, test } from 'vitest';
import { aggregateChart, OTHER_KEY } from './chart-aggregate';
import type { ChartItem } from './chart-count';
import type { ChartAttribute } from './chart-plan';
import { chartOf, makeItem, rowsOf } from './chart-test-board';

/** A label attribute with `n` labels, `tag-0` … `tag-{n-1}`, in that order. */
function tagAttribute(n: number): ChartAttribute {
  const labels = Array.from({ length: n }, (_, i) => ({ id: `tag-${i}`, name: `Tag ${i}` }));
  return { id: 'tag', type: 'label', settings: { labels } };
}

function chartWithTags(n: number, settings: unknown, items: ChartItem[]) {
  const members = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, name: `User ${i + 1}` }));
  const result = aggregateChart({
    items,
    attributes: [tagAttribute(n), { id: 'owners', type: 'members' }, { id: 'estimate', type: 'number' }],
    settings,
    timeZone: 'UTC',
    weekStart: 1,
    members,
  });
  if ('error' in result) throw new Error(result.error.message);
  return result;
}

/** `count` items tagged `tag-{i}`, with these estimates in turn. */
function tagged(i: number, count: number, estimates: (number | undefined)[] = []): ChartItem[] {
  return Array.from({ length: count }, (_, k) => makeItem({ tag: [`tag-${i}`], estimate: estimates[k] }));
}

describe('Show Top 20 Values', () => {
  // Tag i has i + 1 items: tags 5-24 are the 20 largest.
  const items = Array.from({ length: 25 }, (_, i) => tagged(i, i + 1)).flat();

  test('keeps the 20 largest buckets in their own order and sums the rest into Other, last', () => {
    const chart = chartWithTags(25, { x: { attribute_id: 'tag' }, top20: true }, items);
    expect(chart.buckets.map((bucket) => bucket.key)).toEqual([
      ...Array.from({ length: 20 }, (_, i) => `tag-${i + 5}`),
      OTHER_KEY,
    ]);
    expect(chart.buckets.at(-1)).toEqual({ key: OTHER_KEY });
    expect(chart.values[0]!.at(-1)).toBe(1 + 2 + 3 + 4 + 5);
    expect(chart.values[0]!.reduce((sum, value) => sum! + value!, 0)).toBe(items.length);
  });

  test('is off by default, and changes nothing with 20 buckets or fewer', () => {
    expect(chartWithTags(25, { x: { attribute_id: 'tag' } }, items).buckets).toHaveLength(25);
    const twenty = Array.from({ length: 20 }, (_, i) => tagged(i, 1)).flat();
    expect(chartWithTags(25, { x: { attribute_id: 'tag' }, top20: true }, twenty).buckets).toHaveLength(20);
  });

  test('ties go to the bucket that comes first', () => {
    const equal = Array.from({ length: 22 }, (_, i) => tagged(i, 1)).flat();
    const chart = chartWithTags(22, { x: { attribute_id: 'tag' }, top20: true }, equal);
    expect(chart.buckets.slice(0, 20).map((bucket) => bucket.key)).toEqual(
      Array.from({ length: 20 }, (_, i) => `tag-${i}`),
    );
    expect(rowsOf(chart).at(-1)).toEqual([OTHER_KEY, 2]);
  });

  test('ranks by the first measure; Other combines averages by sum and count, min and max by min and max', () => {
    // Tags 0-19 have one item of 100; tag 20 has one item of 10, tag 21 three items of 1.
    const many = [
      ...Array.from({ length: 20 }, (_, i) => tagged(i, 1, [100])).flat(),
      ...tagged(20, 1, [10]),
      ...tagged(21, 3, [1, 1, 1]),
    ];
    const measures = ['avg', 'min', 'max', 'sum'].map((aggregate) => ({
      aggregate,
      attribute_id: 'estimate',
    }));
    const chart = chartWithTags(22, { x: { attribute_id: 'tag' }, measures, top20: true }, many);
    // The average of the two folded averages (10 and 1) would be 5.5; of their items, 13 / 4.
    expect(rowsOf(chart).at(-1)).toEqual([OTHER_KEY, 13 / 4, 1, 10, 13]);
    expect(rowsOf(chart)[0]).toEqual(['tag-0', 100, 100, 100, 100]);
  });

  test('the none bucket competes like any other', () => {
    const withNone = [...Array.from({ length: 21 }, (_, i) => tagged(i, 2)).flat(), ...tagged(99, 1)];
    const chart = chartWithTags(21, { x: { attribute_id: 'tag' }, top20: true }, withNone);
    expect(chart.buckets.map((bucket) => bucket.key)).not.toContain(null);
    expect(rowsOf(chart).at(-1)).toEqual([OTHER_KEY, 2 + 1]);
  });
});

describe('split by a second attribute', () => {
  test('one series per split value, in the split attribute’s order, none last', () => {
    const items = [
      makeItem({ status: ['l-todo'], owners: [20, 30] }),
      makeItem({ status: ['l-todo', 'l-done'], owners: [30] }),
      makeItem({ status: ['l-done'] }),
    ];
    const chart = chartOf(
      { type: 'stacked_bar', x: { attribute_id: 'status' }, split_by: { attribute_id: 'owners' } },
      items,
    );
    expect(chart.series).toEqual([
      { key: 's:30', label: 'Chloé', measure: 0, split: '30' },
      { key: 's:20', label: 'Bea', measure: 0, split: '20' },
      { key: 's:__none__', measure: 0, split: null },
    ]);
    expect(rowsOf(chart)).toEqual([
      ['l-todo', 2, 1, 0],
      ['l-done', 1, 0, 1],
    ]);
  });

  test('keeps the 7 largest split values by their total and folds the rest into an Other series', () => {
    // User u is on u items (users 1-9): users 3-9 are the 7 largest.
    const items = Array.from({ length: 9 }, (_, u) =>
      Array.from({ length: u + 1 }, (_, k) =>
        makeItem({ tag: [`tag-${k % 2}`], owners: [u + 1], estimate: 1 }),
      ),
    ).flat();
    const chart = chartWithTags(
      2,
      {
        x: { attribute_id: 'tag' },
        measures: [{ aggregate: 'sum', attribute_id: 'estimate' }],
        split_by: { attribute_id: 'owners' },
      },
      items,
    );
    expect(chart.series.map((series) => series.split)).toEqual([
      '3',
      '4',
      '5',
      '6',
      '7',
      '8',
      '9',
      OTHER_KEY,
    ]);
    expect(chart.series).toHaveLength(8);
    // Users 1 and 2: user 1's item and user 2's first on tag-0, user 2's second on tag-1.
    expect(chart.values.at(-1)).toEqual([2, 1]);
    const total = chart.values.flat().reduce((sum, value) => sum! + value!, 0);
    expect(total).toBe(items.length);
  });

  test('top 20 ranks the buckets of a split chart by their whole stack', () => {
    // Tags 0-20 have 2 items of user 1; tag 21 has 1 item of user 1 and 3 of user 2.
    const items = [
      ...Array.from({ length: 21 }, (_, i) => [
        makeItem({ tag: [`tag-${i}`], owners: [1] }),
        makeItem({ tag: [`tag-${i}`], owners: [1] }),
      ]).flat(),
      makeItem({ tag: ['tag-21'], owners: [1] }),
      ...Array.from({ length: 3 }, () => makeItem({ tag: ['tag-21'], owners: [2] })),
    ];
    const chart = chartWithTags(
      22,
      { x: { attribute_id: 'tag' }, split_by: { attribute_id: 'owners' }, top20: true },
      items,
    );
    expect(chart.buckets.map((bucket) => bucket.key)).toContain('tag-21');
    expect(chart.buckets.map((bucket) => bucket.key)).not.toContain('tag-20');
    expect(rowsOf(chart).at(-1)).toEqual([OTHER_KEY, 4, 0]);
  });
});
