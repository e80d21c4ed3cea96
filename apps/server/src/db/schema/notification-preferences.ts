import { boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { ts } from './record-columns';
import { users } from './users';

/**
 * A person's choice for one kind of notification: whether it is also mailed. No row: the default
 * (mailed). The bell always lists every notification (docs/notifications.md).
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationType: text('notification_type').notNull(),
    email: boolean('email').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationType] })],
);
