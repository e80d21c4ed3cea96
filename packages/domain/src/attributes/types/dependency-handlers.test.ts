import { describe, expect, test } from 'vitest';
import { parseSettings } from '../attribute-settings';
import {
  type AttributeDefinition,
  matchesFilter,
  sortComparator,
  validateValueWrite,
  valueToPlainText,
} from '../type-registry';
import type { ValueContext } from '../value-context';

const dependency: AttributeDefinition = { id: 'd', name: 'Depends on', type: 'dependency' };
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const TITLES: Record<string, string> = { [A]: 'Write spec', [B]: 'Build' };
const context: ValueContext = { itemTitle: (id) => TITLES[id] };

describe('dependency values', () => {
  test.each([
    { data: null, out: null },
    { data: [], out: null },
    { data: [{ item_id: A }], out: [{ item_id: A, type: 'FS', lag_days: 0 }] },
    {
      data: [
        { item_id: A, type: 'SS', lag_days: -2 },
        { item_id: B, type: 'FF', lag_days: 3 },
      ],
      out: [
        { item_id: A, type: 'SS', lag_days: -2 },
        { item_id: B, type: 'FF', lag_days: 3 },
      ],
    },
    {
      data: [{ item_id: A, type: 'SF', lag_days: 3650, extra: 1 }],
      out: [{ item_id: A, type: 'SF', lag_days: 3650 }],
    },
  ])('$data is written as $out', ({ data, out }) => {
    const result = validateValueWrite(dependency, data);
    expect(result.ok && result.data).toEqual(out);
  });

  test.each([
    { data: 'x', code: 'INVALID_TYPE', path: undefined },
    { data: [A], code: 'INVALID_TYPE', path: '0' },
    { data: [{ item_id: 'nope' }], code: 'INVALID_ID', path: '0.item_id' },
    { data: [{ item_id: A, type: 'XX' }], code: 'DEPENDENCY_TYPE', path: '0.type' },
    { data: [{ item_id: A, lag_days: 1.5 }], code: 'DEPENDENCY_LAG', path: '0.lag_days' },
    { data: [{ item_id: A, lag_days: 3651 }], code: 'DEPENDENCY_LAG', path: '0.lag_days' },
    { data: [{ item_id: A }, { item_id: A, type: 'SS' }], code: 'DEPENDENCY_DUPLICATE', path: '1.item_id' },
    { data: Array.from({ length: 101 }, () => ({ item_id: A })), code: 'TOO_MANY_ENTRIES', path: undefined },
  ])('$data is refused: $code at $path', ({ data, code, path }) => {
    const result = validateValueWrite(dependency, data);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors[0]!.code).toBe(code);
      expect(result.errors[0]!.path).toBe(path);
    }
  });

  test('shown, sorted and filtered by the predecessors’ titles, type and lag when not plain', () => {
    const value = [
      { item_id: A, type: 'FS', lag_days: 0 },
      { item_id: B, type: 'SS', lag_days: 2 },
    ];
    expect(valueToPlainText(dependency, value, context)).toBe('Write spec, Build (SS +2d)');
    expect(valueToPlainText(dependency, [{ item_id: B, type: 'FS', lag_days: -1 }], context)).toBe(
      'Build (FS -1d)',
    );
    const first = [{ item_id: A, type: 'FS', lag_days: 0 }];
    const second = [{ item_id: B, type: 'FS', lag_days: 0 }];
    expect([first, null, second].sort(sortComparator(dependency, 'asc', context))).toEqual([
      second,
      first,
      null,
    ]);
    expect(matchesFilter(dependency, value, { operator: 'includes_any', operand: [B] }, context)).toBe(true);
    expect(matchesFilter(dependency, first, { operator: 'excludes', operand: [A] }, context)).toBe(false);
    expect(matchesFilter(dependency, first, { operator: 'contains', operand: 'spec' }, context)).toBe(true);
    expect(matchesFilter(dependency, null, { operator: 'is_empty', operand: null }, context)).toBe(true);
  });
});

describe('dependency settings', () => {
  test.each([
    { settings: {}, ok: true, out: { schedules: null, workingWeekdays: [1, 2, 3, 4, 5] } },
    {
      settings: { schedules: A, workingWeekdays: null },
      ok: true,
      out: { schedules: A, workingWeekdays: null },
    },
    { settings: { workingWeekdays: [0, 6] }, ok: true, out: { schedules: null, workingWeekdays: [0, 6] } },
    { settings: { workingWeekdays: [] }, ok: false },
    { settings: { workingWeekdays: [1, 1] }, ok: false },
    { settings: { workingWeekdays: [7] }, ok: false },
    { settings: { schedules: 'nope' }, ok: false },
  ])('$settings -> ok $ok', ({ settings, ok, out }) => {
    const result = parseSettings('dependency', settings);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.data).toEqual(out);
  });
});
