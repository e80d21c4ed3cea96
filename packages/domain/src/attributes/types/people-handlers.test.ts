import { describe, expect, test } from 'vitest';
import {
  type AttributeDefinition,
  matchesFilter,
  sortComparator,
  validateValue,
  valueFromPlainText,
  valueToPlainText,
} from '../type-registry';
import type { ValueContext } from '../value-context';

const members: AttributeDefinition = { id: 'm', name: 'Owner', type: 'members' };
const one: AttributeDefinition = { id: 'o', name: 'Lead', type: 'members', settings: { multiple: false } };
const createdBy: AttributeDefinition = { id: 'c', name: 'Creator', type: 'created_by' };
const NAMES: Record<number, string> = { 1: 'Zoe', 2: 'Ada', 3: 'Grace' };
const context: ValueContext = {
  currentUserId: 3,
  memberName: (id) => NAMES[id],
  findMemberId: (text) =>
    Number(Object.entries(NAMES).find(([, name]) => name.toLowerCase() === text.toLowerCase())?.[0]) ||
    undefined,
  isMember: (id) => id in NAMES,
};

describe('validation', () => {
  test.each([
    { a: members, data: [1, 2], ok: true, out: [1, 2] },
    { a: members, data: [2, 2, 1], ok: true, out: [2, 1] },
    { a: members, data: 3, ok: true, out: [3] },
    { a: members, data: [], ok: true, out: null },
    { a: members, data: ['1'], ok: false, code: 'INVALID_ID' },
    { a: members, data: [0], ok: false, code: 'INVALID_ID' },
    { a: members, data: [99], ok: false, code: 'UNKNOWN_MEMBER' },
    { a: one, data: [1, 2], ok: false, code: 'TOO_MANY_MEMBERS' },
    { a: members, data: 'Ada', ok: false, code: 'INVALID_TYPE' },
  ])('$a.name $data -> ok $ok', ({ a, data, ok, out, code }) => {
    const result = validateValue(a, data, context);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.data).toEqual(out);
    else expect(result.errors[0]!.code).toBe(code);
  });
});

test('members sort by name, empty last', () => {
  expect([[1], null, [2], [3]].sort(sortComparator(members, 'asc', context))).toEqual([[2], [3], [1], null]);
  expect([[1], null, [2], [3]].sort(sortComparator(members, 'desc', context))).toEqual([[1], [3], [2], null]);
});

describe('filters', () => {
  test.each([
    { data: [1, 2], op: 'includes_any', operand: [2, 3], match: true },
    { data: [1], op: 'includes_any', operand: [2, 3], match: false },
    { data: [1, 3], op: 'includes_any', operand: ['me'], match: true },
    { data: [1, 2], op: 'includes_all', operand: [1, 2], match: true },
    { data: [1], op: 'includes_all', operand: [1, 2], match: false },
    { data: [1], op: 'excludes', operand: ['me'], match: true },
    { data: null, op: 'excludes', operand: [1], match: true },
    { data: null, op: 'is_empty', operand: undefined, match: true },
    { data: [1], op: 'is_not_empty', operand: undefined, match: true },
  ] as const)('$data $op $operand -> $match', ({ data, op, operand, match }) => {
    expect(matchesFilter(members, data, { operator: op, operand }, context)).toBe(match);
  });

  test.each([
    { data: 3, op: 'is_any_of', operand: ['me'], match: true },
    { data: 2, op: 'is_none_of', operand: [2], match: false },
    { data: null, op: 'is_empty', operand: undefined, match: true },
  ] as const)('created by $data $op $operand -> $match', ({ data, op, operand, match }) => {
    expect(matchesFilter(createdBy, data, { operator: op, operand }, context)).toBe(match);
  });
});

describe('plain text', () => {
  test('names joined; an unknown user shows the id', () => {
    expect(valueToPlainText(members, [2, 3], context)).toBe('Ada, Grace');
    expect(valueToPlainText(members, [7])).toBe('7');
    expect(valueToPlainText(createdBy, 1, context)).toBe('Zoe');
  });

  test.each([
    { input: 'ada, Grace', out: [2, 3] },
    { input: '1', out: [1] },
    { input: '', out: null },
  ])('from "$input"', ({ input, out }) => {
    const result = valueFromPlainText(members, input, context);
    expect(result?.ok && result.data).toEqual(out);
  });

  test('an unknown person is reported', () => {
    const result = valueFromPlainText(members, 'Ada, Linus', context);
    expect(result?.ok === false && result.errors[0]).toMatchObject({
      code: 'UNRECOGNISED_TEXT',
      params: { text: 'Linus' },
    });
  });
});
