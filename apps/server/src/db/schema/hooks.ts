import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { boards } from './boards';
import { recordColumns, ts } from './record-columns';
import { teams } from './teams';
import { users } from './users';

/**
 * A board's webhooks (docs/webhooks.md): where its events go and which ones. The signing secret
 * is kept encrypted (lib/secret-box.ts); after a rotation the previous one keeps signing beside it
 * until `previous_secret_until`. `off_reason` says why the server switched one off (410 Gone,
 * failing for five days, its creator gone); null when a person paused it.
 */
export const hooks = pgTable(
  'hooks',
  {
    id: uuid('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    events: jsonb('events').$type<string[]>().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: ts('previous_secret_until'),
    enabled: boolean('enabled').notNull().default(true),
    offReason: text('off_reason'),
    failingSince: ts('failing_since'),
    lastDeliveryAt: ts('last_delivery_at'),
    /** A process is sending its deliveries until then (one at a time per hook, in event order). */
    drainingUntil: ts('draining_until'),
    ...recordColumns(),
  },
  (t) => [index('hooks_board_idx').on(t.teamId, t.boardId), index('hooks_user_idx').on(t.userId)],
);
export type HookRow = typeof hooks.$inferSelect;

/**
 * One event for one hook: exactly one per (hook, event), so a redelivered outbox event is a no-op;
 * `body` is what every attempt sends (its id is the `webhook-id`). A redelivery or a replay asked
 * for by a person is a new delivery of the same event (`event_id` with a `replay_of`).
 */
export const hookDeliveries = pgTable(
  'hook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    hookId: uuid('hook_id')
      .notNull()
      .references(() => hooks.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    /** The event within its outbox row (a row holds an item's event and its values'). */
    eventKey: text('event_key').notNull(),
    eventType: text('event_type').notNull(),
    /** The delivery this one sends again (a person's redelivery or replay); null for the first. */
    replayOf: uuid('replay_of'),
    body: text('body').notNull(),
    state: text('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('hook_deliveries_event_idx').on(t.hookId, t.eventKey).where(sql`replay_of IS NULL`),
    index('hook_deliveries_pending_idx').on(t.hookId, t.state, t.eventId),
  ],
);
export type HookDeliveryRow = typeof hookDeliveries.$inferSelect;

/** One attempt of a delivery, as the hook's logs show it. */
export const hookAttempts = pgTable(
  'hook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    hookId: uuid('hook_id')
      .notNull()
      .references(() => hooks.id, { onDelete: 'cascade' }),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => hookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    responseStatus: integer('response_status'),
    responseBody: text('response_body'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
  },
  (t) => [index('hook_attempts_hook_idx').on(t.teamId, t.hookId, t.attemptedAt)],
);
export type HookAttemptRow = typeof hookAttempts.$inferSelect;
