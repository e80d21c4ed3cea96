import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ts } from './record-columns';
import { teams } from './teams';
import { folderViews } from './views';

/**
 * One answer taken by a public form (docs/forms.md): the item it made, and the hash of the
 * proof-of-work token it came with, unique, so that a solved challenge is spent once on every
 * process. A form's answers are counted here for its "close after N answers".
 */
export const formAnswers = pgTable(
  'form_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    viewId: text('view_id')
      .notNull()
      .references(() => folderViews.id, { onDelete: 'cascade' }),
    itemId: text('item_id').notNull(),
    /** The signed-in person who answered; null for an anonymous visitor. */
    userId: integer('user_id'),
    challengeHash: text('challenge_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('form_answers_challenge_idx').on(t.challengeHash),
    index('form_answers_view_idx').on(t.teamId, t.viewId),
  ],
);

export type FormAnswerRow = typeof formAnswers.$inferSelect;
