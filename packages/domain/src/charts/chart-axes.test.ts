import { describe, expect, test } from 'vitest';
import type { ChartAttribute } from './chart-plan';
import { ATTRIBUTES, chartOf, makeItem, rowsOf } from './chart-test-board';

const count = [{ aggregate: 'count' }];

describe('values that are also names of object properties are read like any other', () => {
  test('a date text is a date or falls in the none bucket, whatever else it names', () => {
    const dues = [
      '__proto__',
      'constructor',
      'toString',
      '1234567890',
      '0',
      '2026-03-08',
      '2026-02-30',
      '2026-03-08',
    ];
    const chart = chartOf(
      { x: { attribute_id: 'due', bucket: 'day' }, measures: count },
      dues.map((due) => makeItem({ due })),
    );
    expect(rowsOf(chart)).toEqual([
      ['2026-03-08', 2],
      [null, 6],
    ]);
  });

  test('label ids that name object properties count as their labels; a number is not a label id', () => {
    const labels = [
      { id: '__proto__', name: 'Proto' },
      { id: 'toString', name: 'To string' },
      { id: '123', name: 'Digits' },
    ];
    const attributes: ChartAttribute[] = [...ATTRIBUTES, { id: 'tags', type: 'label', settings: { labels } }];
    const items = [
      makeItem({ tags: ['__proto__', 'toString'] }),
      makeItem({ tags: ['123'] }),
      makeItem({ tags: [123] }),
      makeItem({ tags: ['constructor', 'hasOwnProperty'] }),
      makeItem({ tags: ['__proto__'] }),
    ];
    expect(rowsOf(chartOf({ x: { attribute_id: 'tags' }, measures: count }, items, { attributes }))).toEqual([
      ['__proto__', 2],
      ['toString', 1],
      ['123', 1],
      [null, 2],
    ]);
  });
});

test('member ids: each number is its own bucket, a 32-bit integer or not, and -0 is 0', () => {
  const items = [
    makeItem({ owners: [10, 2_147_483_647] }),
    makeItem({ owners: [-2_147_483_648, 2_147_483_648] }),
    makeItem({ owners: [2 ** 40, 1.5, 2_147_483_648] }),
    makeItem({ owners: [-0, 0] }),
    makeItem({ owners: [0, Number.NaN, Number.NaN] }),
    makeItem({ owners: ['10'] }),
  ];
  // Members not listed follow by id, ranked after the listed ones by their id: a negative id first.
  expect(rowsOf(chartOf({ x: { attribute_id: 'owners' }, measures: count }, items))).toEqual([
    ['-2147483648', 1],
    ['10', 1],
    ['0', 2],
    ['1.5', 1],
    ['2147483647', 1],
    ['2147483648', 2],
    ['1099511627776', 1],
    ['NaN', 1],
    [null, 1],
  ]);
});
