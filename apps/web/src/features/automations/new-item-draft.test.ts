import type { Action, Recipe } from '@strata/domain/automations/recipe';
import { describe, expect, test } from 'vitest';
import {
  addNewItemValue,
  canAddNewItemValue,
  MAX_NEW_ITEM_VALUES,
  nameAttributeOf,
  newItemValueChoices,
  newItemValueKinds,
  removeNewItemValue,
  setNewItemValue,
  setNewItemValueAttribute,
} from './new-item-draft';
import { checkDraft, newRecipe } from './recipe-draft';

const ATTRIBUTES = [
  { id: 'status', name: 'Status', type: 'label' as const, settings: { labels: [] } },
  { id: 'completed', name: 'Completed', type: 'date' as const, settings: {} },
  { id: 'points', name: 'Points', type: 'number' as const, settings: {} },
  { id: 'owner', name: 'Owner', type: 'members' as const, settings: {} },
  { id: 'key', name: 'Key', type: 'custom_id' as const, settings: {} },
  { id: 'ok', name: 'OK', type: 'checkbox' as const, settings: {} },
  { id: 'go', name: 'Go', type: 'button' as const, settings: { label: 'Go', action: null } },
];
const BOARD = { attributes: ATTRIBUTES, folderIds: ['plan'] };

describe("a created item's values", () => {
  const NAMED = [
    { id: 'title', name: 'Title', type: 'text' as const, settings: { primary: true } },
    { id: 'notes', name: 'Notes', type: 'text' as const, settings: {} },
    ...ATTRIBUTES,
  ];
  const create = (values: Extract<Action, { kind: 'create_item' }>['values'] = []) => ({
    kind: 'create_item' as const,
    folder_id: 'plan',
    as_subitem: false,
    values,
  });
  const named = { attribute_id: 'title', value: { kind: 'fixed' as const, data: 'Weekly report' } };
  const points = { attribute_id: 'points', value: { kind: 'fixed' as const, data: 3 } };

  test.each([
    ['the primary text attribute', NAMED, 'title'],
    ['else the first text attribute', NAMED.slice(1), 'notes'],
    ['none without a text attribute', ATTRIBUTES, undefined],
  ])('the name goes in %s', (_, attributes, expected) => {
    expect(nameAttributeOf(attributes)?.id).toBe(expected);
  });

  test.each([
    ['number', ['fixed', 'trigger_value', 'formula']],
    ['date', ['fixed', 'today', 'trigger_value', 'formula']],
    ['reference', ['trigger_value', 'formula']],
    [undefined, []],
  ] as const)(
    'a %s value is given by the set-value sources but "clear" (nothing to clear)',
    (type, kinds) => {
      expect(newItemValueKinds(type)).toEqual(kinds);
    },
  );

  test.each([
    [
      'writable attributes but the name',
      create(),
      undefined,
      ['notes', 'status', 'completed', 'points', 'owner', 'ok'],
    ],
    [
      'not one a value already sets',
      create([named, points]),
      undefined,
      ['notes', 'status', 'completed', 'owner', 'ok'],
    ],
    [
      "but the value's own",
      create([named, points]),
      'points',
      ['notes', 'status', 'completed', 'points', 'owner', 'ok'],
    ],
  ])('the attributes offered: %s', (_, action, ownId, ids) => {
    expect(newItemValueChoices(NAMED, action, 'title', ownId).map((attribute) => attribute.id)).toEqual(ids);
  });

  test.each([
    ['with attributes left', NAMED, create([named]), true],
    ['when every writable attribute has a value', [NAMED[0]!, NAMED[4]!], create([named, points]), false],
    [
      'at the most values a recipe holds',
      NAMED,
      create(Array.from({ length: MAX_NEW_ITEM_VALUES }, (_, n) => ({ ...points, attribute_id: `a${n}` }))),
      false,
    ],
  ])('"Add a value" is offered %s: %s', (_, attributes, action, expected) => {
    expect(canAddNewItemValue(attributes, action, 'title')).toBe(expected);
  });

  test.each([
    [
      'a number starts as a fixed value to give',
      { id: 'points', type: 'number' },
      { kind: 'fixed', data: null },
    ],
    ['a date too', { id: 'completed', type: 'date' }, { kind: 'fixed', data: null }],
    [
      'a reference (no fixed value) as the triggering value',
      { id: 'ref', type: 'reference' },
      { kind: 'trigger_value' },
    ],
  ])('an added value: %s', (_, attribute, value) => {
    expect(addNewItemValue(create([named]), attribute).values).toEqual([
      named,
      { attribute_id: attribute.id, value },
    ]);
  });

  const today = { attribute_id: 'completed', value: { kind: 'today' as const, offset_days: 1 } };
  const formula = { attribute_id: 'points', value: { kind: 'formula' as const, expression: '1+1' } };
  test.each([
    [
      'a fixed value starts again (it was data of the one before)',
      points,
      { id: 'completed', type: 'date' },
      { attribute_id: 'completed', value: { kind: 'fixed', data: null } },
    ],
    [
      '"today" is kept for another date',
      today,
      { id: 'due', type: 'date_range' },
      { attribute_id: 'due', value: today.value },
    ],
    [
      '"today" is not kept for a number',
      today,
      { id: 'points', type: 'number' },
      { attribute_id: 'points', value: { kind: 'fixed', data: null } },
    ],
    [
      'a formula is kept',
      formula,
      { id: 'owner', type: 'members' },
      { attribute_id: 'owner', value: formula.value },
    ],
    ['the same attribute changes nothing', points, { id: 'points', type: 'number' }, points],
  ])('another attribute for a value: %s', (_, value, attribute, expected) => {
    expect(setNewItemValueAttribute(create([named, value]), 1, attribute).values).toEqual([named, expected]);
  });

  test('a value is changed and removed at its place, the name and the others kept', () => {
    const action = create([named, points, today]);
    expect(setNewItemValue(action, 1, { kind: 'trigger_value' }).values).toEqual([
      named,
      { attribute_id: 'points', value: { kind: 'trigger_value' } },
      today,
    ]);
    expect(removeNewItemValue(action, 1).values).toEqual([named, today]);
  });

  test('a value still to give (fixed, no data) may be switched on; an empty formula may not be saved', () => {
    const recipe = (value: Extract<Action, { kind: 'create_item' }>['values'][number]): Recipe => ({
      ...newRecipe('item_created'),
      actions: [create([value])],
    });
    expect(
      checkDraft(recipe({ attribute_id: 'points', value: { kind: 'fixed', data: null } }), BOARD),
    ).toEqual({
      shape: [],
      blanks: [],
    });
    expect(
      checkDraft(recipe({ attribute_id: 'points', value: { kind: 'formula', expression: '' } }), BOARD).shape,
    ).toEqual([{ path: 'actions.0.values.0.value.expression', code: 'INVALID' }]);
    expect(
      checkDraft(recipe({ attribute_id: 'key', value: { kind: 'trigger_value' } }), BOARD).blanks,
    ).toEqual([{ path: 'actions.0.values.0.attribute_id', code: 'WRONG_TYPE' }]);
  });
});
