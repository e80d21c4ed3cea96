import { describe, expect, test } from 'vitest';
import {
  type AttributeDefinition,
  compareValues,
  matchesFilter,
  validateValue,
  valueFromPlainText,
  valueToPlainText,
} from '../type-registry';
import type { ValueContext } from '../value-context';
import { normaliseUrl } from './list-handlers';

const links: AttributeDefinition = { id: 'l', name: 'Links', type: 'links' };
const checklist: AttributeDefinition = { id: 'c', name: 'Steps', type: 'checklist' };
const attachments: AttributeDefinition = { id: 'a', name: 'Files', type: 'attachments' };
const ID1 = '00000000-0000-4000-8000-000000000001';
const ID2 = '00000000-0000-4000-8000-000000000002';
let counter = 0;
const context: ValueContext = {
  newId: () => `00000000-0000-4000-8000-${String(++counter).padStart(12, '0')}`,
};

test.each([
  { input: 'https://example.com/a?b=1', out: 'https://example.com/a?b=1' },
  { input: 'example.com', out: 'https://example.com' },
  { input: 'mailto:ada@example.com', out: 'mailto:ada@example.com' },
  { input: 'javascript:alert(1)', out: null },
  { input: 'not a url', out: null },
  { input: 'http://nodot', out: null },
  { input: '', out: null },
])('url $input -> $out', ({ input, out }) => {
  expect(normaliseUrl(input)).toBe(out);
});

describe('links', () => {
  test('a link is completed to the public shape', () => {
    const result = validateValue(links, [{ id: ID1, url: 'example.com' }]);
    expect(result.ok && result.data).toEqual([
      { id: ID1, url: 'https://example.com', name: '', favicon: null },
    ]);
  });

  test.each([
    {
      data: [{ id: ID1, url: 'ftp:/x y' }],
      code: 'INVALID_URL',
      path: '0.url',
      message: 'Not a valid URL format',
    },
    {
      data: [{ id: 'nope', url: 'https://a.io' }],
      code: 'INVALID_ID',
      path: '0.id',
      message: 'The id nope is not valid.',
    },
    {
      data: [
        { id: ID1, url: 'https://a.io' },
        { id: ID1, url: 'https://b.io' },
      ],
      code: 'DUPLICATE_ID',
      path: '1.id',
      message: `The id ${ID1} appears more than once.`,
    },
    {
      data: [{ id: ID1, url: 'https://a.io', name: 5 }],
      code: 'INVALID_TYPE',
      path: '0.name',
      message: 'The value must be a string.',
    },
    {
      data: 'https://a.io',
      code: 'INVALID_TYPE',
      path: undefined,
      message: 'The value must be an array of links.',
    },
  ])('$code at $path', ({ data, code, path, message }) => {
    const result = validateValue(links, data);
    expect(!result.ok && result.errors[0]).toEqual({ code, path, message, params: expect.any(Object) });
  });

  test('filters look at names and URLs', () => {
    const data = [{ id: ID1, url: 'https://docs.example.com', name: 'Spec', favicon: null }];
    expect(matchesFilter(links, data, { operator: 'contains', operand: 'docs' })).toBe(true);
    expect(matchesFilter(links, data, { operator: 'contains', operand: 'spec' })).toBe(true);
    expect(matchesFilter(links, data, { operator: 'not_contains', operand: 'spec' })).toBe(false);
    expect(matchesFilter(links, null, { operator: 'is_empty' })).toBe(true);
  });

  test('plain text both ways', () => {
    const data = [
      { id: ID1, url: 'https://a.io', name: 'A', favicon: null },
      { id: ID2, url: 'https://b.io', name: '', favicon: null },
    ];
    expect(valueToPlainText(links, data)).toBe('https://a.io, https://b.io');
    const back = valueFromPlainText(links, 'https://a.io, b.io', context);
    expect(back?.ok && (back.data as { url: string }[]).map((l) => l.url)).toEqual([
      'https://a.io',
      'https://b.io',
    ]);
  });
});

describe('checklist', () => {
  const entries = [
    { id: ID1, name: 'Draft', done: true },
    { id: ID2, name: 'Review', done: false },
  ];

  test.each([
    { data: entries, ok: true },
    { data: [{ id: ID1, name: '  Draft ' }], ok: true },
    { data: [{ id: ID1, name: '' }], ok: false, code: 'NAME_REQUIRED' },
    { data: [{ id: ID1, name: 'x', done: 'yes' }], ok: false, code: 'INVALID_TYPE' },
    { data: [{ name: 'x' }], ok: false, code: 'INVALID_ID' },
    {
      data: Array.from({ length: 501 }, (_, i) => ({ id: ID1, name: String(i) })),
      ok: false,
      code: 'TOO_MANY_ENTRIES',
    },
  ])('entry checks: ok $ok $code', ({ data, ok, code }) => {
    const result = validateValue(checklist, data);
    expect(result.ok).toBe(ok);
    if (!result.ok) expect(result.errors[0]!.code).toBe(code);
  });

  test('done defaults to false and names are trimmed', () => {
    const result = validateValue(checklist, [{ id: ID1, name: '  Draft ' }]);
    expect(result.ok && result.data).toEqual([{ id: ID1, name: 'Draft', done: false }]);
  });

  test.each([
    { data: entries, op: 'is_complete', match: false },
    { data: entries, op: 'is_incomplete', match: true },
    { data: [{ id: ID1, name: 'a', done: true }], op: 'is_complete', match: true },
    { data: null, op: 'is_complete', match: false },
    { data: null, op: 'is_incomplete', match: true },
  ] as const)('$op -> $match', ({ data, op, match }) => {
    expect(matchesFilter(checklist, data, { operator: op })).toBe(match);
  });

  test('sorted by share done', () => {
    const half = entries;
    const all = [{ id: ID1, name: 'a', done: true }];
    expect(compareValues(checklist, half, all)).toBeLessThan(0);
  });

  test('plain text both ways', () => {
    expect(valueToPlainText(checklist, entries)).toBe('[x] Draft; [ ] Review');
    const back = valueFromPlainText(checklist, '[x] Draft; [ ] Review; Ship', context);
    expect(
      back?.ok && (back.data as { name: string; done: boolean }[]).map(({ name, done }) => ({ name, done })),
    ).toEqual([
      { name: 'Draft', done: true },
      { name: 'Review', done: false },
      { name: 'Ship', done: false },
    ]);
  });
});

describe('attachments', () => {
  test('known fields are kept, others dropped', () => {
    const result = validateValue(attachments, [{ id: ID1, name: 'plan.pdf', size: 1200, secret: 'x' }]);
    expect(result.ok && result.data).toEqual([{ id: ID1, name: 'plan.pdf', size: 1200 }]);
  });

  test('an attachment needs an upload id', () => {
    expect(validateValue(attachments, [{ name: 'plan.pdf' }]).ok).toBe(false);
  });

  test('plain text lists names; import is not possible', () => {
    expect(valueToPlainText(attachments, [{ id: ID1, name: 'a.pdf' }, { id: ID2 }])).toBe(`a.pdf, ${ID2}`);
    expect(valueFromPlainText(attachments, 'a.pdf')).toBeNull();
    expect(
      matchesFilter(attachments, [{ id: ID1, name: 'a.pdf' }], { operator: 'contains', operand: 'PDF' }),
    ).toBe(true);
  });
});
