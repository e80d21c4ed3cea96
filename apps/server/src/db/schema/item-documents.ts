import { customType, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { items } from './items';
import { ts } from './record-columns';
import { teams } from './teams';

/** Binary column: the Yjs document as one update (`Y.encodeStateAsUpdate`). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => new Uint8Array(value),
});

/**
 * The document body of an item (docs/documents.md): the co-edited Yjs document as it was last
 * stored, and the sanitised HTML made from it for search, export and the public surfaces.
 */
export const itemDocuments = pgTable('item_documents', {
  itemId: text('item_id')
    .primaryKey()
    .references(() => items.id, { onDelete: 'cascade' }),
  teamId: integer('team_id')
    .notNull()
    .references(() => teams.id, { onDelete: 'cascade' }),
  state: bytes('state').notNull(),
  html: text('html').notNull().default(''),
  /** The HTML's text, without tags: what search matches (folded into the item's text, item_texts). */
  text: text('text').notNull().default(''),
  /** Who stored this state last (the last editor of the debounced save). */
  updatedBy: integer('updated_by'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

export type ItemDocumentRow = typeof itemDocuments.$inferSelect;

/**
 * Earlier states of an item's document (docs/documents.md, "History"): a checkpoint at most every
 * DOCUMENT_VERSION_EVERY_MS of editing, and one before every restore, the newest
 * DOCUMENT_VERSIONS_KEPT of each item kept.
 */
export const itemDocumentVersions = pgTable(
  'item_document_versions',
  {
    id: text('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    itemId: text('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    state: bytes('state').notNull(),
    html: text('html').notNull().default(''),
    text: text('text').notNull().default(''),
    /** Whose save it was (the last editor then). */
    createdBy: integer('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('item_document_versions_item_idx').on(t.teamId, t.itemId, t.createdAt)],
);

export type ItemDocumentVersionRow = typeof itemDocumentVersions.$inferSelect;
