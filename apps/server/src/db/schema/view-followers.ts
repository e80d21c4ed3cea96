import { index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './record-columns';
import { teams } from './teams';
import { users } from './users';
import { folderViews } from './views';

/**
 * Who follows a folder view (by choosing to, or subscribed by someone): they hear of the comments
 * on the items the view shows (docs/notifications.md "Following a view").
 */
export const viewFollowers = pgTable(
  'view_followers',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    viewId: text('view_id')
      .notNull()
      .references(() => folderViews.id, { onDelete: 'cascade' }),
    folderId: text('folder_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.viewId, t.userId] }),
    index('view_followers_team_folder_idx').on(t.teamId, t.folderId),
  ],
);

export type ViewFollowerRow = typeof viewFollowers.$inferSelect;
