import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './record-columns';
import { users } from './users';

/**
 * A browser's Web Push subscription (a "device token", spec section 7): the push service's
 * endpoint and the keys its payloads are encrypted for. One endpoint belongs to one person: a
 * browser that signs in as someone else takes it over (docs/notifications.md).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key, base64url (65 bytes). */
    p256dh: text('p256dh').notNull(),
    /** The browser's authentication secret, base64url (16 bytes). */
    auth: text('auth').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When a push last reached the push service for it; null until one does. */
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
