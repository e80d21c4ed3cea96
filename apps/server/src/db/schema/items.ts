import { sql } from 'drizzle-orm';
import { customType, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { boards, folders } from './boards';
import { recordColumns } from './record-columns';
import { teams } from './teams';

/**
 * A fractional order key: compared by code unit (`COLLATE "C"`), never by the database's locale,
 * so that ORDER BY and its index agree with the keys' own order on every server.
 */
export const orderKey = customType<{ data: string }>({ dataType: () => 'text COLLATE "C"' });

/** One stored value of an item: `{ id, attribute_id, data }` (public API v2), keyed by attribute id. */
export interface StoredValue {
  id: string;
  attribute_id: string;
  data: unknown;
}
export type StoredValues = Record<string, StoredValue>;

/** A board's attributes (typed columns); ids are UUIDs, which clients may generate. */
export const attributes = pgTable(
  'attributes',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    defaultData: jsonb('default_data').$type<unknown>(),
    sortOrder: orderKey('sort_order'),
    /** custom_id attributes: the last number given on the board (items take the next ones). */
    lastNumber: integer('last_number').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [index('attributes_team_board_idx').on(t.teamId, t.boardId, t.sortOrder)],
);

/**
 * Items of a folder; `parent_id` makes subitems (an item of the same folder). Values live in one
 * jsonb keyed by attribute id (ARCHITECTURE.md section 4).
 */
export const items = pgTable(
  'items',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    folderId: text('folder_id')
      .notNull()
      .references(() => folders.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    sortOrder: orderKey('sort_order'),
    values: jsonb('values').$type<StoredValues>().notNull().default({}),
    /**
     * The item's live comments (replies included), kept by the comment writes in their
     * transaction. Server-owned: it changes neither row_version nor updated_at (docs/comments.md).
     */
    commentsCount: integer('comments_count').notNull().default(0),
    ...recordColumns(),
  },
  (t) => [
    // The folder read (live items in order) is one range of this index.
    index('items_team_folder_idx')
      .on(t.teamId, t.folderId, t.sortOrder, t.id)
      .where(sql`${t.deletedAt} IS NULL`),
    index('items_team_board_idx').on(t.teamId, t.boardId),
    index('items_team_parent_idx').on(t.teamId, t.parentId).where(sql`${t.parentId} IS NOT NULL`),
  ],
);

export type AttributeRow = typeof attributes.$inferSelect;
export type ItemRow = typeof items.$inferSelect;
