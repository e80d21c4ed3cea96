import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { createIdTable, isTableId } from './chart-id-table';

describe('positions by user id', () => {
  test.each([
    { id: 0, isKept: true },
    { id: -0, isKept: true },
    { id: 7, isKept: true },
    { id: -7, isKept: true },
    { id: 2_147_483_647, isKept: true },
    { id: -2_147_483_648, isKept: true },
    { id: 2_147_483_648, isKept: false },
    { id: 2 ** 40, isKept: false },
    { id: 1.5, isKept: false },
    { id: Number.NaN, isKept: false },
    { id: Number.POSITIVE_INFINITY, isKept: false },
  ])('$id is kept in the table: $isKept', ({ id, isKept }) => {
    expect(isTableId(id)).toBe(isKept);
  });

  test('answers what a Map answers, for ids met in any order, as the table grows', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.integer({ min: 1, max: 5000 }),
            fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }),
          ),
          { maxLength: 400 },
        ),
        (ids) => {
          const table = createIdTable();
          const map = new Map<number, number>();
          for (const id of ids) {
            expect(table.get(id)).toBe(map.get(id) ?? -1);
            if (!map.has(id)) {
              map.set(id, map.size);
              table.set(id, map.size - 1);
            }
          }
          for (const [id, position] of map) expect(table.get(id)).toBe(position);
          expect(table.get(-0)).toBe(map.get(0) ?? -1);
        },
      ),
    );
  });

  test('ids one apart, as user ids are, and ids that share their low bits each keep their own position', () => {
    const table = createIdTable();
    const ids = [
      ...Array.from({ length: 300 }, (_, i) => 100_000 + i),
      ...Array.from({ length: 40 }, (_, i) => i * 65_536),
    ];
    ids.forEach((id, position) => {
      table.set(id, position);
    });
    ids.forEach((id, position) => {
      expect(table.get(id)).toBe(position);
    });
    expect(table.get(99_999)).toBe(-1);
  });
});
