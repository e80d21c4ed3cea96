import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { boards } from './boards';
import { teams } from './teams';
import { users } from './users';

/**
 * Who unlocked which password-protected board, until when (docs/board-password.md): one row per
 * user and board, renewed by each unlock, all of a board's cleared when its password changes.
 */
export const boardUnlocks = pgTable(
  'board_unlocks',
  {
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    boardId: text('board_id')
      .notNull()
      .references(() => boards.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.boardId, t.userId] }),
    index('board_unlocks_team_user_idx').on(t.teamId, t.userId),
  ],
);

export type BoardUnlockRow = typeof boardUnlocks.$inferSelect;
