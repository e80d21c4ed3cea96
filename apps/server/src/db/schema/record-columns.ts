import { integer, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

/** A timestamp with time zone, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The columns every synced record table ends with (boards, folders, attributes, items, views):
 * who made it and when, its last change, soft delete (trash) and the compare-and-set version
 * (ARCHITECTURE.md section 4). A function, so that each table gets builders of its own.
 */
export const recordColumns = () => ({
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: ts('created_at').notNull().defaultNow(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
  deletedAt: ts('deleted_at'),
  rowVersion: integer('row_version').notNull().default(1),
});
