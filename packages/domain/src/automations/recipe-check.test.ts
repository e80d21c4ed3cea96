import { describe, expect, it } from 'vitest';
import { BOARD, LABEL } from './automations.fixtures';
import { type RecipeInput, recipeSchema } from './recipe';
import { recipeProblems } from './recipe-check';

const setDone = { kind: 'set_value', attribute_id: 'due', value: { kind: 'today' } } as const;
const recipe = (input: Partial<RecipeInput>): RecipeInput => ({
  trigger: { kind: 'item_created' },
  actions: [setDone],
  ...input,
});
const problems = (input: RecipeInput) =>
  recipeProblems(recipeSchema.parse(input), BOARD).map((problem) => `${problem.path}:${problem.code}`);

describe('recipeProblems', () => {
  it.each<[string, RecipeInput, string[]]>([
    ['a complete recipe', recipe({}), []],
    ['no action', recipe({ actions: [] }), ['actions:REQUIRED']],
    [
      'a trigger folder not on the board',
      recipe({ trigger: { kind: 'item_created', folder_id: 'x' } }),
      ['trigger.folder_id:UNKNOWN_FOLDER'],
    ],
    ['any folder', recipe({ trigger: { kind: 'item_moved', folder_id: null } }), []],
    [
      'value change without its attribute',
      recipe({ trigger: { kind: 'value_changed' } }),
      ['trigger.attribute_id:REQUIRED'],
    ],
    [
      'value change of an unknown attribute',
      recipe({ trigger: { kind: 'value_changed', attribute_id: 'nope' } }),
      ['trigger.attribute_id:UNKNOWN_ATTRIBUTE'],
    ],
    [
      'value change of a computed attribute',
      recipe({ trigger: { kind: 'value_changed', attribute_id: 'created' } }),
      ['trigger.attribute_id:WRONG_TYPE'],
    ],
    [
      'value change to a label',
      recipe({
        trigger: {
          kind: 'value_changed',
          attribute_id: 'status',
          to: { operator: 'is_any_of', operand: [LABEL.done] },
        },
      }),
      [],
    ],
    [
      'value change with an operator the type lacks',
      recipe({
        trigger: { kind: 'value_changed', attribute_id: 'status', to: { operator: 'gt', operand: 3 } },
      }),
      ['trigger.to:INVALID'],
    ],
    [
      'label set without a label',
      recipe({ trigger: { kind: 'label_set', attribute_id: 'status' } }),
      ['trigger.label_id:REQUIRED'],
    ],
    [
      'label set to an unknown label',
      recipe({ trigger: { kind: 'label_set', attribute_id: 'status', label_id: 'zz' } }),
      ['trigger.label_id:UNKNOWN_LABEL'],
    ],
    [
      'label set on a number',
      recipe({ trigger: { kind: 'label_set', attribute_id: 'estimate', label_id: 'done' } }),
      ['trigger.attribute_id:WRONG_TYPE'],
    ],
    ['checkbox checked', recipe({ trigger: { kind: 'checkbox_checked', attribute_id: 'ok' } }), []],
    [
      'checkbox checked on a label',
      recipe({ trigger: { kind: 'checkbox_checked', attribute_id: 'status' } }),
      ['trigger.attribute_id:WRONG_TYPE'],
    ],
    ['checklist completed', recipe({ trigger: { kind: 'checklist_completed', attribute_id: 'steps' } }), []],
    ['a date arrives', recipe({ trigger: { kind: 'date_arrives', attribute_id: 'due' } }), []],
    [
      'a date arrives on text',
      recipe({ trigger: { kind: 'date_arrives', attribute_id: 'title' } }),
      ['trigger.attribute_id:WRONG_TYPE'],
    ],
    [
      'a schedule without its times',
      recipe({ trigger: { kind: 'schedule' }, actions: [{ kind: 'create_item', folder_id: 'f1' }] }),
      ['trigger.schedule:REQUIRED'],
    ],
    [
      'a schedule that creates an item',
      recipe({
        trigger: { kind: 'schedule', schedule: { every: 'day', at: '09:00' } },
        actions: [{ kind: 'create_item', folder_id: 'f1' }],
      }),
      [],
    ],
    [
      'a schedule that sets a value of no item',
      recipe({ trigger: { kind: 'schedule', schedule: { every: 'day', at: '09:00' } } }),
      ['actions:INVALID'],
    ],
    [
      'a form of another board',
      recipe({ trigger: { kind: 'form_submitted', form_id: 'other' } }),
      ['trigger.form_id:INVALID'],
    ],
    ['a button', recipe({ trigger: { kind: 'button_clicked', attribute_id: 'button' } }), []],
    [
      'a button trigger on a checkbox',
      recipe({ trigger: { kind: 'button_clicked', attribute_id: 'ok' } }),
      ['trigger.attribute_id:WRONG_TYPE'],
    ],
    [
      'a condition on an unknown attribute',
      recipe({ conditions: [{ attribute_id: 'zz', operator: 'is_empty' }] }),
      ['conditions.0.attribute_id:UNKNOWN_ATTRIBUTE'],
    ],
    [
      'a condition with a bad operand',
      recipe({ conditions: [{ attribute_id: 'estimate', operator: 'gt', operand: 'x' }] }),
      ['conditions.0:INVALID'],
    ],
    ['a condition', recipe({ conditions: [{ attribute_id: 'estimate', operator: 'gt', operand: 3 }] }), []],
    [
      'set value without a value',
      recipe({ actions: [{ kind: 'set_value', attribute_id: 'due' }] }),
      ['actions.0.value:REQUIRED'],
    ],
    [
      'set value without an attribute',
      recipe({ actions: [{ kind: 'set_value', value: { kind: 'clear' } }] }),
      ['actions.0.attribute_id:REQUIRED'],
    ],
    [
      'add member without anyone',
      recipe({ actions: [{ kind: 'add_member', attribute_id: 'owner' }] }),
      ['actions.0.user_ids:REQUIRED'],
    ],
    ['add the actor', recipe({ actions: [{ kind: 'add_member', attribute_id: 'owner', actor: true }] }), []],
    [
      'add member to a label',
      recipe({ actions: [{ kind: 'add_member', attribute_id: 'status', user_ids: [1] }] }),
      ['actions.0.attribute_id:WRONG_TYPE'],
    ],
    [
      'add label',
      recipe({ actions: [{ kind: 'add_label', attribute_id: 'tags', label_id: LABEL.red }] }),
      [],
    ],
    [
      'remove an unknown label',
      recipe({ actions: [{ kind: 'remove_label', attribute_id: 'tags', label_id: 'green' }] }),
      ['actions.0.label_id:UNKNOWN_LABEL'],
    ],
    [
      'move without a folder',
      recipe({ actions: [{ kind: 'move_to_folder' }] }),
      ['actions.0.folder_id:REQUIRED'],
    ],
    [
      'move to another board',
      recipe({ actions: [{ kind: 'move_to_folder', folder_id: 'elsewhere' }] }),
      ['actions.0.folder_id:UNKNOWN_FOLDER'],
    ],
    ['a subitem needs no folder', recipe({ actions: [{ kind: 'create_item', as_subitem: true }] }), []],
    ['duplicate into its own folder', recipe({ actions: [{ kind: 'duplicate_item' }] }), []],
    [
      'an empty comment',
      recipe({ actions: [{ kind: 'add_comment', text: '  ' }] }),
      ['actions.0.text:REQUIRED'],
    ],
    ['notify nobody', recipe({ actions: [{ kind: 'notify', message: 'Hi' }] }), ['actions.0.to:REQUIRED']],
    [
      'notify without a message',
      recipe({ actions: [{ kind: 'notify', to: { actor: true } }] }),
      ['actions.0.message:REQUIRED'],
    ],
    [
      'notify the owner',
      recipe({ actions: [{ kind: 'notify', to: { attribute_ids: ['owner'] }, message: 'Done' }] }),
      [],
    ],
    [
      'email to no address',
      recipe({ actions: [{ kind: 'send_email', subject: 'S' }] }),
      ['actions.0.to:REQUIRED'],
    ],
    [
      'email to a bad address',
      recipe({ actions: [{ kind: 'send_email', to: 'nobody', subject: 'S' }] }),
      ['actions.0.to:INVALID'],
    ],
    [
      'email without a subject',
      recipe({ actions: [{ kind: 'send_email', to: 'a@example.com' }] }),
      ['actions.0.subject:REQUIRED'],
    ],
    ['send to a webhook of the board', recipe({ actions: [{ kind: 'call_webhook', hook_id: 'hook1' }] }), []],
    [
      'send to no webhook',
      recipe({ actions: [{ kind: 'call_webhook' } as never] }),
      ['actions.0.hook_id:REQUIRED'],
    ],
    [
      'send to a webhook of another board',
      recipe({ actions: [{ kind: 'call_webhook', hook_id: 'elsewhere' }] }),
      ['actions.0.hook_id:INVALID'],
    ],
  ])('%s', (_name, input, expected) => {
    expect(problems(input)).toEqual(expected);
  });

  it('refuses shapes it does not know', () => {
    expect(recipeSchema.safeParse({ trigger: { kind: 'item_exploded' }, actions: [] }).success).toBe(false);
    expect(recipeSchema.safeParse({ version: 2, trigger: { kind: 'item_created' } }).success).toBe(false);
    expect(
      recipeSchema.safeParse({ trigger: { kind: 'schedule', schedule: { every: 'day', at: '25:00' } } })
        .success,
    ).toBe(false);
  });
});
