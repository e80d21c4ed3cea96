import { bigint, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

/**
 * Uploaded files (public API v2 attachments): the bytes live on disk under DATA_DIR by their
 * `storage_key`; an attachments value holds `[{ id, ... }]` of these rows.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id'),
    name: text('name').notNull(),
    mimeType: text('mime_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('attachments_team_idx').on(t.teamId, t.id)],
);

export type AttachmentRow = typeof attachments.$inferSelect;
