import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './record-columns';
import { teams } from './teams';
import { users } from './users';
import { folderViews } from './views';

/**
 * A calendar view's private iCalendar subscription (docs/views.md, "Calendar feed"): one per view
 * and person, read without a session by whoever holds its secret, which is stored only as its
 * SHA-256 hash. The feed shows what its person may see at the moment it is read.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    viewId: text('view_id')
      .notNull()
      .references(() => folderViews.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When a calendar application last read it; null until one does. */
    lastReadAt: ts('last_read_at'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_idx').on(t.tokenHash),
    uniqueIndex('calendar_feeds_view_user_idx').on(t.teamId, t.viewId, t.userId),
    index('calendar_feeds_user_idx').on(t.userId),
  ],
);

export type CalendarFeedRow = typeof calendarFeeds.$inferSelect;
