import { describe, expect, test } from 'vitest';
import {
  type AttributeDefinition,
  compareValues,
  matchesFilter,
  sortComparator,
  validateValue,
  valueFromPlainText,
  valueToPlainText,
} from '../type-registry';

const TODO = '00000000-0000-4000-8000-000000000001';
const DOING = '00000000-0000-4000-8000-000000000002';
const DONE = '00000000-0000-4000-8000-000000000003';
const OTHER = '00000000-0000-4000-8000-000000000009';
const labels = [
  { id: TODO, name: 'To do', color: '#ccc' },
  { id: DOING, name: 'Doing, now', color: '#fc0' },
  { id: DONE, name: 'Done', color: '#0c0', textColor: '#fff' },
];
const single: AttributeDefinition = { id: 's', name: 'Status', type: 'label', settings: { labels } };
const multiple: AttributeDefinition = {
  id: 'm',
  name: 'Tags',
  type: 'label',
  settings: { labels, multiple: true },
};
const checkbox: AttributeDefinition = { id: 'c', name: 'Done', type: 'checkbox' };

describe('label validation', () => {
  test.each([
    { a: single, data: [DONE], ok: true, out: [DONE] },
    { a: single, data: DONE, ok: true, out: [DONE] },
    { a: single, data: [], ok: true, out: null },
    { a: single, data: [TODO, DONE], ok: false, code: 'TOO_MANY_LABELS' },
    { a: multiple, data: [TODO, DONE, TODO], ok: true, out: [TODO, DONE] },
    { a: multiple, data: [OTHER], ok: false, code: 'UNKNOWN_LABEL' },
    { a: multiple, data: { id: TODO }, ok: false, code: 'INVALID_TYPE' },
  ])('$data -> ok $ok', ({ a, data, ok, out, code }) => {
    const result = validateValue(a, data);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.data).toEqual(out);
    else expect(result.errors[0]!.code).toBe(code);
  });

  test('an unknown label names its id and position', () => {
    const result = validateValue(multiple, [TODO, OTHER]);
    expect(!result.ok && result.errors).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_LABEL', params: { id: OTHER }, path: '1' }),
    ]);
  });
});

describe('label sorting and filters', () => {
  test('labels sort in the order of the settings, empty last, both directions', () => {
    const values = [[DONE], null, [TODO], [DOING]];
    expect([...values].sort(sortComparator(single, 'asc'))).toEqual([[TODO], [DOING], [DONE], null]);
    expect([...values].sort(sortComparator(single, 'desc'))).toEqual([[DONE], [DOING], [TODO], null]);
  });

  test('a deleted label reads as no label', () => {
    expect(compareValues(single, [OTHER], [TODO])).toBeGreaterThan(0);
  });

  test.each([
    { data: [TODO, DONE], op: 'is_any_of', operand: [DONE, DOING], match: true },
    { data: [TODO], op: 'is_any_of', operand: [DONE], match: false },
    { data: [TODO], op: 'is_none_of', operand: [DONE], match: true },
    { data: null, op: 'is_none_of', operand: [DONE], match: true },
    { data: [TODO, DONE], op: 'is_all_of', operand: [DONE, TODO], match: true },
    { data: [TODO], op: 'is_all_of', operand: [DONE, TODO], match: false },
    { data: null, op: 'is_empty', operand: undefined, match: true },
    { data: [TODO], op: 'is_not_empty', operand: undefined, match: true },
    { data: [TODO], op: 'contains', operand: 'To', match: false },
  ] as const)('$data $op $operand -> $match', ({ data, op, operand, match }) => {
    expect(matchesFilter(multiple, data, { operator: op, operand })).toBe(match);
  });
});

describe('label plain text', () => {
  test('names joined', () => {
    expect(valueToPlainText(multiple, [TODO, DONE])).toBe('To do, Done');
  });

  test.each([
    { a: single, input: 'done', out: [DONE] },
    { a: single, input: 'Doing, now', out: [DOING] },
    { a: multiple, input: 'To do, Done', out: [TODO, DONE] },
    { a: multiple, input: '', out: null },
  ])('$a.name from "$input"', ({ a, input, out }) => {
    const result = valueFromPlainText(a, input);
    expect(result?.ok && result.data).toEqual(out);
  });

  test('an unknown name is reported for the importer to create or skip', () => {
    const result = valueFromPlainText(multiple, 'To do, Blocked');
    expect(result?.ok === false && result.errors[0]).toMatchObject({
      code: 'UNRECOGNISED_TEXT',
      params: { text: 'Blocked' },
    });
  });
});

describe('checkbox', () => {
  test.each([
    { data: true, ok: true },
    { data: false, ok: true },
    { data: null, ok: true },
    { data: 'true', ok: false },
    { data: 1, ok: false },
  ])('$data -> ok $ok', ({ data, ok }) => {
    expect(validateValue(checkbox, data).ok).toBe(ok);
  });

  test.each([
    { data: true, op: 'is_checked', match: true },
    { data: null, op: 'is_checked', match: false },
    { data: null, op: 'is_unchecked', match: true },
    { data: false, op: 'is_unchecked', match: true },
    { data: false, op: 'is_empty', match: false },
  ] as const)('$data $op -> $match', ({ data, op, match }) => {
    expect(matchesFilter(checkbox, data, { operator: op })).toBe(match);
  });

  test('unchecked sorts before checked', () => {
    expect([true, null, false].sort(sortComparator(checkbox, 'asc'))).toEqual([null, false, true]);
  });

  test.each([
    { input: 'Yes', out: true },
    { input: 'x', out: true },
    { input: '✓', out: true },
    { input: 'false', out: false },
    { input: '', out: false },
  ])('from "$input" -> $out', ({ input, out }) => {
    const result = valueFromPlainText(checkbox, input);
    expect(result?.ok && result.data).toBe(out);
    expect(valueToPlainText(checkbox, out)).toBe(String(out));
  });

  test('text that is no yes or no is refused', () => {
    expect(valueFromPlainText(checkbox, 'maybe')?.ok).toBe(false);
  });
});
