import type { Action, Recipe, Trigger } from '@strata/domain/automations/recipe';
import { newAction, newTrigger, type OfferedTrigger } from './recipe-draft';

/**
 * The ready recipes of the Browse tab: a trigger and actions whose kinds are chosen and whose
 * blanks (attributes, labels, folders, people) are empty, for the builder to fill on the board.
 * Only triggers the server runs today (OFFERED_TRIGGERS) are here.
 */
export interface GalleryRecipe {
  id: string;
  recipe: Recipe;
}

/** Texts placed in a recipe take {item}: passed in, so catalogues never hold the server's braces. */
export const PLACEHOLDERS = { item: '{item}', automation: '{automation}' };

const recipe = (trigger: Trigger, actions: Action[]): Recipe => ({
  version: 1,
  trigger,
  conditions: [],
  condition_match: 'all',
  actions,
});

const on = (kind: OfferedTrigger) => newTrigger(kind);

/**
 * Texts a recipe starts with (a notification's message, a comment): in the reader's language,
 * with the server's {item} placeholder.
 */
export interface GalleryTexts {
  doneMessage: string;
  movedMessage: string;
  commentMessage: string;
  changedComment: string;
  checkedSubject: string;
  /** A due-date reminder's message. */
  dueMessage: string;
}

export function galleryRecipes(texts: GalleryTexts): GalleryRecipe[] {
  return [
    {
      id: 'statusDone',
      recipe: recipe(on('label_set'), [
        { ...newAction('set_value'), value: { kind: 'today', offset_days: 0 } } as Action,
        { ...newAction('notify'), message: texts.doneMessage } as Action,
      ]),
    },
    {
      id: 'createdDate',
      recipe: recipe(on('item_created'), [
        { ...newAction('set_value'), value: { kind: 'today', offset_days: 0 } } as Action,
      ]),
    },
    { id: 'checkedMove', recipe: recipe(on('checkbox_checked'), [newAction('move_to_folder')]) },
    {
      id: 'movedNotify',
      recipe: recipe(on('item_moved'), [{ ...newAction('notify'), message: texts.movedMessage } as Action]),
    },
    { id: 'checklistLabel', recipe: recipe(on('checklist_completed'), [newAction('add_label')]) },
    {
      id: 'commentNotify',
      recipe: recipe(on('comment_added'), [
        { ...newAction('notify'), message: texts.commentMessage } as Action,
      ]),
    },
    {
      id: 'changedComment',
      recipe: recipe(on('value_changed'), [
        { ...newAction('add_comment'), text: texts.changedComment } as Action,
      ]),
    },
    { id: 'labelAssign', recipe: recipe(on('label_set'), [newAction('add_member')]) },
    {
      id: 'createdAssignActor',
      recipe: recipe(on('item_created'), [{ ...newAction('add_member'), actor: true } as Action]),
    },
    { id: 'labelMove', recipe: recipe(on('label_set'), [newAction('move_to_folder')]) },
    {
      id: 'checkedEmail',
      recipe: recipe(on('checkbox_checked'), [
        { ...newAction('send_email'), subject: texts.checkedSubject } as Action,
      ]),
    },
    {
      // A recurring item: the schedule is filled (Monday, 09:00), the folder and name are not.
      id: 'weeklyItem',
      recipe: recipe({ kind: 'schedule', schedule: { every: 'week', weekdays: [1], at: '09:00' } }, [
        newAction('create_item'),
      ]),
    },
    {
      id: 'dueReminder',
      recipe: recipe(
        { ...on('date_arrives'), offset: { amount: 1, unit: 'days', direction: 'before' } } as Trigger,
        [{ ...newAction('notify'), message: texts.dueMessage } as Action],
      ),
    },
    { id: 'buttonLabel', recipe: recipe(on('button_clicked'), [newAction('add_label')]) },
  ];
}
