import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './record-columns';
import { users } from './users';

/**
 * A person's choice for one kind of notification: whether it is also mailed, and whether it is
 * pushed to their devices. No row: the defaults (both). The bell always lists every notification
 * (docs/notifications.md).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationType: text('notification_type').notNull(),
    email: boolean('email').notNull().default(true),
    push: boolean('push').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationType] })],
);
