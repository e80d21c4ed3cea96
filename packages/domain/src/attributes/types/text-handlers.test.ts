import { describe, expect, test } from 'vitest';
import {
  type AttributeDefinition,
  compareValues,
  matchesFilter,
  validateValue,
  valueFromPlainText,
  valueToPlainText,
} from '../type-registry';
import { ITEM_NAME_MAX_LENGTH } from './text-handlers';

const attr = (type: AttributeDefinition['type']): AttributeDefinition => ({ id: 'a1', name: 'A', type });
const text = attr('text');
/** The board's name attribute: the item's name. */
const itemName: AttributeDefinition = { ...text, settings: { primary: true } };
const longtext = attr('longtext');
const email = attr('email');
const phone = attr('phone');

describe('validation', () => {
  test.each([
    { a: text, data: 'Write spec', ok: true, out: 'Write spec' },
    { a: text, data: null, ok: true, out: null },
    { a: text, data: '', ok: true, out: null },
    { a: text, data: 42, ok: false, code: 'INVALID_TYPE' },
    { a: text, data: 'x'.repeat(10_001), ok: false, code: 'TEXT_TOO_LONG' },
    { a: text, data: 'x'.repeat(256), ok: true, out: 'x'.repeat(256) },
    { a: itemName, data: 'x'.repeat(255), ok: true, out: 'x'.repeat(255) },
    { a: itemName, data: 'x'.repeat(256), ok: false, code: 'ITEM_NAME_TOO_LONG' },
    { a: itemName, data: 'x'.repeat(10_001), ok: false, code: 'TEXT_TOO_LONG' },
    // Characters as a person counts them: 255 emoji are 510 UTF-16 units, and allowed.
    { a: itemName, data: '🚀'.repeat(255), ok: true, out: '🚀'.repeat(255) },
    { a: itemName, data: 'ب'.repeat(256), ok: false, code: 'ITEM_NAME_TOO_LONG' },
    { a: itemName, data: '', ok: true, out: null },
    { a: longtext, data: '<p>Hello</p>', ok: true, out: '<p>Hello</p>' },
    { a: longtext, data: ['<p>'], ok: false, code: 'INVALID_TYPE' },
    { a: email, data: ' ada@example.com ', ok: true, out: 'ada@example.com' },
    { a: email, data: 'ada@', ok: false, code: 'INVALID_EMAIL' },
    { a: email, data: '', ok: true, out: null },
    { a: phone, data: '+1 (555) 123-4567', ok: false, code: 'INVALID_PHONE' },
    { a: phone, data: '+(555) 123-4567', ok: true, out: '+(555) 123-4567' },
    { a: phone, data: '+44 20 7946 0958', ok: true, out: '+44 20 7946 0958' },
    { a: phone, data: 'call me', ok: false, code: 'INVALID_PHONE' },
  ])('$a.type $data -> ok $ok', ({ a, data, ok, out, code }) => {
    const result = validateValue(a, data);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.data).toEqual(out);
    else expect(result.errors[0]!.code).toBe(code);
  });

  test('a name too long says the limit, with the limit as a parameter for the catalogues', () => {
    const result = validateValue(itemName, 'x'.repeat(300));
    expect(!result.ok && result.errors[0]).toMatchObject({
      code: 'ITEM_NAME_TOO_LONG',
      params: { max: ITEM_NAME_MAX_LENGTH },
      message: "An item's name can be at most 255 characters long.",
    });
    expect(ITEM_NAME_MAX_LENGTH).toBe(255);
  });

  test('an imported name is held to the same limit', () => {
    expect(valueFromPlainText(itemName, 'x'.repeat(256))).toMatchObject({ ok: false });
    expect(valueFromPlainText(text, 'x'.repeat(256))).toMatchObject({ ok: true });
  });

  test('an invalid email is worded as the catalogue words it', () => {
    const result = validateValue(email, 'nope');
    expect(!result.ok && result.errors[0]!.message).toBe('The email must be a valid email address.');
  });
});

describe('sorting', () => {
  test.each([
    { a: text, x: 'apple', y: 'Banana', sign: -1 },
    { a: text, x: 'Item 2', y: 'Item 10', sign: -1 },
    { a: text, x: 'same', y: 'SAME', sign: 0 },
    { a: text, x: '', y: 'a', sign: 1 },
    { a: text, x: null, y: 'a', sign: 1 },
    { a: longtext, x: '<p><b>Z</b></p>', y: '<p>a</p>', sign: 1 },
  ])('$a.type $x vs $y', ({ a, x, y, sign }) => {
    expect(Math.sign(compareValues(a, x, y))).toBe(sign);
  });
});

describe('filters', () => {
  test.each([
    { data: 'Launch plan', op: 'is', operand: ' launch PLAN ', match: true },
    { data: 'Launch plan', op: 'is_not', operand: 'launch', match: true },
    { data: 'Launch plan', op: 'contains', operand: 'PLAN', match: true },
    { data: 'Launch plan', op: 'not_contains', operand: 'plan', match: false },
    { data: null, op: 'not_contains', operand: 'plan', match: true },
    { data: 'Launch plan', op: 'starts_with', operand: 'laun', match: true },
    { data: 'Launch plan', op: 'ends_with', operand: 'lau', match: false },
    { data: '  ', op: 'is_empty', operand: undefined, match: true },
    { data: 'x', op: 'is_not_empty', operand: undefined, match: true },
    { data: 'x', op: 'eq', operand: 1, match: false },
  ] as const)('text $op $operand on $data -> $match', ({ data, op, operand, match }) => {
    expect(matchesFilter(text, data, { operator: op, operand })).toBe(match);
  });

  test('long text is filtered by its text, not its markup', () => {
    expect(
      matchesFilter(longtext, '<p>Hello <b>world</b></p>', { operator: 'contains', operand: 'hello world' }),
    ).toBe(true);
    expect(matchesFilter(longtext, '<p></p>', { operator: 'is_empty' })).toBe(true);
    expect(matchesFilter(longtext, '<p>x</p>', { operator: 'contains', operand: 'p>' })).toBe(false);
  });
});

describe('plain text', () => {
  test.each([
    { a: text, data: 'Plain', out: 'Plain' },
    { a: longtext, data: '<p>One &amp; two</p><p>Three</p>', out: 'One & two\nThree' },
    { a: email, data: 'ada@example.com', out: 'ada@example.com' },
    { a: text, data: null, out: '' },
  ])('$a.type to text: $out', ({ a, data, out }) => {
    expect(valueToPlainText(a, data)).toBe(out);
  });

  test.each([
    { a: text, input: 'Hello', out: 'Hello' },
    { a: text, input: '', out: null },
    { a: longtext, input: 'a < b\n\nnext', out: '<p>a &lt; b</p><p>next</p>' },
    { a: email, input: 'grace@example.com', out: 'grace@example.com' },
    { a: phone, input: '+39 06 1234', out: '+39 06 1234' },
  ])('$a.type from text $input', ({ a, input, out }) => {
    const result = valueFromPlainText(a, input);
    expect(result?.ok && result.data).toEqual(out);
  });

  test('an address that is not one is refused on import', () => {
    const result = valueFromPlainText(email, 'not an address');
    expect(result?.ok).toBe(false);
  });
});
