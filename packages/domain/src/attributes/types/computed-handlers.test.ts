import { describe, expect, test } from 'vitest';
import type { FilterOperator } from '../filter-operators';
import {
  type AttributeDefinition,
  matchesFilter,
  sortComparator,
  validateValue,
  validateValueWrite,
  valueToPlainText,
} from '../type-registry';

const formula: AttributeDefinition = { id: 'f', name: 'Total', type: 'formula', settings: { formula: '1' } };
const button: AttributeDefinition = {
  id: 'b',
  name: 'Open',
  type: 'button',
  settings: { label: 'Open', action: { type: 'open_url', url: 'https://example.com' } },
};
const DIV0 = { error: '#DIV/0!', message: 'Division by zero.' };

describe('formula values', () => {
  test('users cannot write formula values; the server may cache results', () => {
    expect(validateValueWrite(formula, 3).ok).toBe(false);
    expect(validateValue(formula, 3).ok).toBe(true);
    expect(validateValue(formula, DIV0).ok).toBe(true);
    expect(validateValue(formula, { error: 'nope' }).ok).toBe(false);
  });

  test('numbers, then text, then booleans, then errors, empty last', () => {
    const values = [DIV0, 'b', null, true, 10, 'a', 2];
    expect(values.sort(sortComparator(formula, 'asc'))).toEqual([2, 10, 'a', 'b', true, DIV0, null]);
  });

  const cases: { data: unknown; op: FilterOperator; operand?: unknown; match: boolean }[] = [
    { data: 12, op: 'gt', operand: 10, match: true },
    { data: 12, op: 'eq', operand: 12, match: true },
    { data: 'late', op: 'is', operand: 'LATE', match: true },
    { data: 'late', op: 'gt', operand: 1, match: false },
    { data: 12, op: 'contains', operand: '2', match: true },
    { data: true, op: 'is_checked', match: true },
    { data: false, op: 'is_unchecked', match: true },
    { data: DIV0, op: 'is_error', match: true },
    { data: 3, op: 'is_error', match: false },
    { data: DIV0, op: 'contains', operand: 'DIV', match: false },
    { data: null, op: 'is_empty', match: true },
  ];
  test.each(cases)('$data $op $operand -> $match', ({ data, op, operand, match }) => {
    expect(matchesFilter(formula, data, { operator: op, operand })).toBe(match);
  });

  test.each([
    { data: 0.30000000000000004, out: '0.3' },
    { data: 'text', out: 'text' },
    { data: false, out: 'false' },
    { data: DIV0, out: '#DIV/0!' },
    { data: null, out: '' },
  ])('plain text of $data', ({ data, out }) => {
    expect(valueToPlainText(formula, data)).toBe(out);
  });
});

test('a button has no value and no filters', () => {
  expect(validateValue(button, null).ok).toBe(true);
  expect(validateValue(button, 'x').ok).toBe(false);
  expect(valueToPlainText(button, 'anything')).toBe('');
  expect(matchesFilter(button, null, { operator: 'is_empty' })).toBe(false);
});
