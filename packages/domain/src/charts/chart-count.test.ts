import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { type AxisOptions, type ChartAxis, createAxis } from './chart-axes';
import { type ChartItem, countItems, tracksOf } from './chart-count';
import { type ChartPlan, planChart } from './chart-plan';
import { ATTRIBUTES, MEMBERS, makeItem } from './chart-test-board';

/** Items with every kind of value a chart meets, good and bad, the same on every run. */
function mixedItems(count: number, seed: number): ChartItem[] {
  const day = fc
    .integer({ min: 0, max: 900 })
    .map((n) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000).toISOString());
  const date = fc.oneof(
    day.map((iso) => iso.slice(0, 10)),
    day,
    day.map((iso) => `${iso.slice(0, 10)}T23:30:00+09:00`),
    fc.constantFrom(
      '2026-02-30',
      '2026-13-01',
      '0000-01-01',
      '2026/03/08',
      'toString',
      '',
      null,
      undefined,
      42,
    ),
  );
  const number = fc.oneof(
    fc.integer({ min: -500, max: 2000 }).map((n) => n / 100),
    fc.integer({ min: 0, max: 1000 }),
    fc.constantFrom(0, -0, Number.NaN, Number.POSITIVE_INFINITY, '12', true, null, undefined),
  );
  const item = fc.record({
    due: date,
    span: fc.oneof(
      date.map((start) => ({ start, end: null })),
      fc.constantFrom(null, undefined, 'not a range', {}),
    ),
    flag: fc.constantFrom(true, false, null, undefined, 'true', 1),
    estimate: number,
    cost: number,
    hours: number,
    points: number,
    score: number,
  });
  return fc.sample(item, { numRuns: count, seed }).map((data) => makeItem(data));
}

/** The same axis with no `positionOf`: counting then goes through the lists of positions. */
function asListAxis(axis: ChartAxis | null): ChartAxis | null {
  return axis && { ...axis, positionOf: null };
}

function countBothWays(settings: unknown, items: ChartItem[], hasNumberOf: boolean) {
  const plan = planChart(settings, ATTRIBUTES) as ChartPlan;
  if ('error' in plan) throw new Error('the settings make no chart');
  const options: AxisOptions = {
    members: MEMBERS,
    bucket: plan.settings.x?.bucket ?? 'month',
    timeZone: 'Asia/Tokyo',
    weekStart: 1,
  };
  const numberOf = hasNumberOf
    ? (item: ChartItem, id: string) => {
        const data = item.values[id]?.data;
        return typeof data === 'number' ? data * 2 : data === true ? Number.NaN : null;
      }
    : undefined;
  const count = (list: boolean) => {
    const axes = [plan.x, plan.split].map((attribute) => (attribute ? createAxis(attribute, options) : null));
    const [xAxis, splitAxis] = list ? axes.map(asListAxis) : axes;
    const grid = countItems({
      items,
      numberOf,
      tracks: tracksOf(plan, hasNumberOf),
      plan,
      xAxis: xAxis!,
      splitAxis: splitAxis!,
    });
    return { grid, xBuckets: xAxis?.buckets(), splitBuckets: splitAxis?.buckets() };
  };
  return { direct: count(false), listed: count(true) };
}

const numbers = [
  { aggregate: 'sum', attribute_id: 'estimate' },
  { aggregate: 'avg', attribute_id: 'cost' },
  { aggregate: 'min', attribute_id: 'hours' },
  { aggregate: 'max', attribute_id: 'points' },
  { aggregate: 'avg', attribute_id: 'score' },
  { aggregate: 'count' },
  { aggregate: 'max', attribute_id: 'estimate' },
];

describe('an item in exactly one cell is counted straight into it, as the lists of positions count it', () => {
  test.each([
    { name: 'count by month', settings: { x: { attribute_id: 'due', bucket: 'month' } } },
    {
      name: 'seven measures over five numbers by day',
      settings: { x: { attribute_id: 'due', bucket: 'day' }, measures: numbers },
    },
    {
      name: 'seven measures, the formula through numberOf, by week',
      settings: { x: { attribute_id: 'due', bucket: 'week' }, measures: numbers },
      hasNumberOf: true,
    },
    {
      name: 'a date range by quarter',
      settings: { x: { attribute_id: 'span', bucket: 'quarter' }, measures: numbers.slice(0, 2) },
    },
    {
      name: 'dates split by checkbox',
      settings: {
        type: 'stacked_bar',
        x: { attribute_id: 'due', bucket: 'year' },
        measures: [{ aggregate: 'avg', attribute_id: 'estimate' }],
        split_by: { attribute_id: 'flag' },
      },
    },
    {
      name: 'checkbox split by checkbox',
      settings: {
        x: { attribute_id: 'flag' },
        measures: [{ aggregate: 'min', attribute_id: 'score' }],
        split_by: { attribute_id: 'flag' },
      },
      hasNumberOf: true,
    },
    { name: 'a single number', settings: { type: 'kpi', x: null, measures: [numbers[2]] } },
  ])('$name', ({ settings, hasNumberOf }) => {
    // Enough items for days past the grid's first 16 buckets, so that it grows while counting.
    const items = mixedItems(600, 7);
    const { direct, listed } = countBothWays(settings, items, hasNumberOf ?? false);
    expect(direct.xBuckets).toEqual(listed.xBuckets);
    expect(direct.splitBuckets).toEqual(listed.splitBuckets);
    expect(direct.grid.buckets).toBe(listed.grid.buckets);
    expect(direct.grid.series).toBe(listed.grid.series);
    // Cell by cell with Object.is: the same sums in the same order, -0 and all.
    expect([...direct.grid.cells]).toEqual([...listed.grid.cells]);
  });
});
