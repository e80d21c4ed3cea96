import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The events outbox: every mutation writes its rows and an event row in one transaction, so an
 * event exists exactly when its change committed. The dispatcher (real-time fan-out, webhooks,
 * automations, notifications, activity log) reads the rows still listed in `pending_events`, in
 * id order.
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
  },
  (t) => [index('events_team_idx').on(t.teamId, t.id)],
);

/**
 * The ids of the events not yet handed out. A trigger on `events` (migration 0010) lists every
 * inserted row here in the same statement; the dispatcher's claim deletes them. Marking the event
 * rows themselves would rewrite each one, its payload included, at every claim.
 */
export const pendingEvents = pgTable('pending_events', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
});
