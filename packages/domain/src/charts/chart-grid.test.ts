import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { aggregateChart } from './chart-aggregate';
import { addToCell, cellValue, createGrid, foldGrid, growGrid, keepLargest, STRIDE } from './chart-grid';
import { ATTRIBUTES, makeItem } from './chart-test-board';

describe('cells', () => {
  test('growing in buckets and in series keeps every cell where it was', () => {
    const grid = createGrid(2, 2);
    addToCell(grid.cells, (1 * 2 + 1) * STRIDE, 5);
    addToCell(grid.cells, (0 * 2 + 1) * STRIDE, 3);
    growGrid(grid, 3, 2);
    growGrid(grid, 3, 5);
    expect(grid.series).toBe(5);
    expect(cellValue(grid, 1, 1, 'sum')).toBe(5);
    expect(cellValue(grid, 0, 1, 'min')).toBe(3);
    expect(cellValue(grid, 2, 4, 'count')).toBe(0);
    expect(cellValue(grid, 2, 4, 'max')).toBeNull();
  });

  test('a fold combines counts and sums by adding, ranges by min and max', () => {
    const grid = createGrid(3, 1);
    for (const [bucket, value] of [
      [0, 10],
      [1, 1],
      [1, 1],
      [1, 1],
      [2, 50],
    ] as const)
      addToCell(grid.cells, bucket * STRIDE, value);
    const folded = foldGrid(grid, [[0, 1], [2]], [[0]]);
    expect(cellValue(folded, 0, 0, 'avg')).toBe(13 / 4);
    expect(cellValue(folded, 0, 0, 'min')).toBe(1);
    expect(cellValue(folded, 0, 0, 'max')).toBe(10);
    expect(cellValue(folded, 1, 0, 'count')).toBe(1);
  });

  test.each([
    { values: [3, 1, 2], keep: 2, kept: [0, 2], rest: [1] },
    { values: [1, 1, 1], keep: 2, kept: [0, 1], rest: [2] },
    { values: [null, 0, -1], keep: 2, kept: [1, 2], rest: [0] },
    { values: [5], keep: 7, kept: [0], rest: [] },
  ])('keepLargest($values, $keep)', ({ values, keep, kept, rest }) => {
    expect(keepLargest(values, keep)).toEqual({ kept, rest });
  });
});

test('the cells agree with counting each item by hand, for many buckets and split values met in any order', () => {
  const item = fc.record({
    day: fc.integer({ min: 0, max: 90 }),
    // Six members and "none": seven split values, so none is folded into Other.
    owners: fc.uniqueArray(fc.integer({ min: 1, max: 6 }), { maxLength: 3 }),
    estimate: fc.option(fc.integer({ min: -50, max: 50 }), { nil: undefined }),
  });
  fc.assert(
    fc.property(fc.array(item, { maxLength: 120 }), (rows) => {
      const items = rows.map((row) =>
        makeItem({
          due: new Date(Date.UTC(2026, 0, 1 + row.day)).toISOString().slice(0, 10),
          owners: row.owners,
          estimate: row.estimate,
        }),
      );
      const chart = aggregateChart({
        items,
        attributes: ATTRIBUTES,
        settings: {
          x: { attribute_id: 'due', bucket: 'day' },
          measures: [{ aggregate: 'sum', attribute_id: 'estimate' }],
          split_by: { attribute_id: 'owners' },
        },
        timeZone: 'UTC',
      });
      if ('error' in chart) throw new Error(chart.error.message);
      const expected = new Map<string, number>();
      rows.forEach((row, i) => {
        const day = items[i]!.values.due!.data as string;
        for (const owner of row.owners.length > 0 ? row.owners.map(String) : ['none']) {
          const key = `${day}/${owner}`;
          expected.set(key, (expected.get(key) ?? 0) + (row.estimate ?? 0));
        }
      });
      const days = [...new Set(rows.map((_, i) => items[i]!.values.due!.data as string))].sort();
      expect(chart.buckets.map((bucket) => bucket.key)).toEqual(days);
      chart.series.forEach((series, s) => {
        chart.buckets.forEach((bucket, b) => {
          expect(chart.values[s]![b]).toBe(expected.get(`${bucket.key}/${series.split ?? 'none'}`) ?? 0);
        });
      });
    }),
  );
});
