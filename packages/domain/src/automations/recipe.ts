import { z } from 'zod';
import { filterRuleSchema } from '../views/view-settings';

/**
 * An automation's recipe (docs/automations.md): one trigger, optional conditions (the views'
 * filter rules, so "matches the filter" means the same everywhere) and ordered actions. Stored as
 * it is saved, blanks and all: a draft may be incomplete while it is off (recipeProblems tells
 * what is missing), never while it is on.
 */
export const RECIPE_VERSION = 1;

/** Actions of one recipe, and the workspace's automations of one board on plans without a limit. */
export const MAX_ACTIONS = 10;
export const MAX_CONDITIONS = 10;
export const MAX_AUTOMATIONS_PER_BOARD = 100;

const id = z.string().trim().min(1).max(64);
/** A blank of the recipe: null until it is filled. */
const blank = <T extends z.ZodType>(schema: T) => schema.nullable().default(null);

/** Where an item trigger listens: one folder of the board, or every folder (null). */
const folderScope = { folder_id: blank(id) };

const dateOffsetSchema = z.object({
  amount: z.number().int().min(0).max(365),
  unit: z.enum(['minutes', 'hours', 'days']),
  /** Before or after the date. */
  direction: z.enum(['before', 'after']),
});
export type DateOffset = z.infer<typeof dateOffsetSchema>;

const timeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM');

/** Every day, week (on some weekdays) or month (on a day), at a time in the board's time zone; or an RRULE. */
export const scheduleSchema = z.discriminatedUnion('every', [
  z.object({ every: z.literal('day'), at: timeOfDay }),
  z.object({
    every: z.literal('week'),
    at: timeOfDay,
    /** 0 = Sunday ... 6 = Saturday. */
    weekdays: z.array(z.number().int().min(0).max(6)).min(1).max(7),
  }),
  z.object({ every: z.literal('month'), at: timeOfDay, day: z.number().int().min(1).max(31) }),
  z.object({ every: z.literal('rrule'), rrule: z.string().trim().min(1).max(1000) }),
]);
export type Schedule = z.infer<typeof scheduleSchema>;

export const triggerSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('item_created'), ...folderScope }),
  /** Moved into the folder (or any folder: null). */
  z.object({ kind: z.literal('item_moved'), ...folderScope }),
  /**
   * A value changes: any change, or from a value matching `from` to one matching `to` (filter
   * conditions on the attribute, so every type that has values is covered).
   */
  z.object({
    kind: z.literal('value_changed'),
    ...folderScope,
    attribute_id: blank(id),
    from: blank(z.object({ operator: z.string(), operand: z.unknown().optional() })),
    to: blank(z.object({ operator: z.string(), operand: z.unknown().optional() })),
  }),
  z.object({ kind: z.literal('label_set'), ...folderScope, attribute_id: blank(id), label_id: blank(id) }),
  z.object({ kind: z.literal('checkbox_checked'), ...folderScope, attribute_id: blank(id) }),
  z.object({ kind: z.literal('checklist_completed'), ...folderScope, attribute_id: blank(id) }),
  /** A date arrives: at its time, or an offset before or after it (a due-date reminder). */
  z.object({
    kind: z.literal('date_arrives'),
    ...folderScope,
    attribute_id: blank(id),
    offset: dateOffsetSchema.default({ amount: 0, unit: 'days', direction: 'before' }),
    /** For a date without a time: the time of day it fires at, in the board's time zone. */
    at: timeOfDay.default('09:00'),
  }),
  z.object({ kind: z.literal('schedule'), schedule: blank(scheduleSchema) }),
  z.object({ kind: z.literal('comment_added'), ...folderScope }),
  z.object({ kind: z.literal('form_submitted'), ...folderScope, form_id: blank(id) }),
  z.object({ kind: z.literal('button_clicked'), attribute_id: blank(id) }),
]);
export type Trigger = z.infer<typeof triggerSchema>;
export type TriggerKind = Trigger['kind'];
export const TRIGGER_KINDS = triggerSchema.options.map((option) => option.shape.kind.value);

/** What a set-value action writes. */
export const valueSourceSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('fixed'), data: z.unknown() }),
  /** Today plus or minus days (a date value; a date with time takes the run's time). */
  z.object({ kind: z.literal('today'), offset_days: z.number().int().min(-3650).max(3650).default(0) }),
  /** The value that triggered the run (same attribute type). */
  z.object({ kind: z.literal('trigger_value') }),
  /** A formula's result, evaluated on the item. */
  z.object({ kind: z.literal('formula'), expression: z.string().trim().min(1).max(2000) }),
  z.object({ kind: z.literal('clear') }),
]);
export type ValueSource = z.infer<typeof valueSourceSchema>;

/** Who a notification reaches: the people of member attributes, fixed people, the one who acted. */
const recipientsSchema = z.object({
  attribute_ids: z.array(id).max(20).default([]),
  user_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(100).default([]),
  actor: z.boolean().default(false),
});
export type Recipients = z.infer<typeof recipientsSchema>;

const text = (max: number) => z.string().max(max);

export const actionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('set_value'), attribute_id: blank(id), value: blank(valueSourceSchema) }),
  z.object({
    kind: z.enum(['add_member', 'remove_member']),
    attribute_id: blank(id),
    user_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(100).default([]),
    /** The one who acted (the trigger's actor) as well. */
    actor: z.boolean().default(false),
  }),
  z.object({ kind: z.enum(['add_label', 'remove_label']), attribute_id: blank(id), label_id: blank(id) }),
  z.object({ kind: z.literal('move_to_folder'), folder_id: blank(id) }),
  z.object({
    kind: z.literal('create_item'),
    folder_id: blank(id),
    /** Under the triggering item (same folder) instead of in `folder_id`. */
    as_subitem: z.boolean().default(false),
    values: z
      .array(z.object({ attribute_id: id, value: valueSourceSchema }))
      .max(50)
      .default([]),
  }),
  /** A copy of the item with its values (recurring copies); into its folder, or `folder_id`. */
  z.object({ kind: z.literal('duplicate_item'), folder_id: blank(id) }),
  z.object({ kind: z.literal('delete_item') }),
  z.object({
    kind: z.literal('add_comment'),
    /** Plain text with {placeholders}; people named in `mention_user_ids` are mentioned. */
    text: text(5000).default(''),
    mention_user_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(50).default([]),
  }),
  z.object({
    kind: z.literal('notify'),
    to: recipientsSchema.default({ attribute_ids: [], user_ids: [], actor: false }),
    message: text(1000).default(''),
    /** Also by email (the recipients' notification preferences still apply). */
    email: z.boolean().default(false),
  }),
  z.object({
    kind: z.literal('send_email'),
    to: text(320).default(''),
    subject: text(200).default(''),
    body: text(10_000).default(''),
  }),
  /** The item sent to one of the board's webhooks, through the webhook pipeline (docs/webhooks.md). */
  z.object({ kind: z.literal('call_webhook'), hook_id: blank(id) }),
]);
export type Action = z.infer<typeof actionSchema>;
export type ActionKind = Action['kind'];

export const recipeSchema = z.object({
  version: z.literal(RECIPE_VERSION).default(RECIPE_VERSION),
  trigger: triggerSchema,
  conditions: z.array(filterRuleSchema).max(MAX_CONDITIONS).default([]),
  condition_match: z.enum(['all', 'any']).default('all'),
  actions: z.array(actionSchema).max(MAX_ACTIONS).default([]),
});
export type Recipe = z.infer<typeof recipeSchema>;
export type RecipeInput = z.input<typeof recipeSchema>;

/** Values of a trigger's condition on an attribute (from / to). */
export type ValueCondition = NonNullable<Extract<Trigger, { kind: 'value_changed' }>['to']>;
