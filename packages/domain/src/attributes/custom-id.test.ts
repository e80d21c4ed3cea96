import { expect, test } from 'vitest';
import { formatCustomId, nextCustomId, parseCustomId } from './custom-id';

test.each([
  { prefix: 'PRJ-', last: null, number: 1, text: 'PRJ-1' },
  { prefix: 'PRJ-', last: 41, number: 42, text: 'PRJ-42' },
  { prefix: '', last: 9, number: 10, text: '10' },
  { prefix: 'T', last: -5, number: 1, text: 'T1' },
])('after $last with prefix "$prefix" comes $text', ({ prefix, last, number, text }) => {
  expect(nextCustomId(prefix, last)).toEqual({ number, text });
});

test('padding', () => {
  expect(formatCustomId('BUG-', 7, 4)).toBe('BUG-0007');
  expect(nextCustomId('BUG-', 9999, 4).text).toBe('BUG-10000');
});

test.each([
  { prefix: 'PRJ-', text: 'PRJ-007', out: 7 },
  { prefix: 'PRJ-', text: 'prj-12', out: 12 },
  { prefix: 'PRJ-', text: '12', out: 12 },
  { prefix: 'PRJ-', text: 'PRJ-', out: null },
  { prefix: 'PRJ-', text: 'PRJ-0', out: null },
  { prefix: 'PRJ-', text: 'ABC-1', out: null },
])('parse $text -> $out', ({ prefix, text, out }) => {
  expect(parseCustomId(prefix, text)).toBe(out);
});
