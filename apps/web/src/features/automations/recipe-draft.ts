import { type AttributeType, isAttributeType } from '@strata/domain/attributes/attribute-types';
import { filterOperatorsFor } from '@strata/domain/attributes/type-registry';
import {
  type Action,
  type ActionKind,
  actionSchema,
  MAX_ACTIONS,
  type Recipe,
  recipeSchema,
  type Trigger,
  type TriggerKind,
  triggerSchema,
  type ValueSource,
} from '@strata/domain/automations/recipe';
import {
  isWritableType,
  type RecipeBoard,
  type RecipeProblem,
  recipeProblems,
} from '@strata/domain/automations/recipe-check';
import { scheduleProblems } from './schedule-draft';

/**
 * The builder's blank handling, as plain functions over the domain's recipe: a new trigger or
 * action starts with its blanks empty (the schema's defaults), choosing an attribute empties the
 * blanks that depended on the one before, and actions are added, removed and reordered.
 */

/** Triggers the server runs today, in the order the trigger choice lists them. */
export const OFFERED_TRIGGERS = [
  'label_set',
  'value_changed',
  'checkbox_checked',
  'checklist_completed',
  'item_created',
  'item_moved',
  'comment_added',
  'form_submitted',
  'schedule',
  'date_arrives',
  'button_clicked',
] as const satisfies readonly TriggerKind[];
export type OfferedTrigger = (typeof OFFERED_TRIGGERS)[number];

export const isOfferedTrigger = (kind: TriggerKind): kind is OfferedTrigger =>
  (OFFERED_TRIGGERS as readonly TriggerKind[]).includes(kind);

export const ACTION_KINDS = [
  'set_value',
  'add_member',
  'remove_member',
  'add_label',
  'remove_label',
  'move_to_folder',
  'create_item',
  'duplicate_item',
  'delete_item',
  'add_comment',
  'notify',
  'send_email',
  'call_webhook',
] as const satisfies readonly ActionKind[];

/** A trigger of this kind with every blank empty. */
export function newTrigger(kind: TriggerKind): Trigger {
  return triggerSchema.parse({ kind });
}

/** An action of this kind with every blank empty (a webhook's `hook_id` null until one is chosen). */
export function newAction(kind: ActionKind): Action {
  return actionSchema.parse({ kind });
}

/** A recipe with an empty trigger of this kind and no action yet. */
export function newRecipe(kind: TriggerKind = 'label_set'): Recipe {
  return { version: 1, trigger: newTrigger(kind), conditions: [], condition_match: 'all', actions: [] };
}

/** Another trigger kind: the folder it listens in is kept, every other blank starts empty. */
export function changeTriggerKind(trigger: Trigger, kind: TriggerKind): Trigger {
  if (trigger.kind === kind) return trigger;
  const next = newTrigger(kind);
  if ('folder_id' in next && 'folder_id' in trigger) return { ...next, folder_id: trigger.folder_id };
  return next;
}

/**
 * The folder a trigger listens in (null: every folder). A form is a view of one folder: the form
 * chosen in the folder before empties ("any form").
 */
export function setTriggerFolder(trigger: Trigger, folderId: string | null): Trigger {
  if (!('folder_id' in trigger) || trigger.folder_id === folderId) return trigger;
  if (trigger.kind === 'form_submitted') return { ...trigger, folder_id: folderId, form_id: null };
  return { ...trigger, folder_id: folderId };
}

/** The trigger's attribute: its label and its from/to were about the one before, so they empty. */
export function setTriggerAttribute(trigger: Trigger, attributeId: string | null): Trigger {
  if (!('attribute_id' in trigger) || trigger.attribute_id === attributeId) return trigger;
  switch (trigger.kind) {
    case 'label_set':
      return { ...trigger, attribute_id: attributeId, label_id: null };
    case 'value_changed':
      return { ...trigger, attribute_id: attributeId, from: null, to: null };
    default:
      return { ...trigger, attribute_id: attributeId };
  }
}

/** Which attributes fit a blank: the rules of recipe-check.ts, by the role the blank plays. */
export type AttributeRole =
  | 'writable'
  | 'changeable'
  | 'label'
  | 'checkbox'
  | 'checklist'
  | 'members'
  | 'date'
  | 'button';

const ROLE_FITS: Record<AttributeRole, (type: AttributeType) => boolean> = {
  writable: isWritableType,
  // A value trigger's from/to are filter conditions: types without operators have nothing to match.
  changeable: (type) => isWritableType(type) && filterOperatorsFor(type).length > 0,
  label: (type) => type === 'label',
  checkbox: (type) => type === 'checkbox',
  checklist: (type) => type === 'checklist',
  members: (type) => type === 'members',
  date: (type) => type === 'date' || type === 'date_range',
  button: (type) => type === 'button',
};

export function attributesFor<A extends { type: string }>(
  attributes: readonly A[],
  role: AttributeRole,
): A[] {
  const fits = ROLE_FITS[role];
  return attributes.filter((attribute) => isAttributeType(attribute.type) && fits(attribute.type));
}

/** The role of a trigger's attribute blank (none: the kind has no attribute). */
export function triggerAttributeRole(kind: TriggerKind): AttributeRole | null {
  switch (kind) {
    case 'value_changed':
      return 'changeable';
    case 'label_set':
      return 'label';
    case 'checkbox_checked':
      return 'checkbox';
    case 'checklist_completed':
      return 'checklist';
    case 'date_arrives':
      return 'date';
    case 'button_clicked':
      return 'button';
    default:
      return null;
  }
}

/** The value sources a set-value action offers for an attribute type. */
export type ValueKind = 'fixed' | 'today' | 'trigger_value' | 'formula' | 'clear';

/** Types whose fixed value the builder asks for through the cells' editors (or toggles, a checkbox). */
const NO_FIXED_VALUE = new Set<string>(['attachments', 'reference']);

export function valueKindsFor(type: string | undefined): ValueKind[] {
  if (type === undefined) return [];
  const kinds: ValueKind[] = [];
  if (!NO_FIXED_VALUE.has(type)) kinds.push('fixed');
  if (type === 'date' || type === 'date_range') kinds.push('today');
  kinds.push('trigger_value', 'formula', 'clear');
  return kinds;
}

/** What a value source is when its kind is chosen: its own blanks empty (a fixed value not given yet). */
export function newValueSource(kind: ValueKind): ValueSource {
  switch (kind) {
    case 'fixed':
      return { kind, data: null };
    case 'today':
      return { kind, offset_days: 0 };
    case 'formula':
      return { kind, expression: '' };
    default:
      return { kind };
  }
}

/**
 * A set-value action pointed at another attribute: a fixed value was data of the one before and
 * empties; "today" is kept only for a date.
 */
export function setValueAttribute(
  action: Extract<Action, { kind: 'set_value' }>,
  attribute: { id: string; type: string } | undefined,
): Action {
  const next = { ...action, attribute_id: attribute?.id ?? null };
  const kind = action.value?.kind;
  if (kind === undefined) return next;
  const fits = attribute !== undefined && valueKindsFor(attribute.type).includes(kind) && kind !== 'fixed';
  return { ...next, value: fits ? action.value : null };
}

/** A label action's attribute: its label was one of the attribute before. */
export function setLabelAttribute(
  action: Extract<Action, { kind: 'add_label' | 'remove_label' }>,
  attributeId: string | null,
): Action {
  return action.attribute_id === attributeId
    ? action
    : { ...action, attribute_id: attributeId, label_id: null };
}

export function canAddAction(actions: readonly Action[]): boolean {
  return actions.length < MAX_ACTIONS;
}

/** The entry at `index` moved by `by` places (-1: up), kept inside the list. */
export function moveEntry<T>(list: readonly T[], index: number, by: number): T[] {
  const to = Math.min(list.length - 1, Math.max(0, index + by));
  if (to === index || index < 0 || index >= list.length) return [...list];
  const next = [...list];
  const [moved] = next.splice(index, 1);
  next.splice(to, 0, moved!);
  return next;
}

/** The problems of a recipe by path: what each blank shows. */
export type ProblemsByPath = ReadonlyMap<string, RecipeProblem['code'] | string>;

export function problemsByPath(problems: readonly { path: string; code: string }[]): Map<string, string> {
  const map = new Map<string, string>();
  for (const problem of problems) if (!map.has(problem.path)) map.set(problem.path, problem.code);
  return map;
}

/**
 * The server's 422 field errors at their recipe paths: `recipe.trigger.attribute_id` becomes
 * `trigger.attribute_id`, the code read from the start of the message ("REQUIRED: …").
 */
export function serverProblems(errors: readonly { path: string; message: string; code?: string }[]) {
  return errors.map((error) => ({
    path: error.path.replace(/^recipe\./, ''),
    code: error.code ?? /^([A-Z_]+):/.exec(error.message)?.[1] ?? 'INVALID',
  }));
}

/**
 * What keeps a draft from being saved (`shape`: the schema refuses it, on or off: an empty
 * formula, a custom rule the server cannot read, told first) and from being switched on
 * (`blanks`: recipeProblems, as the server checks it).
 */
export function checkDraft(recipe: Recipe, board: RecipeBoard) {
  const parsed = recipeSchema.safeParse(recipe);
  const shape = [
    ...(recipe.trigger.kind === 'schedule' ? scheduleProblems(recipe.trigger.schedule) : []),
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), code: 'INVALID' }))),
  ];
  return { shape, blanks: recipeProblems(recipe, board) };
}
