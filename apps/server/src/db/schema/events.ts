import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The events outbox: every mutation writes its rows and an event row in one transaction, so an
 * event exists exactly when its change committed. The dispatcher (real-time fan-out, webhooks,
 * automations, notifications, activity log) reads undispatched rows in id order.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The workspace it belongs to; null for events of a user alone (App.User.{id}). */
    teamId: integer('team_id'),
    /** What happened, e.g. `permissions.updated`, `member.added`. */
    type: text('type').notNull(),
    /** The real-time channel it is announced on, e.g. `team.12.permissions`. */
    channel: text('channel').notNull(),
    actorId: integer('actor_id'),
    /** `{ type, id, row_version, data }` as real-time clients receive it. */
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('events_pending_idx').on(t.id).where(sql`${t.dispatchedAt} IS NULL`),
    index('events_team_idx').on(t.teamId, t.id),
  ],
);
