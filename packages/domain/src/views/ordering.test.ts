import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareOrderKeys,
  compareOwnOrder,
  isOrderKey,
  keyBetween,
  keyForIndex,
  keysBetween,
} from './ordering';

describe('order keys', () => {
  it.each([
    ['a0', true],
    ['a1V', true],
    ['Zz', true],
    ['', false],
    ['a00', false],
    ['not a key', false],
    [42, false],
    [null, false],
  ])('isOrderKey(%j) is %s', (key, expected) => {
    expect(isOrderKey(key)).toBe(expected);
  });

  it.each([
    [null, null],
    ['a0', null],
    [null, 'a0'],
    ['a0', 'a1'],
    ['a0', 'a0V'],
    ['Zz', 'a0'],
  ])('keyBetween(%j, %j) falls strictly between', (low, high) => {
    const key = keyBetween(low, high);
    if (low !== null) expect(compareOrderKeys(low, key)).toBe(-1);
    if (high !== null) expect(compareOrderKeys(key, high)).toBe(-1);
  });

  it('falls back to a key after the low one when the neighbours are out of order or not keys', () => {
    expect(keyBetween('a5', 'a1') > 'a5').toBe(true);
    expect(isOrderKey(keyBetween('garbage!', 'a1'))).toBe(true);
    expect(keyBetween('garbage!', 'a1') < 'a1').toBe(true);
  });

  it('compares by code unit, uppercase before lowercase, missing keys last', () => {
    const keys = ['a1', null, 'Zz', 'a0V', undefined, 'a0'];
    expect([...keys].sort(compareOrderKeys)).toEqual(['Zz', 'a0', 'a0V', 'a1', null, undefined]);
  });

  it('places a record at any index of a list, inserts included', () => {
    const list = keysBetween(null, null, 5);
    for (let index = 0; index <= list.length; index += 1) {
      const key = keyForIndex(list, index);
      const next = [...list.slice(0, index), key, ...list.slice(index)];
      expect([...next].sort(compareOrderKeys)).toEqual(next);
    }
  });

  it('keeps order under any sequence of inserts (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(), { maxLength: 200 }), (positions) => {
        const list: string[] = [];
        for (const position of positions) {
          const index = position % (list.length + 1);
          list.splice(index, 0, keyForIndex(list, index));
        }
        expect(new Set(list).size).toBe(list.length);
        expect([...list].sort(compareOrderKeys)).toEqual(list);
      }),
    );
  });

  it('makes n ordered keys between two neighbours', () => {
    const keys = keysBetween('a0', 'a1', 10);
    expect(keys).toHaveLength(10);
    expect(['a0', ...keys, 'a1'].sort(compareOrderKeys)).toEqual(['a0', ...keys, 'a1']);
  });
});

describe("a folder's own order", () => {
  it.each<
    [string, { sort_order: string | null; id: string }, { sort_order: string | null; id: string }, number]
  >([
    ['by key first', { sort_order: 'a0', id: 'z' }, { sort_order: 'a1', id: 'a' }, -1],
    [
      'a record without a key after one with',
      { sort_order: null, id: 'a' },
      { sort_order: 'a1', id: 'z' },
      1,
    ],
    ['the same key: by id', { sort_order: 'a0', id: 'b' }, { sort_order: 'a0', id: 'a' }, 1],
    ['neither keyed: by id', { sort_order: null, id: 'a' }, { sort_order: null, id: 'b' }, -1],
    ['the same record', { sort_order: 'a0', id: 'a' }, { sort_order: 'a0', id: 'a' }, 0],
  ])('%s', (_name, a, b, expected) => {
    expect(compareOwnOrder(a, b)).toBe(expected);
  });
});
