import type { Action, Recipe } from '@strata/domain/automations/recipe';
import { describe, expect, test } from 'vitest';
import {
  ACTION_KINDS,
  attributesFor,
  changeTriggerKind,
  checkDraft,
  isOfferedTrigger,
  moveEntry,
  newAction,
  newRecipe,
  newTrigger,
  serverProblems,
  setLabelAttribute,
  setTriggerAttribute,
  setTriggerFolder,
  setValueAttribute,
  valueKindsFor,
} from './recipe-draft';
import { galleryRecipes } from './recipe-gallery';

const ATTRIBUTES = [
  {
    id: 'status',
    name: 'Status',
    type: 'label' as const,
    settings: { labels: [{ id: 'done', name: 'Done', color: '#000000' }] },
  },
  { id: 'completed', name: 'Completed', type: 'date' as const, settings: {} },
  { id: 'points', name: 'Points', type: 'number' as const, settings: {} },
  { id: 'owner', name: 'Owner', type: 'members' as const, settings: {} },
  { id: 'key', name: 'Key', type: 'custom_id' as const, settings: {} },
  { id: 'ok', name: 'OK', type: 'checkbox' as const, settings: {} },
  { id: 'go', name: 'Go', type: 'button' as const, settings: { label: 'Go', action: null } },
];
const BOARD = { attributes: ATTRIBUTES, folderIds: ['plan'] };
const texts = {
  doneMessage: 'done',
  movedMessage: 'm',
  commentMessage: 'c',
  changedComment: 'x',
  checkedSubject: 's',
  dueMessage: 'due',
};

describe('blanks of a new trigger or action', () => {
  test('start empty (null), with the schema defaults elsewhere', () => {
    expect(newTrigger('label_set')).toEqual({
      kind: 'label_set',
      folder_id: null,
      attribute_id: null,
      label_id: null,
    });
    expect(newAction('notify')).toEqual({
      kind: 'notify',
      to: { attribute_ids: [], user_ids: [], actor: false },
      message: '',
      email: false,
    });
  });

  test('another trigger kind keeps the folder and empties the rest', () => {
    const trigger = {
      kind: 'label_set' as const,
      folder_id: 'plan',
      attribute_id: 'status',
      label_id: 'done',
    };
    expect(changeTriggerKind(trigger, 'checkbox_checked')).toEqual({
      kind: 'checkbox_checked',
      folder_id: 'plan',
      attribute_id: null,
    });
  });

  test('another trigger attribute empties the label and the from/to that were about the one before', () => {
    const labelled = {
      kind: 'label_set' as const,
      folder_id: null,
      attribute_id: 'status',
      label_id: 'done',
    };
    expect(setTriggerAttribute(labelled, 'other')).toMatchObject({ attribute_id: 'other', label_id: null });
    expect(setTriggerAttribute(labelled, 'status')).toBe(labelled);
    const changed = {
      kind: 'value_changed' as const,
      folder_id: null,
      attribute_id: 'points',
      from: null,
      to: { operator: 'gt', operand: 5 },
    };
    expect(setTriggerAttribute(changed, 'completed')).toMatchObject({ attribute_id: 'completed', to: null });
  });

  test('a set-value action keeps "today" only for a date, and never a fixed value of another attribute', () => {
    const today = {
      kind: 'set_value' as const,
      attribute_id: null,
      value: { kind: 'today' as const, offset_days: 0 },
    };
    expect(setValueAttribute(today, ATTRIBUTES[1])).toMatchObject({
      attribute_id: 'completed',
      value: { kind: 'today' },
    });
    expect(setValueAttribute(today, ATTRIBUTES[2])).toMatchObject({ attribute_id: 'points', value: null });
    const fixed = {
      kind: 'set_value' as const,
      attribute_id: 'points',
      value: { kind: 'fixed' as const, data: 3 },
    };
    expect(setValueAttribute(fixed, ATTRIBUTES[2])).toMatchObject({ value: null });
    expect(valueKindsFor('number')).toEqual(['fixed', 'trigger_value', 'formula', 'clear']);
    expect(valueKindsFor('date')).toContain('today');
  });

  test('a label action pointed at another attribute loses its label', () => {
    const action = { kind: 'add_label' as const, attribute_id: 'status', label_id: 'done' };
    expect(setLabelAttribute(action, 'other')).toEqual({
      kind: 'add_label',
      attribute_id: 'other',
      label_id: null,
    });
  });

  test('attribute blanks offer only the types recipe-check accepts there', () => {
    const ids = (role: Parameters<typeof attributesFor>[1]) =>
      attributesFor(ATTRIBUTES, role).map((a) => a.id);
    expect(ids('label')).toEqual(['status']);
    expect(ids('members')).toEqual(['owner']);
    expect(ids('checkbox')).toEqual(['ok']);
    expect(ids('writable')).not.toContain('key');
    expect(ids('date')).toEqual(['completed']);
    expect(ids('button')).toEqual(['go']);
  });
});

describe('actions in order', () => {
  test('move up and down inside the list, and not past its ends', () => {
    expect(moveEntry(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveEntry(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveEntry(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('what keeps a draft from being saved or switched on', () => {
  test('a gallery recipe has every blank marked and no shape problem: it may be saved off', () => {
    const [first] = galleryRecipes(texts);
    const { shape, blanks } = checkDraft(first!.recipe, BOARD);
    expect(shape).toEqual([]);
    expect(blanks.map((problem) => problem.path)).toEqual([
      'trigger.attribute_id',
      'trigger.label_id',
      'actions.0.attribute_id',
      'actions.1.to',
    ]);
  });

  test('filled, it is complete', () => {
    const recipe: Recipe = {
      ...newRecipe('label_set'),
      trigger: { kind: 'label_set', folder_id: null, attribute_id: 'status', label_id: 'done' },
      actions: [{ kind: 'set_value', attribute_id: 'completed', value: { kind: 'today', offset_days: 0 } }],
    };
    expect(checkDraft(recipe, BOARD)).toEqual({ shape: [], blanks: [] });
  });

  test('an empty formula is refused by the schema, on or off', () => {
    const recipe = {
      ...newRecipe('comment_added'),
      actions: [
        { kind: 'set_value', attribute_id: 'points', value: { kind: 'formula', expression: '' } } as Action,
      ],
    };
    expect(checkDraft(recipe, BOARD).shape).toEqual([
      { path: 'actions.0.value.expression', code: 'INVALID' },
    ]);
  });

  test("the server's refusal is read at the recipe's paths", () => {
    expect(
      serverProblems([
        {
          path: 'recipe.trigger.attribute_id',
          message: 'REQUIRED: The automation is not complete or not valid',
        },
        { path: 'name', message: 'Too long', code: 'TOO_LONG' },
      ]),
    ).toEqual([
      { path: 'trigger.attribute_id', code: 'REQUIRED' },
      { path: 'name', code: 'TOO_LONG' },
    ]);
  });

  test('a custom schedule rule the server cannot read keeps the draft from being saved', () => {
    const withRule = (rrule: string): Recipe => ({
      ...newRecipe('schedule'),
      trigger: { kind: 'schedule', schedule: { every: 'rrule', rrule } },
      actions: [{ kind: 'create_item', folder_id: 'plan', as_subitem: false, values: [] }],
    });
    expect(checkDraft(withRule('FREQ=WEEKLY;BYDAY=MO;BYHOUR=9;BYMINUTE=0'), BOARD)).toEqual({
      shape: [],
      blanks: [],
    });
    expect(checkDraft(withRule('every monday'), BOARD).shape[0]).toEqual({
      path: 'trigger.schedule.rrule',
      code: 'RRULE',
    });
    expect(checkDraft(withRule(' '), BOARD).shape[0]).toEqual({
      path: 'trigger.schedule.rrule',
      code: 'REQUIRED',
    });
  });

  test('time, button and form triggers are offered: the server runs every one', () => {
    expect(isOfferedTrigger('schedule')).toBe(true);
    expect(isOfferedTrigger('date_arrives')).toBe(true);
    expect(isOfferedTrigger('button_clicked')).toBe(true);
    expect(isOfferedTrigger('form_submitted')).toBe(true);
    expect(newTrigger('form_submitted')).toEqual({ kind: 'form_submitted', folder_id: null, form_id: null });
    expect(newTrigger('schedule')).toEqual({ kind: 'schedule', schedule: null });
    expect(newTrigger('date_arrives')).toMatchObject({
      attribute_id: null,
      offset: { amount: 0, unit: 'days', direction: 'before' },
      at: '09:00',
    });
  });

  test('the gallery offers only triggers the server runs', () => {
    expect(galleryRecipes(texts).every(({ recipe }) => isOfferedTrigger(recipe.trigger.kind))).toBe(true);
    expect(galleryRecipes(texts).length).toBeGreaterThanOrEqual(8);
  });
});

describe('a form trigger', () => {
  const FORMS = { ...BOARD, formIds: ['intake'] };
  const withTrigger = (trigger: Recipe['trigger']): Recipe => ({
    ...newRecipe('form_submitted'),
    trigger,
    actions: [{ kind: 'move_to_folder', folder_id: 'plan' }],
  });

  test.each([
    ['any form of any folder', null, null, []],
    ['any form of one folder', 'plan', null, []],
    ['a form of the board', 'plan', 'intake', []],
    ['a form the board no longer has', 'plan', 'gone', ['trigger.form_id:INVALID']],
    ['a folder the board no longer has', 'old', null, ['trigger.folder_id:UNKNOWN_FOLDER']],
  ])('%s (folder %s, form %s): what keeps it from being switched on', (_, folderId, formId, problems) => {
    const { shape, blanks } = checkDraft(
      withTrigger({ kind: 'form_submitted', folder_id: folderId, form_id: formId }),
      FORMS,
    );
    expect(shape).toEqual([]);
    expect(blanks.map((problem) => `${problem.path}:${problem.code}`)).toEqual(problems);
  });

  const form = { kind: 'form_submitted' as const, folder_id: 'plan', form_id: 'intake' };
  test.each([
    [
      'another folder empties the form (a form is a view of one folder)',
      form,
      'archive',
      { ...form, folder_id: 'archive', form_id: null },
    ],
    ['any folder empties the form too', form, null, { ...form, folder_id: null, form_id: null }],
    ['the same folder keeps it', form, 'plan', form],
    [
      'another trigger only changes its folder',
      { kind: 'item_created' as const, folder_id: 'plan' },
      'archive',
      { kind: 'item_created', folder_id: 'archive' },
    ],
    [
      'a trigger without a folder is left as it is',
      { kind: 'button_clicked' as const, attribute_id: 'go' },
      'plan',
      { kind: 'button_clicked', attribute_id: 'go' },
    ],
  ] as const)('%s', (_, trigger, folderId, expected) => {
    expect(setTriggerFolder(trigger, folderId)).toEqual(expected);
  });

  test('another trigger kind becomes a form trigger with its folder kept and any form', () => {
    expect(changeTriggerKind({ kind: 'item_created', folder_id: 'plan' }, 'form_submitted')).toEqual({
      kind: 'form_submitted',
      folder_id: 'plan',
      form_id: null,
    });
  });
});

describe('a call-webhook action', () => {
  const HOOKS = { ...BOARD, hookIds: ['crm', 'chat'] };
  const withHook = (hookId: string | null): Recipe => ({
    ...newRecipe('item_created'),
    actions: [{ kind: 'call_webhook', hook_id: hookId }],
  });

  test('is offered last, and starts without a webhook', () => {
    expect(ACTION_KINDS.at(-1)).toBe('call_webhook');
    expect(newAction('call_webhook')).toEqual({ kind: 'call_webhook', hook_id: null });
  });

  test.each([
    ['a webhook of the board', HOOKS, 'crm', []],
    ['another webhook of the board', HOOKS, 'chat', []],
    ['no webhook chosen yet', HOOKS, null, ['actions.0.hook_id:REQUIRED']],
    ['a webhook the board no longer has', HOOKS, 'gone', ['actions.0.hook_id:INVALID']],
    ['a board without webhooks', BOARD, 'crm', ['actions.0.hook_id:INVALID']],
  ])('%s: what keeps it from being switched on', (_, board, hookId, problems) => {
    const { shape, blanks } = checkDraft(withHook(hookId), board);
    expect(shape).toEqual([]);
    expect(blanks.map((problem) => `${problem.path}:${problem.code}`)).toEqual(problems);
  });
});
