import { type SQL, sql } from 'drizzle-orm';

/**
 * The searchable text of an item, computed from its row: its string values (titles, texts, long
 * texts without their tags, e-mails, phones, custom IDs), as one text, then its document's text
 * when it has one (docs/documents.md). The search indexer writes it to `item_texts` (migration
 * 0018 filled that table with the values' part).
 */
export const ITEM_TEXT_OF_ROW = sql.raw(
  `regexp_replace(jsonb_path_query_array("items"."values", '$.* ? (@.data.type() == "string").data')::text, '<[^>]*>|&[#0-9a-zA-Z]+;|\\\\[nrt"\\\\]', ' ', 'g')` +
    ` || coalesce(' ' || (SELECT "item_documents"."text" FROM "item_documents" WHERE "item_documents"."item_id" = "items"."id" AND "item_documents"."team_id" = "items"."team_id"), '')`,
);

/**
 * What search matches: an item's stored text, a comment's HTML without tags. These are the
 * expressions migrations 0015 and 0018 index, written out as raw SQL so that PostgreSQL sees the
 * same expression and uses the index: a parameter in their place would not match it.
 */
export const ITEM_TEXT = sql.raw(`"item_texts"."text"`);
export const COMMENT_TEXT = sql.raw(`regexp_replace("comments"."html", '<[^>]*>|&[#0-9a-zA-Z]+;', ' ', 'g')`);

/** The full-text vector of a text expression, as the indexes build it. */
export const vectorOf = (text: SQL) => sql`to_tsvector('simple'::regconfig, ${text})`;
