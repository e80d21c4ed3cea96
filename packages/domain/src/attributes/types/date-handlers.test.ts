import { describe, expect, test } from 'vitest';
import type { FilterOperator } from '../filter-operators';
import {
  type AttributeDefinition,
  compareValues,
  matchesFilter,
  validateValue,
  valueFromPlainText,
  valueToPlainText,
} from '../type-registry';
import type { ValueContext } from '../value-context';

const date: AttributeDefinition = { id: 'd', name: 'Due', type: 'date' };
const dateTime: AttributeDefinition = {
  id: 'dt',
  name: 'Meeting',
  type: 'date',
  settings: { includeTime: true },
};
const range: AttributeDefinition = { id: 'r', name: 'Timeline', type: 'date_range' };
const created: AttributeDefinition = { id: 'c', name: 'Created', type: 'created_at' };

// Wednesday 2026-03-11, 10:00 in Rome.
const context: ValueContext = {
  now: Date.parse('2026-03-11T09:00:00Z'),
  timeZone: 'Europe/Rome',
  locale: 'it',
};

describe('validation', () => {
  test.each([
    { data: '2026-03-08', ok: true, out: '2026-03-08' },
    { data: '2026-03-08T23:30:05Z', ok: true, out: '2026-03-08T23:30:05.000Z' },
    { data: '2026-03-08T23:30:05+01:00', ok: true, out: '2026-03-08T22:30:05.000Z' },
    { data: '2026-03-08T23:30', ok: false },
    { data: '2026-02-30', ok: false },
    { data: '2026-13-01', ok: false },
    { data: '08/03/2026', ok: false },
    { data: 20260308, ok: false },
    { data: null, ok: true, out: null },
  ])('$data -> ok $ok', ({ data, ok, out }) => {
    const result = validateValue(date, data);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.data).toBe(out);
    else expect(result.errors[0]!.code).toBe('INVALID_DATE');
  });

  test('start and end date: an end before the start is flagged, not refused', () => {
    const result = validateValue(range, { start: '2026-03-10', end: '2026-03-09' });
    expect(result.ok).toBe(true);
    expect(result.ok && result.warnings).toEqual([
      expect.objectContaining({
        code: 'END_BEFORE_START',
        message: 'The end date is before the start date.',
        path: 'end',
      }),
    ]);
  });

  test.each([
    { data: { start: '2026-03-01', end: '2026-03-09' }, ok: true, warnings: 0 },
    { data: { start: '2026-03-01', end: null }, ok: true, warnings: 0 },
    { data: { start: '2026-03-01T10:00:00Z', end: '2026-03-01T09:00:00Z' }, ok: true, warnings: 1 },
    { data: { start: null, end: null }, ok: true, warnings: 0 },
    { data: { start: 'soon', end: '2026-03-09' }, ok: false, warnings: 0 },
    { data: '2026-03-01', ok: false, warnings: 0 },
  ])('range $data -> ok $ok, $warnings warnings', ({ data, ok, warnings }) => {
    const result = validateValue(range, data);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.warnings).toHaveLength(warnings);
  });

  test('a range with neither end is no value', () => {
    const result = validateValue(range, { start: null, end: null });
    expect(result.ok && result.data).toBeNull();
  });
});

test.each([
  { a: date, x: '2026-03-01', y: '2026-03-02', sign: -1 },
  { a: date, x: '2026-03-02T00:00:00Z', y: '2026-03-01', sign: 1 },
  { a: date, x: null, y: '2026-03-01', sign: 1 },
  {
    a: range,
    x: { start: '2026-03-01', end: '2026-03-09' },
    y: { start: '2026-03-01', end: '2026-03-05' },
    sign: 1,
  },
  { a: range, x: { start: null, end: '2026-02-01' }, y: { start: '2026-03-01', end: null }, sign: -1 },
])('$a.type sorts $x before/after $y', ({ a, x, y, sign }) => {
  expect(Math.sign(compareValues(a, x, y))).toBe(sign);
});

describe('filters (today is Wednesday 2026-03-11 in Rome, weeks start on Monday in it)', () => {
  const cases: { data: string | null; op: FilterOperator; operand?: unknown; match: boolean }[] = [
    { data: '2026-03-11', op: 'is', operand: 'today', match: true },
    { data: '2026-03-10', op: 'is', operand: 'yesterday', match: true },
    { data: '2026-03-12', op: 'is', operand: 'tomorrow', match: true },
    { data: '2026-03-11T23:30:00Z', op: 'is', operand: '2026-03-12', match: true },
    { data: '2026-03-11', op: 'is_not', operand: '2026-03-11', match: false },
    { data: null, op: 'is_not', operand: '2026-03-11', match: true },
    { data: '2026-03-10', op: 'before', operand: 'today', match: true },
    { data: '2026-03-11', op: 'before', operand: 'today', match: false },
    { data: '2026-03-11', op: 'on_or_before', operand: 'today', match: true },
    { data: '2026-03-12', op: 'after', operand: 'today', match: true },
    { data: '2026-03-11', op: 'on_or_after', operand: 'today', match: true },
    { data: '2026-03-09', op: 'within', operand: { range: 'this_week' }, match: true },
    { data: '2026-03-15', op: 'within', operand: { range: 'this_week' }, match: true },
    { data: '2026-03-16', op: 'within', operand: { range: 'this_week' }, match: false },
    { data: '2026-03-08', op: 'within', operand: { range: 'last_week' }, match: true },
    { data: '2026-03-16', op: 'within', operand: { range: 'next_week' }, match: true },
    { data: '2026-03-31', op: 'within', operand: { range: 'this_month' }, match: true },
    { data: '2026-02-28', op: 'within', operand: { range: 'last_month' }, match: true },
    { data: '2026-04-01', op: 'within', operand: { range: 'next_month' }, match: true },
    { data: '2026-01-01', op: 'within', operand: { range: 'this_year' }, match: true },
    { data: '2026-03-04', op: 'within', operand: { range: 'past_days', days: 7 }, match: true },
    { data: '2026-03-03', op: 'within', operand: { range: 'past_days', days: 7 }, match: false },
    { data: '2026-03-18', op: 'within', operand: { range: 'next_days', days: 7 }, match: true },
    { data: '2026-03-11', op: 'within', operand: { range: 'someday' }, match: false },
    { data: null, op: 'is_empty', match: true },
    { data: '2026-03-11', op: 'is_not_empty', match: true },
    { data: '2026-03-11', op: 'is', operand: 'not a date', match: false },
  ];
  test.each(cases)('$data $op $operand -> $match', ({ data, op, operand, match }) => {
    expect(matchesFilter(date, data, { operator: op, operand }, context)).toBe(match);
  });

  test('this week starts on the profile start_of_week when set (Sunday)', () => {
    const sunday = { ...context, weekStartsOn: 0 };
    expect(
      matchesFilter(date, '2026-03-08', { operator: 'within', operand: { range: 'this_week' } }, sunday),
    ).toBe(true);
    expect(
      matchesFilter(date, '2026-03-15', { operator: 'within', operand: { range: 'this_week' } }, sunday),
    ).toBe(false);
  });

  test.each([
    { op: 'is', operand: '2026-03-05', match: true },
    { op: 'is', operand: '2026-03-10', match: false },
    { op: 'before', operand: '2026-03-10', match: true },
    { op: 'after', operand: '2026-02-28', match: true },
    { op: 'on_or_before', operand: '2026-03-01', match: true },
    { op: 'on_or_after', operand: '2026-03-09', match: true },
    { op: 'within', operand: { range: 'last_week' }, match: true },
    { op: 'within', operand: { range: 'next_week' }, match: false },
  ] as const)('start and end 03-01..03-09 $op $operand -> $match', ({ op, operand, match }) => {
    expect(
      matchesFilter(range, { start: '2026-03-01', end: '2026-03-09' }, { operator: op, operand }, context),
    ).toBe(match);
  });
});

describe('plain text', () => {
  test.each([
    { a: date, data: '2026-03-08', out: '2026-03-08' },
    { a: dateTime, data: '2026-03-08T23:30:05Z', out: '2026-03-09 00:30:05' },
    { a: date, data: '2026-03-08T23:30:05Z', out: '2026-03-09' },
    { a: created, data: '2026-03-08T23:30:05Z', out: '2026-03-09 00:30:05' },
    { a: range, data: { start: '2026-03-01', end: '2026-03-09' }, out: '2026-03-01/2026-03-09' },
    { a: range, data: { start: null, end: '2026-03-09' }, out: '/2026-03-09' },
  ])('$a.type $data -> $out', ({ a, data, out }) => {
    expect(valueToPlainText(a, data, context)).toBe(out);
  });

  test.each([
    { a: date, input: '2026-03-08', out: '2026-03-08' },
    { a: date, input: '2026-03-09 00:30', out: '2026-03-08T23:30:00.000Z' },
    { a: date, input: '2026-07-01 12:00:00', out: '2026-07-01T10:00:00.000Z' },
    { a: range, input: '2026-03-01/2026-03-09', out: { start: '2026-03-01', end: '2026-03-09' } },
    { a: range, input: '/2026-03-09', out: { start: null, end: '2026-03-09' } },
  ])('$a.type from $input', ({ a, input, out }) => {
    const result = valueFromPlainText(a, input, context);
    expect(result?.ok && result.data).toEqual(out);
  });

  test.each(['tomorrow', '2026-03-08/2026-03-09/2026-03-10', '31/12/2026'])('unreadable: %s', (input) => {
    expect(valueFromPlainText(range, input, context)?.ok).toBe(false);
  });

  test('created at is never imported', () => {
    expect(valueFromPlainText(created, '2026-03-08', context)).toBeNull();
  });
});
