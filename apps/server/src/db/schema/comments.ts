import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { boards } from './boards';
import { items } from './items';
import { recordColumns, ts } from './record-columns';
import { teams } from './teams';
import { users } from './users';

/**
 * Comments on items (spec section 3), synced records like items: a client-made UUID, soft delete
 * and row_version compare-and-set. `parent_id` is the root comment a reply answers (replies are one
 * level deep). `html` is sanitised on every write; `mentions` are the user ids its mention
 * elements name, kept for notifications and lists. The folder is the item's: read through it.
 */
export const comments = pgTable(
  'comments',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    parentId: text('parent_id'),
    html: text('html').notNull(),
    mentions: jsonb('mentions').$type<number[]>().notNull().default([]),
    pinned: boolean('pinned').notNull().default(false),
    pinnedAt: ts('pinned_at'),
    editedAt: ts('edited_at'),
    /**
     * The name a visitor of a public board gave with their comment (docs/public-boards.md): the
     * comment is written in the name of the member who shared the board, and shown as theirs.
     */
    visitorName: text('visitor_name'),
    ...recordColumns(),
  },
  (t) => [
    // An item's root comments, pinned first and newest first, are one range of this index.
    index('comments_team_item_idx')
      .on(t.teamId, t.itemId, t.pinned, t.createdAt, t.id)
      .where(sql`${t.deletedAt} IS NULL AND ${t.parentId} IS NULL`),
    index('comments_team_parent_idx')
      .on(t.teamId, t.parentId, t.createdAt)
      .where(sql`${t.parentId} IS NOT NULL`),
  ],
);

/** Emoji reactions to comments: one row per person and emoji (a toggle adds or removes it). */
export const commentReactions = pgTable(
  'comment_reactions',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    commentId: text('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reaction: text('reaction').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('comment_reactions_one_idx').on(t.commentId, t.userId, t.reaction),
    index('comment_reactions_team_comment_idx').on(t.teamId, t.commentId, t.createdAt),
  ],
);

export type CommentRow = typeof comments.$inferSelect;
export type CommentReactionRow = typeof commentReactions.$inferSelect;
