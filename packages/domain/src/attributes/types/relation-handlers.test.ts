import { describe, expect, test } from 'vitest';
import {
  type AttributeDefinition,
  matchesFilter,
  sortComparator,
  validateValue,
  validateValueWrite,
  valueFromPlainText,
  valueToPlainText,
} from '../type-registry';
import type { ValueContext } from '../value-context';

const reference: AttributeDefinition = { id: 'r', name: 'Blocks', type: 'reference' };
const single: AttributeDefinition = {
  id: 's',
  name: 'Parent',
  type: 'reference',
  settings: { multiple: false },
};
const folder: AttributeDefinition = { id: 'f', name: 'Folder', type: 'source_folder' };
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const TITLES: Record<string, string> = { [A]: 'Write spec', [B]: 'Build' };
const FOLDERS: Record<string, string> = { AAAAAAAAAAA: 'Backlog', BBBBBBBBBBB: 'Archive' };
const context: ValueContext = { itemTitle: (id) => TITLES[id], folderName: (id) => FOLDERS[id] };

describe('reference', () => {
  test.each([
    { a: reference, data: [A, B, A], ok: true, out: [A, B] },
    { a: reference, data: ['x'], ok: false },
    { a: single, data: [A, B], ok: false },
  ])('server data $data -> ok $ok', ({ a, data, ok, out }) => {
    const result = validateValue(a, data);
    expect(result.ok).toBe(ok);
    if (result.ok) expect(result.data).toEqual(out);
  });

  test('users do not write references through the item values', () => {
    const result = validateValueWrite(reference, [A]);
    expect(!result.ok && result.errors[0]!.code).toBe('NOT_EDITABLE');
  });

  test('shown, sorted and searched by the referenced titles', () => {
    expect(valueToPlainText(reference, [A, B], context)).toBe('Write spec, Build');
    expect([[A], [B], null].sort(sortComparator(reference, 'asc', context))).toEqual([[B], [A], null]);
    expect(matchesFilter(reference, [A], { operator: 'contains', operand: 'spec' }, context)).toBe(true);
    expect(matchesFilter(reference, [A], { operator: 'includes_any', operand: [B] }, context)).toBe(false);
    expect(matchesFilter(reference, [A], { operator: 'excludes', operand: [B] }, context)).toBe(true);
    expect(valueFromPlainText(reference, 'Write spec', context)).toBeNull();
  });
});

describe('source folder', () => {
  test('the folder of the item, by name', () => {
    expect(valueToPlainText(folder, 'AAAAAAAAAAA', context)).toBe('Backlog');
    expect(['AAAAAAAAAAA', null, 'BBBBBBBBBBB'].sort(sortComparator(folder, 'asc', context))).toEqual([
      'BBBBBBBBBBB',
      'AAAAAAAAAAA',
      null,
    ]);
    expect(matchesFilter(folder, 'AAAAAAAAAAA', { operator: 'is_any_of', operand: ['AAAAAAAAAAA'] })).toBe(
      true,
    );
    expect(matchesFilter(folder, 'AAAAAAAAAAA', { operator: 'is_none_of', operand: ['AAAAAAAAAAA'] })).toBe(
      false,
    );
    expect(validateValue(folder, 'short').ok).toBe(false);
  });
});
