import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import { NO_GROUP, type ViewItem } from '@strata/domain/views/view-rows';
import { readViewSettings } from '@strata/domain/views/view-settings';
import { describe, expect, test } from 'vitest';
import { cardAttributeIds, columnsAttribute, once, planCardMove } from './columns-model';

const LABEL = 'status';
const card = (id: string, sort: string, labels: string[] = []): ViewItem => ({
  id,
  sort_order: sort,
  parent_id: null,
  values: labels.length ? { [LABEL]: { data: labels } } : {},
});

describe('the columns view groups by a label attribute', () => {
  const attributes: AttributeDefinition[] = [
    { id: 'name', name: 'Name', type: 'text', settings: { primary: true } },
    { id: 'first', name: 'Status', type: 'label', settings: {} },
    { id: 'second', name: 'Priority', type: 'label', settings: {} },
    { id: 'due', name: 'Due', type: 'date', settings: {} },
  ];
  test.each([
    ['no grouping: the first label attribute', null, 'first'],
    ['grouped by a label attribute: that one', 'second', 'second'],
    ['grouped by another type: the first label attribute', 'due', 'first'],
  ])('%s', (_case, groupBy, expected) => {
    expect(columnsAttribute(attributes, readViewSettings({ group_by: groupBy }))?.id).toBe(expected);
  });
  test('a board without label attributes has no columns', () => {
    expect(columnsAttribute(attributes.slice(0, 1), readViewSettings({}))).toBeNull();
  });
});

describe('where a dropped card lands', () => {
  const todo = [card('a', 'a0', ['todo']), card('b', 'a1', ['todo']), card('c', 'a2', ['todo'])];
  const done = [card('d', 'a0', ['done']), card('e', 'a5', ['done'])];
  const plan = (
    item: ViewItem,
    from: string,
    to: string,
    column: ViewItem[],
    beforeId: string | null,
    isSorted = false,
  ) => planCardMove({ item, fromKey: from, toKey: to, column, beforeId, labelAttributeId: LABEL, isSorted });

  test('to another column, before a card: the new label and a key between the neighbours', () => {
    const move = plan(todo[0]!, 'todo', 'done', done, 'e');
    expect(move?.labels).toEqual(['done']);
    expect(move!.sortOrder! > 'a0' && move!.sortOrder! < 'a5').toBe(true);
  });
  test('to the end of another column: a key after its last card', () => {
    const move = plan(todo[0]!, 'todo', 'done', done, null);
    expect(move!.sortOrder! > 'a5').toBe(true);
  });
  test('within a column: only the order changes', () => {
    const move = plan(todo[2]!, 'todo', 'todo', todo, 'a');
    expect(move?.labels).toBeNull();
    expect(move!.sortOrder! < 'a0').toBe(true);
  });
  test.each([
    ['on itself', 'b'],
    ['before the card already after it', 'c'],
  ])('dropped %s in its own column: nothing to save', (_case, beforeId) => {
    expect(plan(todo[1]!, 'todo', 'todo', todo, beforeId)).toBeNull();
  });
  test('to the column of items without a label: the label is cleared', () => {
    expect(plan(todo[0]!, 'todo', NO_GROUP, [], null)?.labels).toEqual([]);
  });
  test('a card with several labels swaps only the source column’s', () => {
    const many = card('m', 'a3', ['todo', 'urgent']);
    expect(plan(many, 'todo', 'done', done, null)?.labels).toEqual(['urgent', 'done']);
  });
  test('a sorted view keeps its sort: the column changes, the order key does not', () => {
    const move = plan(todo[0]!, 'todo', 'done', done, 'e', true);
    expect(move).toEqual({ itemId: 'a', groupKey: 'done', sortOrder: null, labels: ['done'] });
    expect(plan(todo[2]!, 'todo', 'todo', todo, 'a', true)).toBeNull();
  });
});

test('cards show the chosen attributes, else the first two besides name and grouping', () => {
  const shown = ['name', 'status', 'due', 'owner', 'cost'];
  expect(cardAttributeIds(shown, readViewSettings({}), ['name', 'status'])).toEqual(['due', 'owner']);
  expect(cardAttributeIds(shown, readViewSettings({ card_attribute_ids: ['cost', 'gone'] }), [])).toEqual([
    'cost',
  ]);
});

describe('lookups a drag needs are made on first use', () => {
  test('once makes its value on the first call only, and keeps it', () => {
    let made = 0;
    const lookup = once(() => {
      made++;
      return new Map([['a', 1]]);
    });
    expect(made).toBe(0);
    expect(lookup().get('a')).toBe(1);
    expect(lookup()).toBe(lookup());
    expect(made).toBe(1);
  });
});
