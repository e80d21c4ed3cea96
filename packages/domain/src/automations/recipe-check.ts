import { ATTRIBUTE_TYPE_TRAITS, type AttributeType } from '../attributes/attribute-types';
import type { FilterCondition } from '../attributes/filter-operators';
import { type AttributeDefinition, validateFilter } from '../attributes/type-registry';
import { isValidEmail } from '../emails';
import type { Action, Recipe, Trigger, ValueCondition } from './recipe';

/** Text of the refusal to switch on a recipe with a blank or a broken reference (spec section 8). */
export const INCOMPLETE_AUTOMATION_MESSAGE = 'The automation is not complete or not valid';

/** The board a recipe is checked against. */
export interface RecipeBoard {
  attributes: readonly AttributeDefinition[];
  folderIds: readonly string[];
  /** The board's form views (form_submitted). */
  formIds?: readonly string[];
  /** The board's webhooks (call_webhook). */
  hookIds?: readonly string[];
}

/** One thing that keeps a recipe from being switched on, at its path (`trigger.attribute_id`). */
export interface RecipeProblem {
  path: string;
  code: 'REQUIRED' | 'UNKNOWN_ATTRIBUTE' | 'WRONG_TYPE' | 'UNKNOWN_FOLDER' | 'UNKNOWN_LABEL' | 'INVALID';
}

const DATE_TYPES: readonly AttributeType[] = ['date', 'date_range'];
const MEMBER_TYPES: readonly AttributeType[] = ['members'];

/** The types whose values a user writes: what value triggers and set-value actions may name. */
export const isWritableType = (type: AttributeType) => ATTRIBUTE_TYPE_TRAITS[type].source === 'value';

/**
 * What keeps a recipe from being switched on: every blank filled, every attribute, folder, label
 * and form it names present on the board and of a fitting type, at least one action. Empty: complete.
 */
export function recipeProblems(recipe: Recipe, board: RecipeBoard): RecipeProblem[] {
  const problems: RecipeProblem[] = [];
  const attributes = new Map(board.attributes.map((attribute) => [attribute.id, attribute]));
  const folders = new Set(board.folderIds);
  const add = (path: string, code: RecipeProblem['code']) => {
    problems.push({ path, code });
  };

  const needFolder = (path: string, folderId: string | null, required: boolean) => {
    if (folderId === null) {
      if (required) add(path, 'REQUIRED');
    } else if (!folders.has(folderId)) add(path, 'UNKNOWN_FOLDER');
  };
  const needAttribute = (
    path: string,
    attributeId: string | null,
    fits: (type: AttributeType) => boolean,
  ): AttributeDefinition | undefined => {
    const attribute = attributeId === null ? undefined : attributes.get(attributeId);
    if (attributeId === null) add(path, 'REQUIRED');
    else if (!attribute) add(path, 'UNKNOWN_ATTRIBUTE');
    else if (!fits(attribute.type)) add(path, 'WRONG_TYPE');
    return attribute;
  };
  const needLabel = (path: string, attributeId: string | null, labelId: string | null) => {
    if (labelId === null) return add(path, 'REQUIRED');
    const settings = attributes.get(attributeId ?? '')?.settings as { labels?: { id: string }[] } | undefined;
    if (settings && !(settings.labels ?? []).some((label) => label.id === labelId))
      add(path, 'UNKNOWN_LABEL');
  };

  checkTrigger(recipe.trigger, { add, needFolder, needAttribute, needLabel, formIds: board.formIds ?? [] });
  recipe.conditions.forEach((condition, index) => {
    const attribute = needAttribute(`conditions.${index}.attribute_id`, condition.attribute_id, () => true);
    if (attribute && validateFilter(attribute, condition).length > 0) add(`conditions.${index}`, 'INVALID');
  });
  if (recipe.actions.length === 0) add('actions', 'REQUIRED');
  recipe.actions.forEach((action, index) => {
    checkAction(action, `actions.${index}`, {
      add,
      needFolder,
      needAttribute,
      needLabel,
      hookIds: board.hookIds ?? [],
    });
  });
  if (recipe.trigger.kind === 'schedule' && recipe.actions.some(needsItem)) add('actions', 'INVALID');
  return problems;
}

interface Checks {
  add(path: string, code: RecipeProblem['code']): void;
  needFolder(path: string, folderId: string | null, required: boolean): void;
  needAttribute(
    path: string,
    attributeId: string | null,
    fits: (type: AttributeType) => boolean,
  ): AttributeDefinition | undefined;
  needLabel(path: string, attributeId: string | null, labelId: string | null): void;
}

function checkCondition(
  checks: Checks,
  path: string,
  attribute: AttributeDefinition | undefined,
  condition: ValueCondition | null,
) {
  if (condition === null || attribute === undefined) return;
  if (validateFilter(attribute, condition as FilterCondition).length > 0) checks.add(path, 'INVALID');
}

function checkTrigger(trigger: Trigger, checks: Checks & { formIds: readonly string[] }) {
  const { add, needFolder, needAttribute, needLabel } = checks;
  if ('folder_id' in trigger) needFolder('trigger.folder_id', trigger.folder_id, false);
  switch (trigger.kind) {
    case 'value_changed': {
      const attribute = needAttribute('trigger.attribute_id', trigger.attribute_id, isWritableType);
      checkCondition(checks, 'trigger.from', attribute, trigger.from);
      checkCondition(checks, 'trigger.to', attribute, trigger.to);
      return;
    }
    case 'label_set':
      needAttribute('trigger.attribute_id', trigger.attribute_id, (type) => type === 'label');
      return needLabel('trigger.label_id', trigger.attribute_id, trigger.label_id);
    case 'checkbox_checked':
      needAttribute('trigger.attribute_id', trigger.attribute_id, (type) => type === 'checkbox');
      return;
    case 'checklist_completed':
      needAttribute('trigger.attribute_id', trigger.attribute_id, (type) => type === 'checklist');
      return;
    case 'date_arrives':
      needAttribute('trigger.attribute_id', trigger.attribute_id, (type) => DATE_TYPES.includes(type));
      return;
    case 'schedule':
      if (trigger.schedule === null) add('trigger.schedule', 'REQUIRED');
      return;
    case 'form_submitted':
      if (trigger.form_id !== null && !checks.formIds.includes(trigger.form_id))
        add('trigger.form_id', 'INVALID');
      return;
    case 'button_clicked':
      needAttribute('trigger.attribute_id', trigger.attribute_id, (type) => type === 'button');
      return;
    default:
      return;
  }
}

function checkAction(action: Action, path: string, checks: Checks & { hookIds: readonly string[] }) {
  const { add, needFolder, needAttribute, needLabel } = checks;
  switch (action.kind) {
    case 'set_value':
      needAttribute(`${path}.attribute_id`, action.attribute_id, isWritableType);
      if (action.value === null) add(`${path}.value`, 'REQUIRED');
      return;
    case 'add_member':
    case 'remove_member':
      needAttribute(`${path}.attribute_id`, action.attribute_id, (type) => MEMBER_TYPES.includes(type));
      if (action.user_ids.length === 0 && !action.actor) add(`${path}.user_ids`, 'REQUIRED');
      return;
    case 'add_label':
    case 'remove_label':
      needAttribute(`${path}.attribute_id`, action.attribute_id, (type) => type === 'label');
      return needLabel(`${path}.label_id`, action.attribute_id, action.label_id);
    case 'move_to_folder':
      return needFolder(`${path}.folder_id`, action.folder_id, true);
    case 'create_item':
      if (!action.as_subitem) needFolder(`${path}.folder_id`, action.folder_id, true);
      for (const [index, value] of action.values.entries())
        needAttribute(`${path}.values.${index}.attribute_id`, value.attribute_id, isWritableType);
      return;
    case 'duplicate_item':
      return needFolder(`${path}.folder_id`, action.folder_id, false);
    case 'add_comment':
      if (action.text.trim() === '') add(`${path}.text`, 'REQUIRED');
      return;
    case 'notify': {
      const { to } = action;
      if (to.attribute_ids.length + to.user_ids.length === 0 && !to.actor) add(`${path}.to`, 'REQUIRED');
      for (const [index, attributeId] of to.attribute_ids.entries())
        needAttribute(`${path}.to.attribute_ids.${index}`, attributeId, (type) =>
          MEMBER_TYPES.includes(type),
        );
      if (action.message.trim() === '') add(`${path}.message`, 'REQUIRED');
      return;
    }
    case 'send_email':
      // The address the run's mail goes to: the same check as every address in the product.
      if (!isValidEmail(action.to.trim()))
        add(`${path}.to`, action.to.trim() === '' ? 'REQUIRED' : 'INVALID');
      if (action.subject.trim() === '') add(`${path}.subject`, 'REQUIRED');
      return;
    case 'call_webhook':
      if (action.hook_id === null) add(`${path}.hook_id`, 'REQUIRED');
      else if (!checks.hookIds.includes(action.hook_id)) add(`${path}.hook_id`, 'INVALID');
      return;
    case 'delete_item':
      return;
  }
}

/** Actions that act on the triggering item: a schedule has none to give them. */
export function needsItem(action: Action): boolean {
  switch (action.kind) {
    case 'create_item':
      return action.as_subitem;
    case 'notify':
      return action.to.attribute_ids.length > 0 || action.to.actor;
    case 'send_email':
      return false;
    default:
      return true;
  }
}
