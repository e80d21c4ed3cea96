import { pgTable, text } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates for itself when the environment gives none (the Pusher signing
 * secret): kept in the database so that every process on it signs and verifies alike.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
});
