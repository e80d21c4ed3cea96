import { sql } from 'drizzle-orm';
import {
  boolean,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** Accounts. Not tenant-owned: a user belongs to workspaces through memberships. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    /** Null for an account made by an invitation and not registered yet: it cannot sign in. */
    passwordHash: text('password_hash'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    pendingEmail: text('pending_email'),
    locale: text('locale').notNull().default('en-US'),
    timezone: text('timezone'),
    startOfWeek: smallint('start_of_week'),
    preferences: jsonb('preferences').$type<Record<string, unknown>>().notNull().default({}),
    survey: jsonb('survey').$type<Record<string, unknown>>(),
    photoPath: text('photo_path'),
    guest: boolean('guest').notNull().default(false),
    source: text('source'),
    rowVersion: integer('row_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(sql`lower(${t.email})`)],
);

export type UserRow = typeof users.$inferSelect;
