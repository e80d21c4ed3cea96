import { describe, expect, test } from 'vitest';
import {
  type AttributeDefinition,
  compareValues,
  matchesFilter,
  validateValue,
  valueFromPlainText,
  valueToPlainText,
} from '../type-registry';

const number: AttributeDefinition = { id: 'n', name: 'Cost', type: 'number' };
const progress: AttributeDefinition = {
  id: 'p',
  name: 'Done',
  type: 'progress',
  settings: { min: 0, max: 10 },
};
const rating: AttributeDefinition = { id: 'r', name: 'Stars', type: 'rating', settings: { max: 5 } };
const customId: AttributeDefinition = {
  id: 'c',
  name: 'ID',
  type: 'custom_id',
  settings: { prefix: 'PRJ-', padding: 3 },
};
const tracked: AttributeDefinition = { id: 't', name: 'Time', type: 'time_tracking' };

describe('validation', () => {
  test.each([
    { a: number, data: 12.5, ok: true },
    { a: number, data: -3, ok: true },
    { a: number, data: '12', ok: false, code: 'INVALID_NUMBER' },
    { a: number, data: Number.NaN, ok: false, code: 'INVALID_NUMBER' },
    { a: number, data: Number.POSITIVE_INFINITY, ok: false, code: 'INVALID_NUMBER' },
    { a: progress, data: 10, ok: true },
    { a: progress, data: 11, ok: false, code: 'OUT_OF_RANGE' },
    { a: progress, data: 2.5, ok: false, code: 'NOT_INTEGER' },
    { a: rating, data: 0, ok: true },
    { a: rating, data: 5, ok: true },
    { a: rating, data: 6, ok: false, code: 'OUT_OF_RANGE' },
    { a: rating, data: -1, ok: false, code: 'OUT_OF_RANGE' },
    { a: customId, data: 7, ok: true },
    { a: customId, data: 0, ok: false, code: 'OUT_OF_RANGE' },
    { a: tracked, data: 3600, ok: true },
    { a: tracked, data: -5, ok: false, code: 'OUT_OF_RANGE' },
  ])('$a.type $data -> ok $ok', ({ a, data, ok, code }) => {
    const result = validateValue(a, data);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.errors[0]!.code).toBe(code);
  });

  test('out of range names the bounds', () => {
    const result = validateValue(rating, 9);
    expect(!result.ok && result.errors[0]).toMatchObject({
      message: 'The value must be between 0 and 5.',
      params: { min: 0, max: 5 },
    });
  });
});

test.each([
  { x: 1, y: 2, sign: -1 },
  { x: 10, y: 9, sign: 1 },
  { x: null, y: -100, sign: 1 },
  { x: -100, y: null, sign: -1 },
])('numbers sort ascending with empties last: $x vs $y', ({ x, y, sign }) => {
  expect(Math.sign(compareValues(number, x, y))).toBe(sign);
});

describe('filters', () => {
  test.each([
    { data: 5, op: 'eq', operand: 5, match: true },
    { data: 5, op: 'neq', operand: 5, match: false },
    { data: null, op: 'neq', operand: 5, match: true },
    { data: 5, op: 'lt', operand: 6, match: true },
    { data: 5, op: 'lte', operand: 5, match: true },
    { data: 5, op: 'gt', operand: 5, match: false },
    { data: 5, op: 'gte', operand: 5, match: true },
    { data: 5, op: 'between', operand: [10, 1], match: true },
    { data: 5, op: 'between', operand: [6, 9], match: false },
    { data: null, op: 'lt', operand: 6, match: false },
    { data: null, op: 'is_empty', operand: undefined, match: true },
    { data: 0, op: 'is_not_empty', operand: undefined, match: true },
    { data: 5, op: 'eq', operand: '5', match: false },
  ] as const)('$data $op $operand -> $match', ({ data, op, operand, match }) => {
    expect(matchesFilter(number, data, { operator: op, operand })).toBe(match);
  });

  test.each([
    { op: 'is', operand: 'prj-007', match: true },
    { op: 'is', operand: '7', match: true },
    { op: 'is', operand: 'PRJ-8', match: false },
    { op: 'contains', operand: '00', match: true },
    { op: 'gt', operand: 6, match: true },
  ] as const)('custom ID $op $operand -> $match', ({ op, operand, match }) => {
    expect(matchesFilter(customId, 7, { operator: op, operand })).toBe(match);
  });
});

describe('plain text', () => {
  test.each([
    { a: number, data: 1234.5, out: '1234.5' },
    { a: customId, data: 7, out: 'PRJ-007' },
    { a: tracked, data: 3725, out: '1:02:05' },
    { a: rating, data: 4, out: '4' },
  ])('$a.type $data -> $out', ({ a, data, out }) => {
    expect(valueToPlainText(a, data)).toBe(out);
  });

  test.each([
    { a: number, input: '1,234.50', locale: 'en-US', out: 1234.5 },
    { a: number, input: '1.234,5', locale: 'de', out: 1234.5 },
    { a: number, input: '$ 12.00', locale: 'en-US', out: 12 },
    { a: number, input: '', locale: 'en-US', out: null },
    { a: progress, input: '7', locale: 'en-US', out: 7 },
  ])('$a.type from $input ($locale)', ({ a, input, locale, out }) => {
    const result = valueFromPlainText(a, input, { locale });
    expect(result?.ok && result.data).toBe(out);
  });

  test('text that is no number is reported with the text', () => {
    const result = valueFromPlainText(number, 'twelve');
    expect(result?.ok === false && result.errors[0]).toMatchObject({
      code: 'UNRECOGNISED_TEXT',
      params: { text: 'twelve' },
    });
  });

  test('computed numbers are not imported', () => {
    expect(valueFromPlainText(customId, 'PRJ-001')).toBeNull();
    expect(valueFromPlainText(tracked, '1:00:00')).toBeNull();
  });
});
