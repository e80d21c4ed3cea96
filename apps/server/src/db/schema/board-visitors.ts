import { index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { boards } from './boards';
import { ts } from './record-columns';
import { teams } from './teams';

/**
 * A visitor of a public board who writes to it (docs/public-boards.md): known by a random token
 * the visitor's browser keeps and sends in X-Board-Visitor, stored here only as its SHA-256 hash.
 */
export const boardVisitors = pgTable(
  'board_visitors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('board_visitors_token_idx').on(t.tokenHash),
    index('board_visitors_board_idx').on(t.teamId, t.boardId),
  ],
);

/**
 * The items a visitor created on a public board: "their own", which "create and edit their own
 * items" lets them edit, and what the board's activity names as a visitor's.
 */
export const visitorItems = pgTable(
  'visitor_items',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    visitorId: uuid('visitor_id')
      .notNull()
      .references(() => boardVisitors.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.teamId, t.itemId] }), index('visitor_items_visitor_idx').on(t.visitorId)],
);

export type BoardVisitorRow = typeof boardVisitors.$inferSelect;
