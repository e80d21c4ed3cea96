import { describe, expect, test } from 'vitest';
import { ATTRIBUTE_TYPES } from './attribute-types';
import {
  type AttributeDefinition,
  filterOperatorsFor,
  isEmptyValue,
  sortComparator,
  validateFilter,
  validateValueWrite,
} from './type-registry';

const number: AttributeDefinition = { id: 'n', name: 'Cost', type: 'number' };
const text: AttributeDefinition = { id: 't', name: 'Name', type: 'text' };

test('every type but the button offers filters, and every filterable type but checkbox can test emptiness', () => {
  for (const type of ATTRIBUTE_TYPES) {
    const operators = filterOperatorsFor(type);
    if (type === 'button') expect(operators).toEqual([]);
    else expect(operators.length).toBeGreaterThan(0);
    if (type !== 'button' && type !== 'checkbox') expect(operators).toContain('is_empty');
  }
});

describe('sorting', () => {
  test.each(['asc', 'desc'] as const)('empty values stay last when sorting %s', (direction) => {
    const sorted = [3, null, 1, undefined, 2].sort(sortComparator(number, direction));
    expect(sorted.slice(3)).toEqual([null, undefined]);
    expect(sorted.slice(0, 3)).toEqual(direction === 'asc' ? [1, 2, 3] : [3, 2, 1]);
  });

  test('sorting 10,000 text values puts them in order with the empty ones last', () => {
    const values = Array.from({ length: 10_000 }, (_, i) =>
      i % 10 === 0 ? null : `Item ${(i * 7919) % 10_000}`,
    );
    const sorted = [...values].sort(sortComparator(text, 'asc'));
    expect(sorted[0]).toBe('Item 1');
    expect(sorted.at(-1)).toBeNull();
  });
});

describe('filter validation', () => {
  test.each([
    { a: number, condition: { operator: 'gt', operand: 3 }, errors: [] },
    { a: number, condition: { operator: 'gt', operand: '3' }, errors: ['INVALID_OPERAND'] },
    { a: number, condition: { operator: 'between', operand: [1, 2] }, errors: [] },
    { a: number, condition: { operator: 'contains', operand: '3' }, errors: ['INVALID_OPERATOR'] },
    { a: number, condition: { operator: 'is_empty' }, errors: [] },
    { a: text, condition: { operator: 'contains', operand: 'x' }, errors: [] },
    { a: text, condition: { operator: 'sounds_like', operand: 'x' }, errors: ['INVALID_OPERATOR'] },
  ] as const)('$a.type $condition.operator $condition.operand', ({ a, condition, errors }) => {
    expect(validateFilter(a, condition as never).map((e) => e.code)).toEqual(errors);
  });

  test('a date filter takes a day or a relative range', () => {
    const date: AttributeDefinition = { id: 'd', name: 'Due', type: 'date' };
    expect(validateFilter(date, { operator: 'before', operand: 'today' })).toEqual([]);
    expect(validateFilter(date, { operator: 'within', operand: { range: 'past_days', days: 7 } })).toEqual(
      [],
    );
    expect(validateFilter(date, { operator: 'within', operand: { range: 'past_days' } })).toHaveLength(1);
    expect(validateFilter(date, { operator: 'before', operand: 'soon' })).toHaveLength(1);
  });
});

test('computed types are refused for user writes, editable ones pass through', () => {
  for (const type of [
    'created_at',
    'created_by',
    'updated_at',
    'source_folder',
    'formula',
    'custom_id',
    'time_tracking',
  ] as const) {
    const result = validateValueWrite({ id: 'x', name: 'X', type }, null);
    expect(!result.ok && result.errors[0]!.message).toBe(
      'Values of this attribute are set by Strata and cannot be written.',
    );
  }
  expect(validateValueWrite(number, 4)).toEqual({ ok: true, data: 4, warnings: [] });
});

test('emptiness per type', () => {
  expect(isEmptyValue(number, 0)).toBe(false);
  expect(isEmptyValue(text, '  ')).toBe(true);
  expect(isEmptyValue({ id: 'l', name: 'L', type: 'links' }, [])).toBe(true);
  expect(isEmptyValue({ id: 'c', name: 'C', type: 'checkbox' }, null)).toBe(false);
});
