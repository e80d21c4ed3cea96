import { NO_GROUP, type ViewItem } from '@strata/domain/views/view-rows';
import { describe, expect, test } from 'vitest';
import type { TableLine } from '../table/table-model';
import { attributeOf, settingsOf } from '../views-test-setup';
import { cardAttributes, itemIdsBetween, parentLineIndex, resolveActive } from './list-model';

const NAME = attributeOf('text', { id: 'name', name: 'Name' });
const NUMBER = attributeOf('number');
const EMAIL = attributeOf('email');
const DATE = attributeOf('date');
const RATING = attributeOf('rating');
const ATTRIBUTES = [NAME, NUMBER, EMAIL, DATE, RATING];
const ids = (list: { id: string }[]) => list.map((attribute) => attribute.id);

describe('cardAttributes', () => {
  test('without card_attribute_ids a line shows the first three visible attributes but the name', () => {
    expect(ids(cardAttributes(ATTRIBUTES, settingsOf(), 'name'))).toEqual(['a-number', 'a-email', 'a-date']);
    const arranged = settingsOf({ attribute_order: ['a-rating'], hidden_attribute_ids: ['a-email'] });
    expect(ids(cardAttributes(ATTRIBUTES, arranged, 'name'))).toEqual(['a-rating', 'a-number', 'a-date']);
  });

  test('card_attribute_ids are kept in their order, without the name, repeats or deleted attributes', () => {
    const settings = settingsOf({ card_attribute_ids: ['a-rating', 'name', 'gone', 'a-email', 'a-rating'] });
    expect(ids(cardAttributes(ATTRIBUTES, settings, 'name'))).toEqual(['a-rating', 'a-email']);
  });

  test('card_attribute_ids naming only deleted attributes fall back to the visible ones', () => {
    const settings = settingsOf({ card_attribute_ids: ['gone'] });
    expect(ids(cardAttributes(ATTRIBUTES, settings, null))).toEqual(['name', 'a-number', 'a-email']);
  });
});

const item = (id: string): ViewItem => ({ id, values: {} });
const group = (key: string): TableLine => ({
  kind: 'group',
  group: { key, labelId: null, title: key, items: [] },
  collapsed: false,
});
const line = (id: string, depth: 0 | 1 = 0): TableLine => ({
  kind: 'item',
  item: item(id),
  depth,
  group: 'A',
  subitemCount: 0,
});
const LINES: TableLine[] = [group('A'), line('1'), line('1a', 1), line('2'), { kind: 'add', group: 'A' }];

describe('the active line', () => {
  test('follows its line when the lines move, else keeps its place within the lines', () => {
    expect(resolveActive(LINES, { index: 3, key: 'i:2' })).toBe(3);
    expect(resolveActive(LINES.slice(2), { index: 3, key: 'i:2' })).toBe(1);
    expect(resolveActive(LINES.slice(0, 2), { index: 3, key: 'i:2' })).toBe(1);
    expect(resolveActive([], { index: 3, key: 'i:2' })).toBe(0);
  });

  test('a subitem goes back to its item, an item to its group heading', () => {
    expect(parentLineIndex(LINES, 2)).toBe(1);
    expect(parentLineIndex(LINES, 3)).toBe(0);
    expect(parentLineIndex([line('1'), line('2')], 1)).toBeNull();
    expect(parentLineIndex(LINES, 0)).toBeNull();
  });

  test('a shift range holds the items between two lines in either direction', () => {
    expect(itemIdsBetween(LINES, 4, 0)).toEqual(['1', '1a', '2']);
    expect(itemIdsBetween([group(NO_GROUP), line('x')], 0, 1)).toEqual(['x']);
  });
});
