import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { recordColumns } from './record-columns';
import { teams } from './teams';

/** What `boards.sharing` holds; absent keys read as their defaults (boards/board-sharing.ts). */
export interface BoardSharingColumn {
  show_folders?: boolean;
  feature_image?: string | null;
  shared_by?: number;
  shared_at?: string;
}

/** Boards (spec section 3): ids are 11-character base62 strings, which clients may generate. */
export const boards = pgTable(
  'boards',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description'),
    color: text('color'),
    /** The board's members: on a private board, the only ones (with the owner) who see it. */
    userIds: integer('user_ids').array().notNull().default(sql`'{}'::integer[]`),
    isPrivate: boolean('is_private').notNull().default(false),
    /** argon2id hash of the board's password (docs/board-password.md); null: not protected. */
    passwordHash: text('password_hash'),
    /**
     * How the board shows to the public when its record lets the guest user in (docs/public-boards.md):
     * `show_folders`, and who shared it and when (`shared_by`, `shared_at`).
     */
    sharing: jsonb('sharing').$type<BoardSharingColumn>().notNull().default({}),
    sortOrder: text('sort_order'),
    ...recordColumns(),
  },
  (t) => [index('boards_team_idx').on(t.teamId, t.sortOrder)],
);

/** Folders of a board, nested by parent_id (a folder of the same board). */
export const folders = pgTable(
  'folders',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    name: text('name').notNull(),
    color: text('color'),
    attributeIds: text('attribute_ids').array().notNull().default(sql`'{}'::text[]`),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull().default({}),
    sortOrder: text('sort_order'),
    ...recordColumns(),
  },
  (t) => [index('folders_team_board_idx').on(t.teamId, t.boardId, t.sortOrder)],
);

export type BoardRow = typeof boards.$inferSelect;
export type FolderRow = typeof folders.$inferSelect;
