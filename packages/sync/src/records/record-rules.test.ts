import { describe, expect, test } from 'vitest';
import {
  hasChanged,
  isDeepEqual,
  isNewer,
  isSaveMethod,
  mergeRemote,
  type SyncedRecord,
  withoutDraft,
} from './record-rules';

const at = '2026-06-01T09:00:00.000Z';
const rec = (row_version: number, extra: Record<string, unknown> = {}): SyncedRecord => ({
  id: 'a',
  row_version,
  created_at: at,
  ...extra,
});

describe('a saved or pushed record replaces the local copy only if its row_version is higher', () => {
  test.each([
    { incoming: 3, local: 2, replaces: true },
    { incoming: 2, local: 2, replaces: false },
    { incoming: 1, local: 2, replaces: false },
    { incoming: 0, local: undefined, replaces: true },
  ])('incoming $incoming over local $local: $replaces', ({ incoming, local, replaces }) => {
    expect(isNewer(rec(incoming), local === undefined ? undefined : rec(local))).toBe(replaces);
  });
});

describe('bulk merge keeps the remote copy when its row_version is greater than or equal', () => {
  test.each([
    { remote: 3, local: 2, keeps: 'remote' },
    { remote: 2, local: 2, keeps: 'remote' },
    { remote: 1, local: 2, keeps: 'local' },
    { remote: 1, local: undefined, keeps: 'remote' },
  ])('remote $remote over local $local keeps the $keeps copy', ({ remote, local, keeps }) => {
    const r = rec(remote, { from: 'remote' });
    const l = local === undefined ? undefined : rec(local, { from: 'local' });
    expect(mergeRemote(l, r)).toBe(keeps === 'remote' ? r : l);
  });
});

describe('a request counts as changed if a copy is missing or a field other than the timestamps differs', () => {
  test.each([
    { name: 'old copy missing', before: undefined, after: rec(1), changed: true },
    { name: 'new copy missing', before: rec(1), after: undefined, changed: true },
    { name: 'both missing', before: undefined, after: undefined, changed: true },
    { name: 'identical', before: rec(1, { name: 'A' }), after: rec(1, { name: 'A' }), changed: false },
    {
      name: 'only created_at and updated_at differ',
      before: rec(1, { updated_at: at }),
      after: { ...rec(1), created_at: '2020-01-01T00:00:00.000Z', updated_at: '2030-01-01T00:00:00.000Z' },
      changed: false,
    },
    { name: 'a field differs', before: rec(1, { name: 'A' }), after: rec(1, { name: 'B' }), changed: true },
    { name: 'row_version differs', before: rec(1), after: rec(2), changed: true },
    { name: 'a field added', before: rec(1), after: rec(1, { name: 'A' }), changed: true },
    { name: 'a field removed', before: rec(1, { name: 'A' }), after: rec(1), changed: true },
    {
      name: 'a field set to undefined equals it absent',
      before: rec(1),
      after: rec(1, { name: undefined }),
      changed: false,
    },
    { name: 'the draft marker counts', before: rec(1), after: rec(1, { draft: true }), changed: true },
    {
      name: 'nested objects equal',
      before: rec(1, { settings: { colors: ['red', { hex: '#f00' }], on: true } }),
      after: rec(1, { settings: { on: true, colors: ['red', { hex: '#f00' }] } }),
      changed: false,
    },
    {
      name: 'a nested value differs',
      before: rec(1, { settings: { colors: ['red', { hex: '#f00' }] } }),
      after: rec(1, { settings: { colors: ['red', { hex: '#f01' }] } }),
      changed: true,
    },
    {
      name: 'a nested updated_at counts (only the top-level timestamps are ignored)',
      before: rec(1, { value: { updated_at: 'x' } }),
      after: rec(1, { value: { updated_at: 'y' } }),
      changed: true,
    },
    {
      name: 'array length differs',
      before: rec(1, { ids: [1, 2] }),
      after: rec(1, { ids: [1, 2, 3] }),
      changed: true,
    },
    {
      name: 'array order differs',
      before: rec(1, { ids: [1, 2] }),
      after: rec(1, { ids: [2, 1] }),
      changed: true,
    },
    { name: 'array vs object', before: rec(1, { v: [] }), after: rec(1, { v: {} }), changed: true },
    { name: 'null vs object', before: rec(1, { v: null }), after: rec(1, { v: {} }), changed: true },
    { name: '1 vs "1"', before: rec(1, { v: 1 }), after: rec(1, { v: '1' }), changed: true },
  ])('$name: $changed', ({ before, after, changed }) => {
    expect(hasChanged(before, after)).toBe(changed);
  });
});

describe('helpers', () => {
  test.each([
    ['put', true],
    ['delete', true],
    ['post', false],
    ['PUT', false],
    [undefined, false],
  ])('save method %j is valid: %s', (method, valid) => {
    expect(isSaveMethod(method)).toBe(valid);
  });

  test('the sent copy carries no draft marker and the original is not touched', () => {
    const draft = rec(1, { draft: true, name: 'A' });
    expect(withoutDraft(draft)).toEqual(rec(1, { name: 'A' }));
    expect(draft.draft).toBe(true);
    const plain = rec(1);
    expect(withoutDraft(plain)).toBe(plain);
  });

  test.each([
    [Number.NaN, Number.NaN, true],
    [0, -0, true],
    ['a', 'a', true],
    [[1, [2]], [1, [2]], true],
    [{ a: 1 }, { a: 1, b: 2 }, false],
  ])('isDeepEqual(%j, %j) is %s', (a, b, equal) => {
    expect(isDeepEqual(a, b)).toBe(equal);
  });
});
