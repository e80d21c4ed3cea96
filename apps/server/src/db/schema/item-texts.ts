import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { items } from './items';
import { teams } from './teams';

/**
 * The searchable text of each item (its string values, tags and entities removed), kept apart
 * from the item's row so that the search indexes over it cost nothing to writes that change no
 * text: a number, a status or a move. Written after commit by the search indexer from the outbox
 * (docs/search.md); `row_version` is the item's as it was read, so a slower writer never puts an
 * older text over a newer one.
 */
export const itemTexts = pgTable(
  'item_texts',
  {
    itemId: text('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    rowVersion: integer('row_version').notNull(),
    text: text('text').notNull(),
  },
  // The search indexes over `text` are expressions, made by migration 0018.
  (t) => [index('item_texts_team_idx').on(t.teamId)],
);
