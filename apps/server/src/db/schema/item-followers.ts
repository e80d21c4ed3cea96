import { boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { items } from './items';
import { ts } from './record-columns';
import { teams } from './teams';
import { users } from './users';

/**
 * Who chose to follow an item, or to stop following it (`following` false), overriding being a
 * follower by creating it, being in its members attribute or commenting (docs/notifications.md).
 */
export const itemFollowers = pgTable(
  'item_followers',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    following: boolean('following').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.userId] }),
    index('item_followers_team_item_idx').on(t.teamId, t.itemId),
  ],
);

export type ItemFollowerRow = typeof itemFollowers.$inferSelect;
