import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { teams } from './teams';
import { users } from './users';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Notifications (spec sections 3, 5 and 7): each row belongs to its recipient (user_id) only.
 * References to boards, items and the like are plain ids without foreign keys: a notification
 * outlives what it points at. The display names (board_name, item_name, body, ...) live in
 * `data`, written when the notification is created.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    notificationType: text('notification_type').notNull(),
    itemId: text('item_id'),
    folderId: text('folder_id'),
    boardId: text('board_id'),
    commentId: text('comment_id'),
    templateId: text('template_id'),
    subscribeableType: text('subscribeable_type'),
    subscribeableId: text('subscribeable_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: ts('read_at'),
    /** When it went out in a mail (notifications read before their delay are never mailed). */
    emailedAt: ts('emailed_at'),
    /** Millisecond precision, like the list cursor that carries it. */
    createdAt: ts('created_at').notNull().default(sql`date_trunc('milliseconds', now())`),
  },
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc())],
);

export type NotificationRow = typeof notifications.$inferSelect;
