import { expect, test } from 'vitest';
import { inJsonbOrder } from './json-rows';

test('keys come in jsonb order at every depth: shorter first, then by UTF-8 bytes', () => {
  const value = {
    b: 1,
    aa: 2,
    a: 3,
    é: 4,
    z: 5,
    '😀': 6,
    ab: { y: [{ d: 1, c: 2 }], x: null, w: undefined },
    '': 0,
    Z: 7,
  };
  // As PostgreSQL prints `'...'::jsonb` of the same text (checked against PGlite).
  expect(JSON.stringify(inJsonbOrder(value))).toBe(
    '{"":0,"Z":7,"a":3,"b":1,"z":5,"aa":2,"ab":{"x":null,"y":[{"c":2,"d":1}]},"é":4,"😀":6}',
  );
});

test('scalars, arrays and dates are kept as they are', () => {
  const date = new Date('2026-03-20T10:00:00Z');
  expect(inJsonbOrder(['b', 2, null, true])).toEqual(['b', 2, null, true]);
  expect((inJsonbOrder({ at: date }) as { at: Date }).at).toBe(date);
  expect(inJsonbOrder('text')).toBe('text');
});
