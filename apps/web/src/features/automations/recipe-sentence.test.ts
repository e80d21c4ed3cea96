import type { AttributeDefinition } from '@strata/domain/attributes/type-registry';
import type { Recipe } from '@strata/domain/automations/recipe';
import i18next, { type TFunction } from 'i18next';
import { beforeAll, describe, expect, test } from 'vitest';
import deCatalogue from '../../i18n/locales/de.json';
import enUS from '../../i18n/locales/en-US.json';
import { newAction, newRecipe } from './recipe-draft';
import { galleryRecipes, PLACEHOLDERS } from './recipe-gallery';
import { type RecipeNames, recipeSentence, sentenceText } from './recipe-sentence';

let t: TFunction;
beforeAll(async () => {
  const i18n = i18next.createInstance();
  await i18n.init({
    lng: 'en-US',
    resources: { 'en-US': { translation: enUS } },
    interpolation: { escapeValue: false },
  });
  t = i18n.t;
});

const DONE = '0b6f5d2e-8a41-4c0e-9f5e-2d1f7f9a0002';
const ATTRIBUTES: AttributeDefinition[] = [
  {
    id: 'status',
    name: 'Status',
    type: 'label',
    settings: { labels: [{ id: DONE, name: 'Done', color: '#16a34a' }] },
  },
  { id: 'completed', name: 'Completed', type: 'date', settings: {} },
  { id: 'owner', name: 'Owner', type: 'members', settings: {} },
  { id: 'points', name: 'Points', type: 'number', settings: {} },
  { id: 'due', name: 'Due', type: 'date', settings: { includeTime: true } },
  { id: 'go', name: 'Go', type: 'button', settings: { label: 'Go', action: null } },
];
const names: RecipeNames = {
  attribute: (id) => ATTRIBUTES.find((attribute) => attribute.id === id),
  folder: (id) => ({ archive: 'Archive' })[id],
  form: (id) => ({ intake: 'Bug report' })[id],
  hook: (id) => ({ crm: 'https://crm.example.com/in' })[id],
  member: (id) => ({ 12: 'Ada' })[id],
  context: { locale: 'en-US' },
};
const sentence = (recipe: Recipe) => sentenceText(recipeSentence(recipe, names, t));

const closeDone: Recipe = {
  ...newRecipe('label_set'),
  trigger: { kind: 'label_set', folder_id: null, attribute_id: 'status', label_id: DONE },
  actions: [
    { kind: 'set_value', attribute_id: 'completed', value: { kind: 'today', offset_days: 0 } },
    {
      kind: 'notify',
      to: { attribute_ids: ['owner'], user_ids: [], actor: false },
      message: 'Done',
      email: false,
    },
  ],
};

describe('the sentence of a recipe', () => {
  test('names the filled blanks and joins the actions as a list', () => {
    expect(sentence(closeDone)).toBe('When Status changes to Done, set Completed to today and notify Owner');
  });

  test('shows an empty blank by its placeholder, marked as not filled', () => {
    const parts = recipeSentence(
      {
        ...closeDone,
        trigger: { kind: 'label_set', folder_id: null, attribute_id: 'status', label_id: null },
      },
      names,
      t,
    );
    expect(parts.find((part) => part.kind === 'blank' && part.path === 'trigger.label_id')).toEqual({
      kind: 'blank',
      text: 'label',
      path: 'trigger.label_id',
      isFilled: false,
    });
    expect(sentenceText(parts)).toBe(
      'When Status changes to [label], set Completed to today and notify Owner',
    );
  });

  test('a recipe without actions still reads, with the action as a blank', () => {
    expect(sentence(newRecipe('comment_added'))).toBe('When a comment is added, [do something]');
  });

  test('tells a folder, a value condition, days from today, people and the one who acted', () => {
    expect(
      sentence({
        ...newRecipe('value_changed'),
        trigger: {
          kind: 'value_changed',
          folder_id: 'archive',
          attribute_id: 'points',
          from: null,
          to: { operator: 'gt', operand: 5 },
        },
        actions: [
          { kind: 'set_value', attribute_id: 'completed', value: { kind: 'today', offset_days: 2 } },
          { kind: 'add_member', attribute_id: 'owner', user_ids: [12], actor: true },
          { kind: 'move_to_folder', folder_id: 'archive' },
        ],
      }),
    ).toBe(
      'When Points changes to match “> 5” in Archive, set Completed to in 2 days, add Ada and the one who acted to Owner, and move the item to Archive',
    );
  });

  test('an attribute deleted since is named as deleted, not by its id', () => {
    expect(
      sentence({ ...closeDone, actions: [{ ...newAction('set_value'), attribute_id: 'gone' } as never] }),
    ).toBe('When Status changes to Done, set (deleted) to [value]');
  });

  test('every gallery recipe reads with its blanks empty', () => {
    const texts = galleryRecipes({
      doneMessage: t('views.automations.texts.done', PLACEHOLDERS),
      movedMessage: 'moved',
      commentMessage: 'comment',
      changedComment: 'changed',
      checkedSubject: 'checked',
      dueMessage: 'due',
    }).map(({ recipe }) => sentence(recipe));
    expect(texts).toContain('When [status] changes to [label], set [column] to today and notify [people]');
    expect(texts).toContain('When an item is created, set [column] to today');
    expect(texts).toContain('When [checkbox] is checked, move the item to [folder]');
    expect(texts).toContain('When a comment is added, notify [people]');
    expect(texts).toContain('Every Monday at 9:00 AM, create an item in [folder]');
    expect(texts).toContain('1 day before [date], at 9:00 AM, notify [people]');
    expect(texts).toContain('When [button] is clicked, set [status] to [label]');
    expect(texts.length).toBeGreaterThanOrEqual(8);
  });
});

describe('the sentence of a time or button trigger', () => {
  const act: Recipe['actions'] = [{ kind: 'move_to_folder', folder_id: 'archive' }];
  const on = (trigger: Recipe['trigger']) => sentence({ ...newRecipe('schedule'), trigger, actions: act });

  test('a schedule names its days from the first day of the week, and its time in the locale', () => {
    expect(on({ kind: 'schedule', schedule: { every: 'week', weekdays: [1], at: '08:30' } })).toBe(
      'Every Monday at 8:30 AM, move the item to Archive',
    );
    expect(on({ kind: 'schedule', schedule: { every: 'week', weekdays: [5, 1], at: '17:00' } })).toBe(
      'Every Monday and Friday at 5:00 PM, move the item to Archive',
    );
    expect(on({ kind: 'schedule', schedule: { every: 'day', at: '09:00' } })).toBe(
      'Every day at 9:00 AM, move the item to Archive',
    );
    expect(
      on({ kind: 'schedule', schedule: { every: 'week', weekdays: [0, 1, 2, 3, 4, 5, 6], at: '09:00' } }),
    ).toBe('Every day at 9:00 AM, move the item to Archive');
    expect(on({ kind: 'schedule', schedule: { every: 'month', day: 15, at: '12:00' } })).toBe(
      'Every month on day 15 at 12:00 PM, move the item to Archive',
    );
    expect(on({ kind: 'schedule', schedule: { every: 'rrule', rrule: 'FREQ=DAILY;BYHOUR=6' } })).toBe(
      'On the schedule FREQ=DAILY;BYHOUR=6, move the item to Archive',
    );
    expect(on({ kind: 'schedule', schedule: null })).toBe('On [schedule], move the item to Archive');
  });

  test('a date trigger says the day or the offset before or after it, and the time for a date without one', () => {
    const date = (offset: {
      amount: number;
      unit: 'minutes' | 'hours' | 'days';
      direction: 'before' | 'after';
    }) => on({ kind: 'date_arrives', folder_id: null, attribute_id: 'completed', offset, at: '09:00' });
    expect(date({ amount: 1, unit: 'days', direction: 'before' })).toBe(
      '1 day before Completed, at 9:00 AM, move the item to Archive',
    );
    expect(date({ amount: 2, unit: 'hours', direction: 'after' })).toBe(
      '2 hours after Completed, at 9:00 AM, move the item to Archive',
    );
    expect(date({ amount: 0, unit: 'days', direction: 'before' })).toBe(
      'On the day of Completed, at 9:00 AM, move the item to Archive',
    );
    expect(
      on({
        kind: 'date_arrives',
        folder_id: null,
        attribute_id: 'due',
        offset: { amount: 30, unit: 'minutes', direction: 'before' },
        at: '09:00',
      }),
    ).toBe('30 minutes before Due, move the item to Archive');
    expect(
      on({
        kind: 'date_arrives',
        folder_id: null,
        attribute_id: 'due',
        offset: { amount: 0, unit: 'days', direction: 'after' },
        at: '09:00',
      }),
    ).toBe('When Due arrives, move the item to Archive');
  });

  test('a button trigger names the button', () => {
    expect(on({ kind: 'button_clicked', attribute_id: 'go' })).toBe(
      'When Go is clicked, move the item to Archive',
    );
    expect(on({ kind: 'button_clicked', attribute_id: null })).toBe(
      'When [button] is clicked, move the item to Archive',
    );
  });

  test.each([
    ['any form of the board', null, null, 'When a form is submitted, move the item to Archive'],
    [
      'any form of a folder',
      'archive',
      null,
      'When a form is submitted in Archive, move the item to Archive',
    ],
    [
      'a form of a folder',
      'archive',
      'intake',
      'When the form Bug report is submitted in Archive, move the item to Archive',
    ],
    [
      'a form without a folder',
      null,
      'intake',
      'When the form Bug report is submitted, move the item to Archive',
    ],
    [
      'a form deleted since',
      'archive',
      'gone',
      'When the form (deleted) is submitted in Archive, move the item to Archive',
    ],
  ])('a form trigger names %s', (_, folderId, formId, expected) => {
    expect(on({ kind: 'form_submitted', folder_id: folderId, form_id: formId })).toBe(expected);
  });

  test("a form trigger's form and folder are filled blanks at their paths", () => {
    const parts = recipeSentence(
      {
        ...newRecipe('form_submitted'),
        trigger: { kind: 'form_submitted', folder_id: 'archive', form_id: 'intake' },
        actions: act,
      },
      names,
      t,
    );
    expect(parts.filter((part) => part.kind === 'blank' && part.path.startsWith('trigger'))).toEqual([
      { kind: 'blank', text: 'Bug report', path: 'trigger.form_id', isFilled: true },
      { kind: 'blank', text: 'Archive', path: 'trigger.folder_id', isFilled: true },
    ]);
  });

  test('in German, weekdays and times are written the German way', async () => {
    const de = i18next.createInstance();
    await de.init({
      lng: 'de',
      resources: { de: { translation: deCatalogue } },
      interpolation: { escapeValue: false },
    });
    const text = sentenceText(
      recipeSentence(
        {
          ...newRecipe('schedule'),
          trigger: { kind: 'schedule', schedule: { every: 'week', weekdays: [1], at: '08:30' } },
          actions: act,
        },
        { ...names, context: { locale: 'de' } },
        de.t,
      ),
    );
    expect(text).toBe('Jeden Montag um 08:30, verschiebe das Element nach Archive');
  });
});

describe('the sentence of a call-webhook action', () => {
  const withHook = (hookId: string | null): Recipe => ({
    ...newRecipe('item_created'),
    actions: [{ kind: 'call_webhook', hook_id: hookId }],
  });

  test.each([
    [
      'names the webhook by its address',
      'crm',
      'When an item is created, send the item to the webhook https://crm.example.com/in',
    ],
    [
      'shows a blank while none is chosen',
      null,
      'When an item is created, send the item to the webhook [webhook]',
    ],
    [
      'names a webhook deleted since as deleted',
      'gone',
      'When an item is created, send the item to the webhook (deleted)',
    ],
  ])('%s', (_, hookId, expected) => {
    expect(sentence(withHook(hookId))).toBe(expected);
  });

  test.each([
    ['chosen', 'crm', { text: 'https://crm.example.com/in', isFilled: true }],
    ['not chosen yet', null, { text: 'webhook', isFilled: false }],
  ])('its webhook is a blank at the action’s hook_id, %s', (_, hookId, blank) => {
    const parts = recipeSentence(withHook(hookId), names, t);
    expect(parts.find((part) => part.kind === 'blank' && part.path.startsWith('actions'))).toEqual({
      kind: 'blank',
      path: 'actions.0.hook_id',
      ...blank,
    });
  });

  test('joins the other actions as a list', () => {
    expect(
      sentence({
        ...withHook('crm'),
        actions: [
          { kind: 'move_to_folder', folder_id: 'archive' },
          { kind: 'call_webhook', hook_id: 'crm' },
        ],
      }),
    ).toBe(
      'When an item is created, move the item to Archive and send the item to the webhook https://crm.example.com/in',
    );
  });
});
