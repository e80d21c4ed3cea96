import type { Recipe } from '@strata/domain/automations/recipe';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { boards } from './boards';
import { recordColumns, ts } from './record-columns';
import { teams } from './teams';

/**
 * A board's automations (docs/automations.md): a recipe (trigger, conditions, actions) run by
 * Autobot with its creator's rights. `off_reason` says why the server switched one off (the
 * workspace's runs exceeded, failing again and again, its creator gone); null when a person did.
 */
export const automations = pgTable(
  'automations',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    recipe: jsonb('recipe').$type<Recipe>().notNull(),
    offReason: text('off_reason'),
    runsTotal: integer('runs_total').notNull().default(0),
    failuresInRow: integer('failures_in_row').notNull().default(0),
    lastRunAt: ts('last_run_at'),
    ...recordColumns(),
  },
  (t) => [index('automations_board_idx').on(t.teamId, t.boardId)],
);

export type AutomationRow = typeof automations.$inferSelect;

/**
 * One run of an automation: exactly one per (automation, triggering event): `run_key` names the
 * event (or the schedule's instant), unique per automation, so a redelivered event is a no-op.
 * `result` lists what the run changed, or why it stopped.
 */
export const automationRuns = pgTable(
  'automation_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    automationId: uuid('automation_id')
      .notNull()
      .references(() => automations.id, { onDelete: 'cascade' }),
    boardId: text('board_id').notNull(),
    runKey: text('run_key').notNull(),
    itemId: text('item_id'),
    /** queued, done, failed, skipped. */
    state: text('state').notNull().default('queued'),
    occurrence: jsonb('occurrence').$type<Record<string, unknown>>().notNull(),
    /** Depth of the chain of automations that led here (0: a person's change). */
    depth: integer('depth').notNull().default(0),
    /** Who made the change that triggered the run (null: the scheduler). */
    actorId: integer('actor_id'),
    result: jsonb('result').$type<Record<string, unknown>>(),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('automation_runs_key_idx').on(t.automationId, t.runKey),
    index('automation_runs_automation_idx').on(t.teamId, t.automationId, t.createdAt),
    index('automation_runs_board_idx').on(t.teamId, t.boardId, t.createdAt),
  ],
);

export type AutomationRunRow = typeof automationRuns.$inferSelect;

/**
 * A workspace's runs in one monthly period (`YYYY-MM`), counted as runs are taken, and whether
 * its owner and admins were warned (80 %) or told it is exceeded (100 %) in that period.
 */
export const automationUsage = pgTable(
  'automation_usage',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    runs: integer('runs').notNull().default(0),
    warned: boolean('warned').notNull().default(false),
    exceeded: boolean('exceeded').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.period] })],
);

/**
 * When an automation with a time trigger next looks at the clock: a schedule's next time, or for
 * a date trigger the next minute, with `checked_until` the end of the span already looked at
 * (dates whose time falls after it and by the clock fire). The minute tick claims due rows.
 */
export const automationTimers = pgTable(
  'automation_timers',
  {
    automationId: uuid('automation_id')
      .primaryKey()
      .references(() => automations.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    nextAt: ts('next_at').notNull(),
    checkedUntil: ts('checked_until'),
    /** The zone its times are wall-clock times of: the automation's creator's (UTC without one). */
    timeZone: text('time_zone').notNull().default('UTC'),
  },
  (t) => [index('automation_timers_next_idx').on(t.nextAt)],
);

export type AutomationTimerRow = typeof automationTimers.$inferSelect;
