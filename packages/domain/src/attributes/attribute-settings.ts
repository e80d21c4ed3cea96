import { z } from 'zod';
import { hasAllowedScheme } from '../urls';
import type { AttributeType } from './attribute-types';
import { ATTRIBUTE_ERROR_MESSAGES, type ValueError, type ValueResult, valueError } from './value-errors';

/**
 * The `settings` of each attribute type. Keys are camelCase as the spec writes them
 * (textColor, allowParallel, sharedEntries). Unknown keys are dropped; missing ones get the
 * defaults below, so a parsed settings object is always complete.
 */
const colour = z.string().trim().max(32);
const uuid = z.uuid();
const base62Id = z.string().regex(/^[0-9A-Za-z]{11}$/);

export const labelSchema = z.object({
  id: uuid,
  name: z.string().trim().min(1, { message: ATTRIBUTE_ERROR_MESSAGES.LABEL_NAME_REQUIRED }).max(100),
  color: colour.default('#c4c4c4'),
  textColor: colour.optional(),
});
export type Label = z.infer<typeof labelSchema>;

export const numberSettingsSchema = z.object({
  format: z.enum(['number', 'currency', 'percent']).default('number'),
  /** Fixed decimals shown; null shows the number as it is. */
  decimals: z.number().int().min(0).max(10).nullable().default(null),
  /** ISO 4217 code, for the currency format. */
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/)
    .default('USD'),
  thousandsSeparator: z.boolean().default(true),
});
export type NumberSettings = z.infer<typeof numberSettingsSchema>;

const buttonActionSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('open_url'),
    url: z
      .string()
      .trim()
      .min(1)
      .max(2048)
      .refine((url) => hasAllowedScheme(url), { message: ATTRIBUTE_ERROR_MESSAGES.INVALID_URL }),
  }),
  z.object({
    type: z.literal('set_values'),
    values: z
      .array(z.object({ attribute_id: uuid, data: z.unknown() }))
      .min(1)
      .max(50),
  }),
  /** Runs one of the board's automations on the item (docs/automations.md, "Buttons"). */
  z.object({ type: z.literal('run_automation'), automation_id: uuid }),
]);
export type ButtonAction = z.infer<typeof buttonActionSchema>;

const empty = z.object({});
const dateSettings = z.object({ includeTime: z.boolean().default(false) });

export const ATTRIBUTE_SETTINGS_SCHEMAS = {
  /** `primary`: this text attribute is the item's name (one per board; see docs/attributes.md). */
  text: z.object({ primary: z.boolean().default(false) }),
  longtext: empty,
  number: numberSettingsSchema,
  checkbox: empty,
  label: z.object({
    labels: z.array(labelSchema).max(500).default([]),
    multiple: z.boolean().default(false),
  }),
  members: z.object({ multiple: z.boolean().default(true), notify: z.boolean().default(true) }),
  date: dateSettings,
  date_range: dateSettings,
  email: empty,
  phone: empty,
  links: empty,
  checklist: empty,
  attachments: empty,
  progress: z
    .object({ min: z.number().int().default(0), max: z.number().int().default(100) })
    .refine((s) => s.min < s.max, { message: 'min must be below max', path: ['max'] }),
  rating: z.object({
    max: z.number().int().min(1).max(10).default(5),
    icon: z.enum(['star', 'heart', 'thumb', 'circle']).default('star'),
  }),
  reference: z.object({
    /** The board whose items are referenced; null is this board. */
    boardId: base62Id.nullable().default(null),
    multiple: z.boolean().default(true),
  }),
  dependency: z.object({
    /** The date or start-and-end-date attribute the dependencies schedule; null: none yet. */
    schedules: uuid.nullable().default(null),
    /**
     * The board's working days (0 Sunday .. 6 Saturday): lags and durations count them and a
     * moved item starts on one. Null: every day counts.
     */
    workingWeekdays: z
      .array(z.number().int().min(0).max(6))
      .min(1)
      .max(7)
      .refine((days) => new Set(days).size === days.length, { message: 'each day once' })
      .nullable()
      .default([1, 2, 3, 4, 5]),
  }),
  button: z.object({
    label: z.string().trim().min(1).max(50).default('Run'),
    color: colour.optional(),
    /** Null until configured: the button then does nothing. */
    action: buttonActionSchema.nullable().default(null),
  }),
  custom_id: z.object({
    prefix: z.string().max(20).default(''),
    /** Zero-padding of the number: 3 shows 7 as 007. */
    padding: z.number().int().min(0).max(10).default(0),
  }),
  formula: z.object({
    /** The stored expression, with references as {attribute-id} (see formula/formula-compile.ts). */
    formula: z.string().max(4000).default(''),
    numberFormat: numberSettingsSchema.optional(),
  }),
  time_tracking: z.object({
    allowParallel: z.boolean().default(false),
    sharedEntries: z.boolean().default(false),
  }),
  created_at: z.object({ includeTime: z.boolean().default(true) }),
  created_by: empty,
  updated_at: z.object({ includeTime: z.boolean().default(true) }),
  source_folder: empty,
} as const satisfies Record<AttributeType, z.ZodType>;

export type AttributeSettings<T extends AttributeType> = z.output<(typeof ATTRIBUTE_SETTINGS_SCHEMAS)[T]>;
export type LabelSettings = AttributeSettings<'label'>;

const CODE_BY_MESSAGE = new Map<string, ValueError['code']>([
  [ATTRIBUTE_ERROR_MESSAGES.LABEL_NAME_REQUIRED, 'LABEL_NAME_REQUIRED'],
  [ATTRIBUTE_ERROR_MESSAGES.INVALID_URL, 'INVALID_URL'],
]);

/** Validates and completes the settings of a type; errors carry the path inside `settings`. */
export function parseSettings<T extends AttributeType>(
  type: T,
  settings: unknown,
): ValueResult<AttributeSettings<T>> {
  const parsed = ATTRIBUTE_SETTINGS_SCHEMAS[type].safeParse(settings ?? {});
  if (parsed.success) return { ok: true, data: parsed.data as AttributeSettings<T>, warnings: [] };
  return {
    ok: false,
    errors: parsed.error.issues.map((issue) => {
      const path = ['settings', ...issue.path.map(String)].join('.');
      const code = CODE_BY_MESSAGE.get(issue.message);
      if (code) return valueError(code, {}, path);
      return valueError('INVALID_SETTINGS', { detail: `${path}: ${issue.message}` }, path);
    }),
  };
}

/**
 * Settings for reading: parsed, or the type's defaults when the stored object is not valid, so a
 * bad stored setting never breaks rendering (writes are validated with parseSettings).
 */
export function readSettings<T extends AttributeType>(type: T, settings: unknown): AttributeSettings<T> {
  const cacheable = settings !== null && typeof settings === 'object';
  const cached = cacheable ? readCache.get(settings)?.get(type) : undefined;
  if (cached) return cached as AttributeSettings<T>;
  const parsed = ATTRIBUTE_SETTINGS_SCHEMAS[type].safeParse(settings ?? {});
  const result = parsed.success ? parsed.data : ATTRIBUTE_SETTINGS_SCHEMAS[type].parse({});
  if (cacheable) {
    const byType = readCache.get(settings) ?? new Map<AttributeType, unknown>();
    byType.set(type, result);
    readCache.set(settings, byType);
  }
  return result as AttributeSettings<T>;
}

// Sorting and filtering 10,000 items reads the same settings object again and again: parse it once.
const readCache = new WeakMap<object, Map<AttributeType, unknown>>();
