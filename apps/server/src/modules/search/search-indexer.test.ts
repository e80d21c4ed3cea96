import { describe, expect, test } from 'vitest';
import { textItemOf } from './search-indexer';

describe('which events may change an item’s searchable text', () => {
  const cases: [label: string, type: string, payload: Record<string, unknown>, expected: string | null][] = [
    ['a created item', 'item.created', { id: 'i1', data: { id: 'i1' } }, 'i1'],
    ['an item updated in a hidden or private folder (no data)', 'item.updated', { id: 'i1' }, 'i1'],
    [
      'an item updated with data (its value events decide)',
      'item.updated',
      { id: 'i1', data: { id: 'i1' } },
      null,
    ],
    ['a deleted item (search leaves deleted items out)', 'item.deleted', { id: 'i1' }, null],
    [
      'a text value set',
      'value.updated',
      { id: 'v', data: { item_id: 'i1', attribute_id: 'a', data: 'Fix' } },
      'i1',
    ],
    [
      'a text value created',
      'value.created',
      { id: 'v', data: { item_id: 'i1', attribute_id: 'a', data: 'x' } },
      'i1',
    ],
    [
      'a value cleared',
      'value.updated',
      { id: 'v', data: { item_id: 'i1', attribute_id: 'a', data: null } },
      'i1',
    ],
    ['a number', 'value.updated', { id: 'v', data: { item_id: 'i1', attribute_id: 'a', data: 42 } }, null],
    [
      'a checkbox',
      'value.updated',
      { id: 'v', data: { item_id: 'i1', attribute_id: 'a', data: false } },
      null,
    ],
    ['people', 'value.updated', { id: 'v', data: { item_id: 'i1', attribute_id: 'a', data: [3, 4] } }, null],
    [
      'a date range',
      'value.created',
      { id: 'v', data: { item_id: 'i1', attribute_id: 'a', data: { start: '2026-01-01' } } },
      null,
    ],
    ['a value event without data (restricted: its item event decides)', 'value.updated', { id: 'v' }, null],
    ['another kind of event', 'folder.updated', { id: 'f', data: { name: 'x' } }, null],
  ];
  test.each(cases)('%s', (_label, type, payload, expected) => {
    expect(textItemOf({ type, payload })).toBe(expected);
  });
});
