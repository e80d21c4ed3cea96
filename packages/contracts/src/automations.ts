import { recipeSchema } from '@strata/domain/automations/recipe';
import { z } from 'zod';
import { base62Id, teamParams } from './boards';
import { MAX_INT4, syncedRecordFields } from './common';
import { uuidId } from './items';

export const automationPaths = {
  boardAutomations: '/api/:teamId/boards/:boardId/automations',
  automation: '/api/:teamId/automations/:id',
  runs: '/api/:teamId/automations/:id/runs',
  usage: '/api/:teamId/automations/usage',
} as const;

export const boardAutomationsParams = teamParams.extend({ boardId: base62Id });
export const automationParams = teamParams.extend({ id: uuidId });

/** Why the server switched an automation off (null: on, or a person switched it off). */
export const AUTOMATION_OFF_REASONS = ['runs_exceeded', 'failing', 'creator_left'] as const;

export const recipeProblemSchema = z.object({ path: z.string(), code: z.string() });

/**
 * A board's automation: its recipe as saved (blanks may be empty while it is off), whether it is
 * on, its runs this month and in all, and what keeps it from being switched on (`problems`).
 */
export const automationSchema = z.object({
  id: z.string(),
  board_id: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  recipe: recipeSchema,
  off_reason: z.enum(AUTOMATION_OFF_REASONS).nullable(),
  runs_total: z.number().int(),
  runs_this_month: z.number().int(),
  last_run_at: z.string().nullable(),
  problems: z.array(recipeProblemSchema),
  ...syncedRecordFields,
});
export type Automation = z.infer<typeof automationSchema>;

/** PUT /api/{teamId}/automations/{id}: create at row_version 1, else compare-and-set. */
export const saveAutomationBody = z.object({
  board_id: base62Id,
  name: z.string().trim().min(1).max(255),
  enabled: z.boolean().default(false),
  recipe: recipeSchema,
  row_version: z.number().int().min(1).max(MAX_INT4),
});
export type SaveAutomationBody = z.input<typeof saveAutomationBody>;

export const AUTOMATION_RUN_STATES = ['queued', 'done', 'failed', 'skipped'] as const;

/** One run: when, on which item, how it ended, what it changed or why it failed or stopped. */
export const automationRunSchema = z.object({
  id: z.string(),
  automation_id: z.string(),
  item_id: z.string().nullable(),
  state: z.enum(AUTOMATION_RUN_STATES),
  trigger: z.record(z.string(), z.unknown()),
  /** `changes`: what each action did; `reason`: why it failed or was skipped. */
  result: z
    .object({
      changes: z.array(z.object({ action: z.string(), detail: z.string().optional() })).optional(),
      reason: z.string().optional(),
    })
    .nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type AutomationRun = z.infer<typeof automationRunSchema>;

export const automationRunsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
});

/** The workspace's runs this period against its plan's limit, and each board's. */
export const automationUsageSchema = z.object({
  period: z.string(),
  period_start: z.string(),
  period_end: z.string(),
  runs: z.number().int(),
  /** Null: no limit. */
  limit: z.number().int().nullable(),
  level: z.enum(['ok', 'warning', 'exceeded']),
  automations_per_board: z.number().int().nullable(),
  boards: z.array(
    z.object({
      board_id: z.string(),
      board_name: z.string(),
      runs: z.number().int(),
      automations: z.number().int(),
    }),
  ),
  /** Runs per day of the past 30 days (the workspace's), oldest first. */
  days: z.array(z.object({ day: z.string(), runs: z.number().int() })),
});
export type AutomationUsage = z.infer<typeof automationUsageSchema>;

/** POST /api/{teamId}/items/{id}/buttons/{attributeId}: a button clicked on an item. */
export const buttonClickPath = '/api/:teamId/items/:id/buttons/:attributeId';
export const buttonClickParams = teamParams.extend({ id: uuidId, attributeId: uuidId });
/** What a click did: the values it set (the item after them), and the automation runs it started. */
export const buttonClickSchema = z.object({
  item_row_version: z.number().int(),
  runs: z.number().int(),
});
export type ButtonClick = z.infer<typeof buttonClickSchema>;
