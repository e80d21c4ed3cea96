import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The activity log: who changed what on a board, one row per event of the outbox that names a
 * board (item created, value updated, folder deleted...). `changes` holds what the event carried
 * that a reader needs (the value before and after, the new name...).
 *
 * No foreign keys (migration 0019): the rows are written from ids the write checked, workspaces,
 * boards and users are never deleted (they are marked deleted), and the three checks per row were
 * a third of the statement that writes an edit batch's events, notes and activity.
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    teamId: integer('team_id').notNull(),
    boardId: text('board_id').notNull(),
    folderId: text('folder_id'),
    itemId: text('item_id'),
    userId: integer('user_id'),
    event: text('event').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    changes: jsonb('changes').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('activity_log_team_board_idx').on(t.teamId, t.boardId, t.id),
    index('activity_log_team_item_idx').on(t.teamId, t.itemId, t.id),
  ],
);

export type ActivityRow = typeof activityLog.$inferSelect;
